import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS } from "~/shared/constants";
import { getToasts, resetToastStoreForTests, showOnce, subscribe, toast } from "./store";

beforeEach(() => {
  vi.useFakeTimers();
  resetToastStoreForTests();
});
afterEach(() => {
  resetToastStoreForTests();
  vi.useRealTimers();
});

describe("toast store", () => {
  it("parses input with defaults (id, duration, type)", () => {
    const id = toast.show({ message: "Hello" });
    expect(id).toEqual(expect.any(String));
    expect(getToasts()).toEqual([{ id, type: "info", message: "Hello", duration: TOAST_DURATION_MS }]);
  });

  it("keeps exactly one toast: a second replaces the first", () => {
    toast.success("Saved");
    const second = toast.error("Upload failed", { title: "Error" });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ id: second, type: "error", title: "Error", message: "Upload failed" });
  });

  it("auto-dismisses after 3000 ms", () => {
    toast.success("Track uploaded");
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it("honours a custom duration", () => {
    toast.info("Session Extended", { duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it("never auto-dismisses a loading toast; dismiss(id) removes it", () => {
    const id = toast.loading("Uploading...");
    vi.advanceTimersByTime(60_000);
    expect(getToasts().map((t) => t.id)).toEqual([id]);
    toast.dismiss(id);
    expect(getToasts()).toEqual([]);
  });

  it("clears the old timer when a toast is replaced", () => {
    toast.success("First");
    vi.advanceTimersByTime(2000);
    const second = toast.warning("Second");
    // The first toast's timer would fire at 3000 ms; it must not remove the second.
    vi.advanceTimersByTime(1500);
    expect(getToasts().map((t) => t.id)).toEqual([second]);
    vi.advanceTimersByTime(1500);
    expect(getToasts()).toEqual([]);
  });

  it("updates in place by id: loading → success starts the timer", () => {
    const id = toast.loading("Saving...");
    toast.success("Saved", { id });
    expect(getToasts()).toMatchObject([{ id, type: "success" }]);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(getToasts()).toEqual([]);
  });

  it("clears the timer on dismiss, so a re-used id is not removed early", () => {
    toast.success("One", { id: "same" });
    toast.dismiss("same");
    vi.advanceTimersByTime(2000);
    toast.success("Two", { id: "same" });
    vi.advanceTimersByTime(1500);
    expect(getToasts()).toHaveLength(1);
  });

  it("dismiss() without an id clears everything", () => {
    toast.loading("Working");
    toast.dismiss();
    expect(getToasts()).toEqual([]);
  });

  it("notifies subscribers and keeps a stable snapshot between changes", () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    const before = getToasts();
    expect(getToasts()).toBe(before);
    toast.info("Hi");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getToasts()).not.toBe(before);
    toast.dismiss("not-there");
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    toast.dismiss();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("showOnce shows a given id only once", () => {
    const flash = { id: "flash-1", type: "success" as const, message: "Welcome back", duration: 3000 };
    showOnce(flash);
    toast.dismiss("flash-1");
    showOnce(flash);
    expect(getToasts()).toEqual([]);
  });

  it("rejects invalid input", () => {
    expect(() => toast.show({ message: "x", duration: -1 })).toThrow();
  });
});
