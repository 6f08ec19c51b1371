/**
 * Streaming SSR. Bots and no-JS crawlers get the whole document at once; every
 * script carries the request's CSP nonce from server.ts.
 *
 * React writes the document in 2 kB pieces; `coalescedBody` hands each burst
 * of synchronous writes (the whole shell, then each streamed boundary) on as
 * one chunk, so the response is a handful of writes instead of dozens (each
 * of which would otherwise cost a stream hop, a socket write and, when the
 * browser accepts gzip, a compression flush).
 */
import type { Writable as WritableType } from "node:stream";
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/platform/nonce";
import { reportServerError } from "~/enhance/monitoring/sentry.server";

export const streamTimeout = 5_000;

/**
 * A web ReadableStream fed by a Node Writable (what React pipes into). Writes
 * made in the same turn are joined and enqueued once, in a microtask, so
 * nothing waits longer than the current synchronous render pass.
 */
function coalescedBody(onCancel: () => void): { readable: ReadableStream<Uint8Array>; writable: WritableType } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let scheduled = false;
  let closed = false;

  const flush = () => {
    scheduled = false;
    if (closed || pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    controller.enqueue(chunk);
  };

  const readable = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
      pending = [];
      onCancel();
    },
  });

  const writable = new Writable({
    // No 'close' event: React would take it for a client gone away and abort
    // the finished render (and end() the stream a second time, which throws).
    // A real disconnect reaches React through cancel() -> onCancel.
    emitClose: false,
    write(chunk: Uint8Array, _encoding, callback) {
      if (!closed) {
        pending.push(chunk);
        pendingBytes += chunk.byteLength;
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(flush);
        }
      }
      callback();
    },
    final(callback) {
      flush();
      if (!closed) {
        closed = true;
        controller.close();
      }
      callback();
    },
    destroy(error, callback) {
      if (!closed) {
        closed = true;
        if (error) controller.error(error);
        else controller.close();
      }
      callback(error);
    },
  });
  return { readable, writable };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? "";
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Gives up on boundaries still pending after the stream timeout. Cleared as
    // soon as everything has rendered, so a finished request is not kept in
    // memory (with its whole render state) until the timer fires.
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const respond = () => {
      shellRendered = true;
      const body = coalescedBody(() => abort());
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(body.readable, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body.writable);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          clearTimeout(timeout);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
  // Sentry, when SENTRY_DSN is set (scrubbed, tagged with the request's role: docs/decisions/0096).
  reportServerError(error, request);
};
