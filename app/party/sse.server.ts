/**
 * A room's events as server-sent events (issue 14 §6): the browser's
 * EventSource reconnects by itself after `retry` ms and sends the last `id:`
 * it saw as Last-Event-ID, so a reconnection replays exactly what it missed
 * from the room's log (the hub's subscribe with that seq).
 */
import type { PartyEvent } from "./events.server";
import type { PartyHub } from "./hub.server";

export const SSE_RETRY_MS = 2_000;
export const SSE_HEARTBEAT_MS = 15_000;
/**
 * Bytes waiting for a reader that does not keep up before its stream is
 * closed: memory stays bounded, and the browser reconnects and replays from
 * the table what it had not taken.
 */
export const SSE_MAX_QUEUED_BYTES = 1024 * 1024;

export interface PartyEventStreamOptions {
  request: Request;
  hub: PartyHub;
  partyId: string;
  afterSeq: number;
  heartbeatMs?: number;
  /** Called with every heartbeat (e.g. to mark the listener present). */
  onHeartbeat?: () => void | Promise<void>;
  /** Called once when the stream ends, however it ends. */
  onClose?: () => void | Promise<void>;
  headers?: HeadersInit;
}

const encoder = new TextEncoder();
// One room's event goes to every stream of the room on this instance as the
// same object: encode it once, not once per listener.
const encoded = new WeakMap<PartyEvent, Uint8Array>();

function encodeEvent(event: PartyEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    // A line break in the type would end the field early (types are ours, but the framing must hold).
    const type = event.type.replace(/[\r\n]/g, " ");
    bytes = encoder.encode(`id: ${event.seq}\nevent: ${type}\ndata: ${JSON.stringify(event)}\n\n`);
    encoded.set(event, bytes);
  }
  return bytes;
}

const PING = encoder.encode(": ping\n\n");

/** A text/event-stream Response of the party's events after `afterSeq`, open until the request is aborted. */
export function partyEventStream(options: PartyEventStreamOptions): Response {
  const { request, hub, partyId, afterSeq } = options;
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS;
  let finish: (() => void) | undefined;

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        let timer: ReturnType<typeof setInterval> | undefined;
        let unsubscribe: (() => void) | undefined;

        const send = (bytes: Uint8Array) => {
          if (!open) return;
          if ((controller.desiredSize ?? 0) < -SSE_MAX_QUEUED_BYTES) {
            finish?.();
            return;
          }
          controller.enqueue(bytes);
        };

        // Runs once, from an abort, a cancel, a slow reader or a hub that closed.
        finish = () => {
          if (!open) return;
          open = false;
          clearInterval(timer);
          unsubscribe?.();
          request.signal.removeEventListener("abort", onAbort);
          try {
            controller.close();
          } catch {
            // Already cancelled by the reader.
          }
          callSafely("onClose", options.onClose);
        };
        const onAbort = () => finish?.();

        // The reconnection delay first, so a browser that loses us does not hammer the server.
        controller.enqueue(encoder.encode(`retry: ${SSE_RETRY_MS}\n\n`));
        if (request.signal.aborted) {
          finish();
          return;
        }
        request.signal.addEventListener("abort", onAbort, { once: true });
        unsubscribe = hub.subscribe(partyId, afterSeq, (event) => send(encodeEvent(event)), { onEnd: () => finish?.() });
        // Proxies and load balancers close connections that stay silent; the
        // comment line keeps it open and tells us the client is still there.
        timer = setInterval(() => {
          send(PING);
          callSafely("onHeartbeat", options.onHeartbeat);
        }, heartbeatMs);
      },
      cancel() {
        finish?.();
      },
    },
    // Counted in bytes, so the slow-reader limit above is a size.
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );

  const headers = new Headers(options.headers);
  headers.set("Content-Type", "text/event-stream; charset=utf-8");
  // no-transform: the compression middleware (and proxies) leave the stream
  // alone; gzip would hold events back in its buffer.
  headers.set("Cache-Control", "no-store, no-transform");
  // nginx would otherwise buffer the response and deliver events in bursts.
  headers.set("X-Accel-Buffering", "no");
  headers.set("Connection", "keep-alive");
  return new Response(body, { status: 200, headers });
}

function callSafely(name: string, callback: (() => void | Promise<void>) | undefined) {
  if (!callback) return;
  try {
    Promise.resolve(callback()).catch((error) => console.error(`Party event stream: ${name} failed: ${(error as Error).message}`));
  } catch (error) {
    console.error(`Party event stream: ${name} failed: ${(error as Error).message}`);
  }
}

/**
 * The seq a stream should resume after: the Last-Event-ID header an
 * EventSource sends when it reconnects (it wins: the URL still carries the
 * first connection's ?after=), else ?after=; 0 when neither is a non-negative
 * safe integer.
 */
export function parseLastEventId(request: Request, url: URL | string = request.url): number {
  const header = request.headers.get("Last-Event-ID");
  const fromHeader = header === null ? undefined : parseSeq(header);
  if (fromHeader !== undefined) return fromHeader;
  const after = new URL(url).searchParams.get("after");
  return (after === null ? undefined : parseSeq(after)) ?? 0;
}

function parseSeq(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const seq = Number(trimmed);
  return Number.isSafeInteger(seq) ? seq : undefined;
}
