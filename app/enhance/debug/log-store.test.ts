// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOG_LIMIT, NETWORK_LIMIT, RingStore, displayUrl, isCapturing, logStore, networkStore, recordLog, recordingFetch, startCapture } from "./log-store";

afterEach(() => {
  logStore.clear();
  networkStore.clear();
  vi.restoreAllMocks();
});

describe("the ring buffers (SPEC §9: 1000 logs, 500 requests)", () => {
  it("keeps SPEC's limits", () => {
    expect(LOG_LIMIT).toBe(1000);
    expect(NETWORK_LIMIT).toBe(500);
    expect(logStore.limit).toBe(1000);
    expect(networkStore.limit).toBe(500);
  });

  it("drops the oldest entries beyond the limit, keeping order", () => {
    for (let i = 1; i <= LOG_LIMIT + 25; i += 1) recordLog("debug", "test", `line ${i}`);
    const entries = logStore.getSnapshot();
    expect(entries).toHaveLength(LOG_LIMIT);
    expect(entries[0]!.message).toBe("line 26");
    expect(entries.at(-1)!.message).toBe(`line ${LOG_LIMIT + 25}`);
  });

  it("gives the same snapshot until something changes, and tells subscribers", () => {
    const store = new RingStore<{ id: number; value: string }>(2);
    const heard = vi.fn();
    store.subscribe(heard);
    const empty = store.getSnapshot();
    expect(store.getSnapshot()).toBe(empty);
    const first = store.add({ value: "a" });
    const one = store.getSnapshot();
    expect(one).not.toBe(empty);
    expect(store.getSnapshot()).toBe(one);
    store.update(first.id, { value: "A" });
    expect(store.getSnapshot()).toEqual([{ id: first.id, value: "A" }]);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it("ignores an update to an entry already dropped", () => {
    const store = new RingStore<{ id: number; value: string }>(1);
    const old = store.add({ value: "old" });
    store.add({ value: "new" });
    store.update(old.id, { value: "changed" });
    expect(store.getSnapshot().map((entry) => entry.value)).toEqual(["new"]);
  });

  it("keeps a huge or circular detail as bounded text", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    recordLog("debug", "test", "x".repeat(10_000), [circular, new Error("boom")]);
    const [entry] = logStore.getSnapshot();
    expect(entry!.message.length).toBeLessThanOrEqual(2001);
    expect(entry!.details).toBe("[object Object] Error: boom");
  });
});

describe("displayUrl", () => {
  const base = "https://hitfactory.test/music-catalog";

  it("shows this origin's path and query with secrets redacted", () => {
    expect(displayUrl("/accept?token=s3cr3t-offer&x=1", base)).toBe("/accept?token=[redacted]&x=1");
    expect(displayUrl("https://hitfactory.test/song/1.data?_routes=root", base)).toBe("/song/1.data?_routes=root");
  });

  it("shows another origin in full, redacted too", () => {
    expect(displayUrl("https://storage.example/o/a.mp3?token=abc", base)).toBe("https://storage.example/o/a.mp3?token=[redacted]");
  });
});

describe("recordingFetch", () => {
  it("records method, redacted URL, status, duration and Server-Timing, and returns the response untouched", async () => {
    const response = new Response("{}", { status: 201, headers: { "Server-Timing": 'loader;desc="root";dur=1.5' } });
    const original = vi.fn(async () => response);
    const wrapped = recordingFetch(original as unknown as typeof fetch, () => "https://hitfactory.test/");
    const init = { method: "post" };
    expect(await wrapped("/api/songs/1/plays?code=123456", init)).toBe(response);
    expect(original).toHaveBeenCalledWith("/api/songs/1/plays?code=123456", init);
    expect(networkStore.getSnapshot()).toMatchObject([
      { method: "POST", url: "/api/songs/1/plays?code=[redacted]", status: 201, serverTiming: 'loader;desc="root";dur=1.5', error: null },
    ]);
    expect(networkStore.getSnapshot()[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("reads a Request object's method and URL", async () => {
    const wrapped = recordingFetch((async () => new Response(null, { status: 404 })) as typeof fetch, () => "https://hitfactory.test/");
    await wrapped(new Request("https://hitfactory.test/x.data", { method: "PUT" }));
    expect(networkStore.getSnapshot()).toMatchObject([{ method: "PUT", url: "/x.data", status: 404, serverTiming: null }]);
  });

  it("records a failed request and rethrows its error", async () => {
    const failure = new TypeError("Failed to fetch");
    const wrapped = recordingFetch((async () => { throw failure; }) as typeof fetch, () => "https://hitfactory.test/");
    await expect(wrapped("/down")).rejects.toBe(failure);
    expect(networkStore.getSnapshot()).toMatchObject([{ url: "/down", status: null, error: "TypeError: Failed to fetch" }]);
  });

  it("shows a pending request before it answers", async () => {
    let answer!: (response: Response) => void;
    const wrapped = recordingFetch((() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch, () => "https://hitfactory.test/");
    const pending = wrapped("/slow");
    expect(networkStore.getSnapshot()).toMatchObject([{ url: "/slow", status: null, durationMs: null }]);
    answer(new Response("ok"));
    await pending;
    expect(networkStore.getSnapshot()).toMatchObject([{ url: "/slow", status: 200 }]);
  });
});

describe("startCapture", () => {
  it("records console warnings and errors (still printing them), uncaught errors, rejections and fetches; once", async () => {
    const printedErrors: unknown[][] = [];
    vi.spyOn(console, "error").mockImplementation((...args) => void printedErrors.push(args));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const pageFetch = vi.fn(async () => new Response("ok"));
    window.fetch = pageFetch as unknown as typeof fetch;
    expect(isCapturing()).toBe(false);
    startCapture();
    startCapture();
    expect(isCapturing()).toBe(true);

    console.warn("careful", 1);
    console.error(new Error("broken"));
    window.dispatchEvent(new ErrorEvent("error", { message: "Uncaught ReferenceError: x is not defined" }));
    const rejection = new Event("unhandledrejection") as Event & { reason?: unknown };
    rejection.reason = new Error("nobody caught me");
    window.dispatchEvent(rejection);
    await window.fetch("/data.json");

    expect(printedErrors).toHaveLength(1);
    expect(logStore.getSnapshot().map(({ level, source, message, details }) => [level, source, message, details])).toEqual([
      ["warn", "console", "careful", "1"],
      ["error", "console", "Error: broken", ""],
      ["error", "window", "Uncaught ReferenceError: x is not defined", ""],
      ["error", "window", "Unhandled promise rejection", "Error: nobody caught me"],
    ]);
    expect(pageFetch).toHaveBeenCalledTimes(1);
    expect(networkStore.getSnapshot()).toMatchObject([{ url: "/data.json", status: 200 }]);
  });
});
