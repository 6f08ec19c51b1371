/**
 * Request body size limits, enforced before anything buffers a body
 * (security review item 4; docs/decisions/0035-request-limits-and-input-hygiene.md).
 *
 * Remix reads an action's form whole into memory (request.formData()), so
 * without a cap four anonymous 100 MB posts cost a gigabyte and stall the
 * event loop for every other request. server.ts mounts `limitRequestBodies()`
 * ahead of everything that could read a body:
 *
 * - a Content-Length above the cap: 413 at once, without reading the body,
 *   with `Connection: close` so the rest of it is not drained;
 * - a body without Content-Length (chunked): counted as it streams past (a
 *   listener beside the reader, nothing kept) and cut off with 413 as soon as
 *   it passes the cap; the reader (Remix's body stream) fails at once, so no
 *   action runs on it. Counting needs no buffering, so chunked bodies are
 *   not refused with 411.
 *
 * Either way the connection is then closed after a short, bounded linger
 * (LINGER), so the client gets to read its 413.
 *
 * Caps come from BODY_LIMITS alone.
 */
import type { ErrorRequestHandler, NextFunction, Request, Response } from "express";

const MiB = 1024 * 1024;

export interface BodyLimits {
  /** The cap of every body no prefix below names: forms, about 1 MB. */
  defaultBytes: number;
  /** Routes with their own cap (upload routes), by path prefix; the longest matching prefix wins. */
  byPathPrefix: readonly { prefix: string; maxBytes: number }[];
  /** Routes a prefix cannot single out (a segment in the middle), by whole-path pattern; checked first. */
  byPathPattern?: readonly { pattern: RegExp; maxBytes: number }[];
}

/**
 * THE body caps. An upload route adds its prefix here with the largest file
 * it takes (AUDIO_MAX_BYTES, IMAGE_MAX_BYTES in app/catalog/constants.ts)
 * plus room for its other fields and the multipart framing. An upload route
 * either streams its body to disk or, as /showcase does (ADR 0064), reads it
 * in memory with request.formData(), which this cap bounds.
 */
export const BODY_LIMITS: BodyLimits = {
  defaultBytes: 1 * MiB,
  byPathPrefix: [
    // The showcase upload: AUDIO_MAX_BYTES (50 MiB, app/catalog/constants.ts; platform code cannot
    // import it) plus 1 MiB for the title and the multipart framing. Read in memory by
    // request.formData() under this cap: docs/decisions/0064-showcase.md.
    { prefix: "/showcase", maxBytes: 51 * MiB },
    // The application's sample-track upload on the applicant's dashboard: the same file limit
    // (AUDIO_MAX_BYTES) plus 1 MiB for the other fields and the framing, read the same way
    // (docs/decisions/0070-applications.md).
    { prefix: "/dashboard", maxBytes: 51 * MiB },
    // The profile pages' picture upload: IMAGE_MAX_BYTES (5 MiB) plus 3 MiB for the other
    // fields, the framing and a picture a little over the limit (refused by the form with a
    // field error that says the limit, rather than a bare 413). Read in memory by
    // request.formData() under this cap: docs/decisions/0060-avatars.md.
    // Song submissions (issue 11): AUDIO_MAX_BYTES plus 2 MiB for the metadata, lyrics (20,000
    // characters), six credit rows and the framing. Read in memory like the showcase's:
    // docs/decisions/0075-song-submissions.md.
    { prefix: "/submissions", maxBytes: 52 * MiB },
    // An alternate version's audio on /admin/catalog/{songId} (ADR 0082): AUDIO_MAX_BYTES plus 1 MiB
    // for the kind and the framing, read in memory like the showcase's.
    { prefix: "/admin/catalog", maxBytes: 51 * MiB },
    { prefix: "/profile", maxBytes: 8 * MiB },
    // /admin/audio without JavaScript: one audio file whole (AUDIO_MAX_BYTES, 50 MiB) plus 1 MiB,
    // read in memory like the showcase's. With JavaScript the tus endpoint below takes the bytes in
    // chunks of TUS_CHUNK_BYTES (5 MiB, app/audio-uploads/constants.ts) plus 1 MiB of room; its
    // files (up to TUS_MAX_BYTES) are streamed to disk, never held whole by a request
    // (docs/decisions/0085-audio-uploads-tus-drafts.md).
    { prefix: "/admin/audio", maxBytes: 51 * MiB },
    { prefix: "/api/admin/audio/uploads", maxBytes: 6 * MiB },
    { prefix: "/mobile-profile", maxBytes: 8 * MiB },
    // Smaller, not larger: a beacon of page views and web vitals (ADR 0096) is at most 20 short
    // entries, a few KiB; anything near the default cap is not one.
    { prefix: "/api/vitals", maxBytes: 16 * 1024 },
  ],
  byPathPattern: [
    // A camp session's rough audio on /camps/{campId}/sessions/{sessionId} (issue 13, ADR 0090):
    // AUDIO_MAX_BYTES plus 1 MiB for the title, the notes and the framing, read in memory like the
    // showcase's. Only the session page: the other /camps forms (answering an invitation) keep 1 MiB.
    { pattern: /^\/camps\/[^/]+\/sessions\/[^/]+(?:\.data)?$/, maxBytes: 51 * MiB },
  ],
};

export const TOO_LARGE_MESSAGE = "The request is too large.";

/** The path a request addresses as the router will see it: dot segments resolved, like the URL parser Remix uses. */
function routedPath(target: string): string {
  try {
    return new URL(target, "http://x").pathname;
  } catch {
    return target;
  }
}

/**
 * The cap for a request to `target` (path and query as received). A prefix
 * covers itself, the paths under it and its single-fetch data URL
 * ("/admin/upload.data"). Matching is on the routed path, so
 * "/admin/upload/../../auth" cannot borrow an upload cap for /auth.
 */
export function bodyLimitFor(target: string, limits: BodyLimits = BODY_LIMITS): number {
  const path = routedPath(target);
  const matched = limits.byPathPattern?.find((entry) => entry.pattern.test(path));
  if (matched) return matched.maxBytes;
  let best: { prefix: string; maxBytes: number } | undefined;
  for (const entry of limits.byPathPrefix) {
    const covers = path === entry.prefix || path === `${entry.prefix}.data` || path.startsWith(`${entry.prefix}/`);
    if (covers && (!best || entry.prefix.length > best.prefix.length)) best = entry;
  }
  return best?.maxBytes ?? limits.defaultBytes;
}

/**
 * After a refusal the client is usually still sending the body. Closing a
 * socket with unread input makes the kernel answer with a reset, and many
 * clients (Node's among them) then report the reset instead of the 413 they
 * were sent. So, like nginx's lingering close, the server half-closes (FIN
 * after the answer) and reads and discards what still comes, at most this
 * much (then it stops reading, so the sender stalls), and closes after this
 * long.
 */
const LINGER = { ms: 2_000, bytes: 1 * MiB };

/** Responses this module refused (a later error from the body's reader is expected there, not news). */
const refused = new WeakSet<Response>();

function closeAfterLingering(req: Request, res: Response) {
  const socket = req.socket;
  let closing = false;
  // Node ends a "Connection: close" response's connection with destroySoon(), which
  // destroys the socket as soon as the answer is written: linger instead.
  socket.destroySoon = function lingeringClose() {
    if (closing) return;
    closing = true;
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER.ms);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  let discarded = 0;
  const discardRest = () => {
    // Whoever read the body (Remix's stream, failed by now) or counted it is done with it.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      // Enough read: stop reading rather than reset. The client's sending then stalls on a
      // full window, and the linger timer closes the socket. A reset now could reach a busy
      // client before it has read its 413, and its kernel would then throw the answer away.
      if (discarded > LINGER.bytes) req.pause();
    });
    req.resume();
    // A response Remix had already sent kept the connection open: close it the same way.
    socket.destroySoon();
  };
  if (res.writableFinished) discardRest();
  else res.once("finish", discardRest);
}

function refuse(req: Request, res: Response) {
  if (refused.has(res)) return;
  refused.add(res);
  closeAfterLingering(req, res);
  if (res.headersSent) return;
  // Connection: close, or Node would read the rest of the body to keep the connection for another request.
  res.status(413).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" }).send(TOO_LARGE_MESSAGE);
}

/** Express middleware: the body caps of BODY_LIMITS (see the module comment). */
export function limitRequestBodies(limits: BodyLimits = BODY_LIMITS) {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (!chunked && Number(declared ?? 0) === 0) return next();
    const cap = bodyLimitFor(req.originalUrl, limits);
    // Node's parser has checked that Content-Length is digits and refuses it beside Transfer-Encoding.
    if (declared !== undefined && Number(declared) > cap) return refuse(req, res);

    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= cap) return;
      req.off("data", count);
      // Fail the reader first (Remix's body stream ends on an "error" event), so no
      // action runs on a body cut short or past its cap.
      if (req.listenerCount("error") > 0) req.emit("error", new Error(TOO_LARGE_MESSAGE));
      refuse(req, res);
    };
    req.on("data", count);
    // Listening to "data" would start the flow before anyone reads the body, and chunks
    // emitted then would be lost to the reader: pause, so the body flows when the reader
    // (Remix's stream, which resumes it) asks, and both see every chunk.
    req.pause();
    // The answer can be out before the body is all in (a guard redirects before the action
    // reads the form). Nobody reads the rest then: discard it, still counted, so an endless
    // body is cut off at the cap. (Node's own drain would read it all.)
    res.once("finish", () => {
      if (req.complete || refused.has(res)) return;
      req.removeAllListeners("data");
      req.on("data", count);
      req.resume();
    });
    next();
  };
}

/**
 * Express error handler, after Remix: when a chunked body was cut off, the
 * action reading it fails and Remix's adapter then fails to write over the
 * 413 already sent. That error is the expected end of a refused request;
 * any other goes on to Express's handler.
 */
export function ignoreErrorsOfRefusedRequests(): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (refused.has(res)) return;
    next(error);
  };
}
