/**
 * What the developer tools show (SPEC §9: at most 1000 logs and 500 network
 * requests): two ring buffers in this tab's memory, nothing sent anywhere.
 *
 * - Logs: every createDebug line (debug.ts) is always recorded here, printed
 *   or not; once capture starts, so are console.warn and console.error, the
 *   window's uncaught errors and unhandled promise rejections.
 * - Network: once capture starts, every request made with window.fetch
 *   (Remix's .data navigations and revalidations, the player's audio URLs,
 *   the app's JSON endpoints): method, URL with its secrets redacted, status,
 *   duration to the response's headers, and its Server-Timing header.
 *
 * Capture starts when the dev tools panel mounts or debug logging is on
 * (debug.ts), never otherwise: a normal visit's fetch and console stay the
 * browser's own. It cannot be stopped short of a reload (wrappers stacked by
 * others could not be unwound safely).
 */
import { redactUrl } from "~/platform/http/redact-url";

export const LOG_LIMIT = 1000;
export const NETWORK_LIMIT = 500;
/** Longest text kept per log line or detail: a huge object logged by mistake must not fill memory. */
const TEXT_LIMIT = 2000;

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface LogEntry {
  id: number;
  /** Epoch ms. */
  time: number;
  level: LogLevel;
  /** The debug name ("player", "navigation"), or "console" / "window" for captured ones. */
  source: string;
  message: string;
  /** Extra arguments, as text. */
  details: string;
}

export interface NetworkEntry {
  id: number;
  /** Epoch ms when the request started. */
  time: number;
  method: string;
  /** Path and query for this origin, the whole URL otherwise; secrets redacted. */
  url: string;
  /** null while pending, or when the request failed before a response. */
  status: number | null;
  /** Until the response's headers arrived; null while pending. */
  durationMs: number | null;
  /** The response's Server-Timing header (loader timings), when it had one. */
  serverTiming: string | null;
  /** Why no response came (network failure, abort). */
  error: string | null;
}

type Listener = () => void;

/** A fixed-size buffer that drops its oldest entry when full; its snapshot changes identity only on change. */
export class RingStore<T extends { id: number }> {
  private items: T[] = [];
  private snapshot: readonly T[] = [];
  private stale = false;
  private readonly listeners = new Set<Listener>();
  private nextId = 1;

  constructor(readonly limit: number) {}

  add(entry: Omit<T, "id">): T {
    const item = { ...entry, id: this.nextId++ } as T;
    this.items.push(item);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
    this.changed();
    return item;
  }

  /** Replaces an entry still in the buffer (a request that finished); nothing if it was dropped. */
  update(id: number, changes: Partial<T>): void {
    const index = this.items.findIndex((item) => item.id === id);
    if (index === -1) return;
    this.items[index] = { ...this.items[index]!, ...changes, id };
    this.changed();
  }

  clear(): void {
    this.items = [];
    this.changed();
  }

  /** Oldest first. The same array until something changes (useSyncExternalStore). */
  getSnapshot = (): readonly T[] => {
    if (this.stale) {
      this.snapshot = [...this.items];
      this.stale = false;
    }
    return this.snapshot;
  };

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private changed() {
    this.stale = true;
    for (const listener of [...this.listeners]) listener();
  }
}

export const logStore = new RingStore<LogEntry>(LOG_LIMIT);
export const networkStore = new RingStore<NetworkEntry>(NETWORK_LIMIT);

const clip = (text: string) => (text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text);

/** One value as readable text (errors by name and message, objects as JSON, cycles tolerated). */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return clip(value);
  if (value instanceof Error) return clip(`${value.name}: ${value.message}`);
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return String(value);
  try {
    return clip(JSON.stringify(value) ?? String(value));
  } catch {
    return clip(String(value));
  }
}

export function recordLog(level: LogLevel, source: string, message: unknown, details: readonly unknown[] = []): void {
  logStore.add({
    time: Date.now(),
    level,
    source,
    message: describeValue(message),
    details: clip(details.map(describeValue).join(" ")),
  });
}

/** The URL as the panel shows it: this origin's path and query, or the whole URL; secrets redacted. */
export function displayUrl(url: string, base: string): string {
  try {
    const parsed = new URL(url, base);
    const own = parsed.origin === new URL(base).origin;
    return redactUrl(own ? parsed.pathname + parsed.search : parsed.origin + parsed.pathname + parsed.search);
  } catch {
    return redactUrl(url);
  }
}

/** What the wrapper reads of a fetch call's arguments. */
function requestOf(input: RequestInfo | URL, init?: RequestInit): { method: string; url: string } {
  const fromRequest = typeof Request !== "undefined" && input instanceof Request ? input : null;
  const method = (init?.method ?? fromRequest?.method ?? "GET").toUpperCase();
  const url = fromRequest ? fromRequest.url : input instanceof URL ? input.href : String(input);
  return { method, url };
}

/** window.fetch, recording each request in the network store; otherwise exactly the original. */
export function recordingFetch(original: typeof fetch, base: () => string): typeof fetch {
  return async function recordedFetch(input: RequestInfo | URL, init?: RequestInit) {
    const { method, url } = requestOf(input, init);
    const started = performance.now();
    const entry = networkStore.add({
      time: Date.now(),
      method,
      url: displayUrl(url, base()),
      status: null,
      durationMs: null,
      serverTiming: null,
      error: null,
    });
    try {
      // The browser's fetch throws "Illegal invocation" unless called on the window.
      const response = await original.call(globalThis, input, init);
      networkStore.update(entry.id, {
        status: response.status,
        durationMs: performance.now() - started,
        serverTiming: response.headers.get("server-timing"),
      });
      return response;
    } catch (error) {
      networkStore.update(entry.id, { durationMs: performance.now() - started, error: describeValue(error) });
      throw error;
    }
  };
}

let capturing = false;

/** Starts recording console warnings and errors, uncaught errors and fetch requests in this tab (once). */
export function startCapture(): void {
  if (capturing || typeof window === "undefined") return;
  capturing = true;
  for (const level of ["warn", "error"] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      recordLog(level, "console", args[0], args.slice(1));
      original.apply(console, args);
    };
  }
  window.addEventListener("error", (event) => {
    const where = event.filename ? ` (${displayUrl(event.filename, location.href)}:${event.lineno}:${event.colno})` : "";
    recordLog("error", "window", `${event.message}${where}`, event.error instanceof Error && event.error.stack ? [event.error.stack] : []);
  });
  window.addEventListener("unhandledrejection", (event) => {
    recordLog("error", "window", "Unhandled promise rejection", [event.reason]);
  });
  window.fetch = recordingFetch(window.fetch, () => location.href);
}

/** For tests: whether capture has started in this module instance. */
export function isCapturing(): boolean {
  return capturing;
}
