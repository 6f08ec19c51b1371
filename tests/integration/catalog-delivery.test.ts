/**
 * Audio delivery over real HTTP: the signed-URL route and the fresh-URL API,
 * mounted in Express with compression in front (as server.ts does), serving
 * real files from a real song stored through the upload path.
 */
import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as storageLoader } from "~/routes/catalogue/signed-file";
import { loader as audioUrlLoader } from "~/routes/catalogue/audio-url";
import { createSongWithFiles } from "~/catalog/upload.server";
import { encodeWav } from "~/demo/audio-wav";
import { renderArtworkPng } from "~/demo/songs-artwork";
import { LocalStorage } from "~/platform/storage/local.server";
import { storage } from "~/platform/storage/index.server";
import { getRuntime } from "~/platform/runtime.server";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";

let database: TestDatabase;
let dataDir: string;
let server: http.Server;
let base: string;
let songId: string;
let archivedId: string;
let audioPath: string;
let audio: Uint8Array;

type Loader = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<Response>;

function mount(app: express.Express, route: string, loader: Loader, params: (req: express.Request) => Record<string, string>) {
  app.all(route, async (req, res, next) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`${base}${req.originalUrl}`, { method: req.method, headers });
      const response = await loader({ request, params: params(req), context: {} });
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      if (response.body && req.method !== "HEAD") Readable.fromWeb(response.body as never).pipe(res);
      else res.end();
    } catch (error) {
      next(error);
    }
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-delivery-"));
  useTestRuntime(database, { DATA_DIR: dataDir });
  const samples = new Float32Array(22_050 * 2).map((_, i) => Math.sin(i / 10) * 0.5);
  audio = encodeWav(samples, 22_050);
  const credits = [{ memberId: null, name: "Ellie Hart", role: "writer" as const, split: 100 }];
  const song = { title: "Range Test", genre: "Pop", moods: ["warm"], bpm: 100, musicalKey: "C major", credits };
  ({ songId } = await createSongWithFiles({ db: database.db, song, audio, artwork: renderArtworkPng(1) }));
  ({ songId: archivedId } = await createSongWithFiles({ db: database.db, song: { ...song, title: "Old Take", status: "archived" }, audio }));
  audioPath = (await database.db.selectFrom("songs").select("audio_path").where("id", "=", songId).executeTakeFirstOrThrow()).audio_path;

  const app = express();
  app.use(compression());
  mount(app, "/storage/v1/object/sign/:bucket/*", storageLoader as Loader, (req) => ({ bucket: req.params.bucket, "*": (req.params as Record<string, string>)[0] }));
  mount(app, "/api/songs/:songId/audio-url", audioUrlLoader as Loader, (req) => ({ songId: req.params.songId }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signedUrl(): Promise<string> {
  return base + (await storage().createSignedUrl("audio", audioPath));
}

describe("signed audio URLs over HTTP", () => {
  it("serves the whole file with its type, length, validators and caching rules", async () => {
    const response = await fetch(await signedUrl(), { headers: { "accept-encoding": "gzip, br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-length")).toBe(String(audio.byteLength));
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers.get("last-modified")).toBeTruthy();
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control")!)?.[1]);
    expect(maxAge).toBeGreaterThan(SIGNED_URL_TTL_S - 10);
    expect(maxAge).toBeLessThanOrEqual(SIGNED_URL_TTL_S);
    expect(response.headers.get("cache-control")).toContain("private");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(audio));
  });

  it("answers a Range request for the middle of the file with 206 and exactly those bytes", async () => {
    const response = await fetch(await signedUrl(), { headers: { range: "bytes=1000-1999" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 1000-1999/${audio.byteLength}`);
    expect(response.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(audio.subarray(1000, 2000)));
  });

  it("answers Safari's bytes=0-1 probe, open-ended and suffix ranges", async () => {
    const probe = await fetch(await signedUrl(), { headers: { range: "bytes=0-1" } });
    expect(probe.status).toBe(206);
    expect(Buffer.from(await probe.arrayBuffer())).toEqual(Buffer.from("RI"));
    const tail = await fetch(await signedUrl(), { headers: { range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(Buffer.from(audio.subarray(audio.byteLength - 10)));
    const rest = await fetch(await signedUrl(), { headers: { range: `bytes=${audio.byteLength - 5}-` } });
    expect(rest.headers.get("content-range")).toBe(`bytes ${audio.byteLength - 5}-${audio.byteLength - 1}/${audio.byteLength}`);
    expect((await rest.arrayBuffer()).byteLength).toBe(5);
  });

  it("answers 416 with the size for a range past the end", async () => {
    const response = await fetch(await signedUrl(), { headers: { range: `bytes=${audio.byteLength}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${audio.byteLength}`);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 304 to If-None-Match and If-Modified-Since, and ignores a stale If-Range", async () => {
    const url = await signedUrl();
    const first = await fetch(url);
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    const notModified = await fetch(url, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect((await notModified.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(url, { headers: { "if-modified-since": first.headers.get("last-modified")! } })).status).toBe(304);
    expect((await fetch(url, { headers: { "if-none-match": '"something-else"' } })).status).toBe(200);
    const staleRange = await fetch(url, { headers: { range: "bytes=0-1", "if-range": '"old"' } });
    expect(staleRange.status).toBe(200);
    expect((await staleRange.arrayBuffer()).byteLength).toBe(audio.byteLength);
  });

  it("answers HEAD with the headers only", async () => {
    const response = await fetch(await signedUrl(), { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(audio.byteLength));
  });

  it("refuses unsigned and tampered URLs with 403 and expired ones with 410", async () => {
    const url = new URL(await signedUrl());
    const token = url.searchParams.get("token")!;
    const plain = `${base}/storage/v1/object/sign/audio/${audioPath}`;
    expect((await fetch(plain)).status).toBe(403);
    expect((await fetch(`${plain}?token=`)).status).toBe(403);
    const [expiry, mac] = token.split(".");
    expect((await fetch(`${plain}?token=${Number(expiry) + 3600}.${mac}`)).status).toBe(403);
    expect((await fetch(`${plain}?token=${expiry}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`)).status).toBe(403);
    // The token of one object does not open another.
    const artworkPath = (await database.db.selectFrom("songs").select("artwork_path").where("id", "=", songId).executeTakeFirstOrThrow()).artwork_path!;
    expect((await fetch(`${base}/storage/v1/object/sign/artwork/${artworkPath}?token=${token}`)).status).toBe(403);

    const past = new LocalStorage({ root: path.join(dataDir, "storage"), secret: getRuntime().sessionSecret, now: () => new Date(Date.now() - 2 * SIGNED_URL_TTL_S * 1000) });
    const expired = await fetch(base + (await past.createSignedUrl("audio", audioPath)));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("expired");
  });

  it("refuses paths that leave the bucket, and answers 404 for a signed URL to nothing", async () => {
    expect((await fetch(`${base}/storage/v1/object/sign/audio/a/..%2F..%2Fsecret?token=1.x`)).status).toBe(400);
    expect((await fetch(`${base}/storage/v1/object/sign/audio/a%5Cb?token=1.x`)).status).toBe(400);
    const missing = await fetch(base + (await storage().createSignedUrl("audio", "catalogue/none.wav")));
    expect(missing.status).toBe(404);
  });

  it("serves the artwork as a PNG that cannot run as a page", async () => {
    const artworkPath = (await database.db.selectFrom("songs").select("artwork_path").where("id", "=", songId).executeTakeFirstOrThrow()).artwork_path!;
    const response = await fetch(base + (await storage().createSignedUrl("artwork", artworkPath)));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("GET /api/songs/<id>/audio-url", () => {
  it("gives a fresh signed URL for a catalogue song, never cached, that plays", async () => {
    const response = await fetch(`${base}/api/songs/${songId}/audio-url`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^/storage/v1/object/sign/audio/${audioPath.replace(/[.]/g, "\\.")}\\?token=`));
    const media = await fetch(base + url, { headers: { range: "bytes=0-3" } });
    expect(media.status).toBe(206);
    expect(Buffer.from(await media.arrayBuffer()).toString()).toBe("RIFF");
  });

  it("answers 404 for archived, unknown and malformed song ids (for visitors)", async () => {
    expect((await fetch(`${base}/api/songs/${archivedId}/audio-url`)).status).toBe(404);
    expect((await fetch(`${base}/api/songs/00000000-0000-4000-8000-000000000000/audio-url`)).status).toBe(404);
    const malformed = await fetch(`${base}/api/songs/not-a-song/audio-url`);
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toEqual({ error: "Song not found" });
  });
});
