// @vitest-environment happy-dom
/**
 * The loop guard in a browser-like window: what it stores, when it replaces
 * the page with /, and that it does nothing on wide screens or when storage
 * fails (private modes).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOOP_GUARD_STORAGE_KEY } from "./loop-guard";
import { runLoopGuard } from "./loop-guard.client";

let replace: ReturnType<typeof vi.fn>;

function at(pathname: string, width: number) {
  replace = vi.fn();
  vi.stubGlobal("location", { pathname, replace });
  vi.stubGlobal("innerWidth", width);
}

beforeEach(() => {
  window.sessionStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("runLoopGuard", () => {
  it("on a phone, the fourth load of a path within 30 s replaces the page with / and clears the history", () => {
    at("/music-catalog", 390);
    expect([runLoopGuard(), runLoopGuard(), runLoopGuard()]).toEqual([false, false, false]);
    expect(replace).not.toHaveBeenCalled();
    expect(JSON.parse(window.sessionStorage.getItem(LOOP_GUARD_STORAGE_KEY)!)).toEqual({ "/music-catalog": [1_000_000, 1_000_000, 1_000_000] });
    expect(runLoopGuard()).toBe(true);
    expect(replace).toHaveBeenCalledWith("/");
    expect(window.sessionStorage.getItem(LOOP_GUARD_STORAGE_KEY)).toBeNull();
  });

  it("767 px is mobile; 768 px is not, and its loads are not even recorded", () => {
    at("/music-catalog", 767);
    for (let i = 0; i < 3; i++) runLoopGuard();
    expect(runLoopGuard()).toBe(true);

    window.sessionStorage.clear();
    at("/music-catalog", 768);
    for (let i = 0; i < 6; i++) expect(runLoopGuard()).toBe(false);
    expect(replace).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(LOOP_GUARD_STORAGE_KEY)).toBeNull();
  });

  it("/ never redirects", () => {
    at("/", 390);
    for (let i = 0; i < 10; i++) expect(runLoopGuard()).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });

  it("loads spread over more than 30 s never redirect", () => {
    at("/dashboard", 390);
    for (let i = 0; i < 8; i++) {
      expect(runLoopGuard()).toBe(false);
      vi.advanceTimersByTime(11_000);
    }
  });

  it("does nothing when storage throws (private mode) or holds garbage", () => {
    at("/dashboard", 390);
    // Safari's old private mode: reading works, writing throws.
    const real = window.sessionStorage;
    const failing = {
      getItem: (key: string) => real.getItem(key),
      removeItem: (key: string) => real.removeItem(key),
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
    };
    vi.stubGlobal("sessionStorage", failing);
    for (let i = 0; i < 6; i++) expect(runLoopGuard()).toBe(false);
    vi.stubGlobal("sessionStorage", real);

    window.sessionStorage.setItem(LOOP_GUARD_STORAGE_KEY, "{not json");
    expect(runLoopGuard()).toBe(false);
    expect(JSON.parse(window.sessionStorage.getItem(LOOP_GUARD_STORAGE_KEY)!)).toEqual({ "/dashboard": [1_000_000] });

    vi.stubGlobal("sessionStorage", undefined);
    expect(runLoopGuard()).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });
});
