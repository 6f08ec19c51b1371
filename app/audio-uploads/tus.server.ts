/**
 * The resumable-upload endpoint, /api/admin/audio/uploads/* (issue 12 §7,
 * docs/decisions/0085-audio-uploads-tus-drafts.md): the tus protocol
 * (https://tus.io/protocols/resumable-upload) spoken by @tus/server, with
 * the bytes staged by @tus/file-store under DATA_DIR/uploads. The browser's
 * client is tus-js-client (app/admin/AudioUploader.tsx).
 *
 *   POST   create an upload (Upload-Length, Upload-Metadata: filename)  -> 201 Location
 *   HEAD   where an upload is (Upload-Offset): how a client resumes
 *   PATCH  append a chunk at Upload-Offset; the last one finishes it
 *   DELETE cancel (tus termination): the staged bytes go
 *
 * Who may touch an upload: the route is admin-only (defineRoute), and each
 * upload's metadata holds the id of the admin who created it, set here, never
 * by the client; anyone else gets 404 for it, as for an id that does not
 * exist. Ids are 128 random bits (the library's Uid.rand).
 *
 * When the last byte is in, the file is checked and stored like any catalogue
 * upload (sniffed, analysed, written with its rows all or nothing: see
 * drafts.server.ts) and the staged copy is removed, whatever the outcome.
 * Unfinished uploads expire TUS_STALE_AFTER_MS after their creation: a PATCH
 * then gets 410, and a sweep (on the next request, at most every
 * SWEEP_EVERY_MS, and at startup) removes them.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import type { Viewer } from "~/auth/viewer";
import { detectAudioType } from "~/catalog/media-types";
import { UPLOAD_MESSAGES, UploadRejectedError } from "~/catalog/upload.server";
import type { Database } from "~/platform/db/connect.server";
import { getRuntime, type Runtime } from "~/platform/runtime.server";
import type { StoragePort } from "~/platform/storage/port";
import { AUDIO_TEXT, TUS_ENDPOINT, TUS_MAX_BYTES, TUS_STALE_AFTER_MS } from "./constants";
import { createDraftFromAudio } from "./drafts.server";

/** How often a request may trigger the sweep of expired uploads. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** Bytes read to sniff a finished upload before reading it whole. */
const SNIFF_BYTES = 64 * 1024;
/** Upload ids as the library makes them (crypto.randomBytes(16) in hex). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Headers the draft's answer carries on the last PATCH (tus-js-client reads them from the last response). */
export const DRAFT_ID_HEADER = "Hit-Factory-Draft-Id";
export const DRAFT_TITLE_HEADER = "Hit-Factory-Draft-Title";

type Actor = Pick<Viewer, "id" | "displayName">;

interface RequestScope {
  actor: Actor;
  db: Database;
  storage: StoragePort;
}

export interface TusEndpoint {
  server: Server;
  store: FileStore;
  directory: string;
  /** Removes unfinished uploads older than TUS_STALE_AFTER_MS; returns how many. */
  sweep(): Promise<number>;
  handle(request: Request, scope: RequestScope): Promise<Response>;
}

/** A tus error the library answers with this status and body. */
const tusError = (status_code: number, body: string) => ({ status_code, body: `${body}\n` });

/** One finishing at a time: a finished upload is read whole (up to TUS_MAX_BYTES) to be analysed and stored. */
let finishing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = finishing.then(work, work);
  finishing = next.catch(() => undefined);
  return next;
}

async function readStart(file: string, length: number): Promise<Uint8Array> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
  } finally {
    await handle.close();
  }
}

export function createTusEndpoint(directory: string): TusEndpoint {
  const scopes = new WeakMap<Request, RequestScope>();
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: TUS_STALE_AFTER_MS });

  const removeStaged = (id: string) => store.remove(id).catch(() => undefined);

  async function finish(request: Request, upload: Upload) {
    const scope = scopes.get(request);
    const file = path.join(directory, upload.id);
    if (!scope) {
      await removeStaged(upload.id);
      throw tusError(500, AUDIO_TEXT.failedGeneric);
    }
    try {
      // Sniffed from the first bytes before the whole file is read: a PNG renamed .wav costs 64 KB.
      if (!detectAudioType(await readStart(file, SNIFF_BYTES))) throw tusError(415, UPLOAD_MESSAGES.notAudio);
      const draft = await oneAtATime(async () => {
        const bytes = new Uint8Array(await fs.readFile(file));
        return createDraftFromAudio({
          db: scope.db,
          storage: scope.storage,
          actor: scope.actor,
          bytes,
          fileName: upload.metadata?.filename ?? "",
          maxBytes: TUS_MAX_BYTES,
        });
      });
      return {
        status_code: 204,
        headers: { [DRAFT_ID_HEADER]: draft.songId, [DRAFT_TITLE_HEADER]: encodeURIComponent(draft.title) },
      };
    } catch (error) {
      if (error instanceof UploadRejectedError) throw tusError(422, error.message);
      throw error;
    } finally {
      // Stored or refused, the staged copy goes: nothing is left behind.
      await removeStaged(upload.id);
    }
  }

  const server = new Server({
    path: TUS_ENDPOINT,
    datastore: store,
    maxSize: TUS_MAX_BYTES,
    relativeLocation: true,
    // Same origin only (the page and the endpoint are one app): no CORS origin is granted.
    allowedOrigins: [],
    async onUploadCreate(request, upload) {
      const scope = scopes.get(request as unknown as Request);
      if (!scope) throw tusError(403, "Forbidden");
      const fileName = upload.metadata?.filename ?? "";
      // The owner comes from the session, whatever the client sent.
      return { metadata: { filename: fileName.slice(0, 1000), owner: scope.actor.id } };
    },
    async onUploadFinish(request, upload) {
      return finish(request as unknown as Request, upload);
    },
  });

  let lastSweep = 0;
  let sweeping: Promise<number> | null = null;
  // One sweep at a time: two would both try to remove the same expired upload.
  const sweep = () => {
    lastSweep = Date.now();
    sweeping ??= fs
      .mkdir(directory, { recursive: true })
      .then(() => store.deleteExpired())
      .catch((error: unknown) => {
        console.error("Sweeping expired audio uploads failed", error);
        return 0;
      })
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };

  /** The upload id a request names (the path's last segment under the endpoint), or null for the endpoint itself. */
  function uploadIdOf(request: Request): string | null | "invalid" {
    const pathname = new URL(request.url).pathname.replace(/\/+$/, "");
    if (pathname === TUS_ENDPOINT) return null;
    const rest = pathname.slice(TUS_ENDPOINT.length + 1);
    return UPLOAD_ID.test(rest) ? rest : "invalid";
  }

  const plain = (status: number, body: string, extra: Record<string, string> = {}) =>
    new Response(status === 204 ? null : `${body}\n`, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Tus-Resumable": "1.0.0", ...extra },
    });

  async function handle(request: Request, scope: RequestScope): Promise<Response> {
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) void sweep();
    const method = request.method.toUpperCase();
    const id = uploadIdOf(request);
    if (id === "invalid") return plain(404, "Not found");
    if (method === "GET") return plain(404, "Not found");
    if (id === null && method !== "POST" && method !== "OPTIONS") return plain(404, "Not found");
    if (id !== null && method === "POST") return plain(404, "Not found");
    if (id !== null) {
      const info = (await store.configstore.get(id)) as { metadata?: Record<string, string | null> } | undefined;
      // Another admin's upload is answered like one that does not exist.
      if (!info || info.metadata?.owner !== scope.actor.id) return plain(404, "Not found");
    }
    scopes.set(request, scope);
    const response = await server.handleWeb(request);
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "no-store");
    return new Response(method === "HEAD" ? null : response.body, { status: response.status, statusText: response.statusText, headers });
  }

  return { server, store, directory, sweep, handle };
}

// One endpoint per runtime (tests publish a runtime per database), staging under its DATA_DIR.
const endpoints = new WeakMap<Runtime, TusEndpoint>();

export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

export function tusEndpoint(runtime: Runtime = getRuntime()): TusEndpoint {
  let endpoint = endpoints.get(runtime);
  if (!endpoint) {
    endpoint = createTusEndpoint(uploadsDirectory(runtime.env.dataDir));
    endpoints.set(runtime, endpoint);
    void endpoint.sweep();
  }
  return endpoint;
}
