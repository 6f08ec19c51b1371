// @vitest-environment happy-dom
/**
 * useDeviceProfile in a browser-like window: it reads the inputs, writes
 * data-perf / data-motion / data-blur on <html>, and follows resizes, media
 * query changes and connection changes.
 */
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REDUCED_MOTION_QUERY } from "./read-device";
import { useDeviceProfile } from "./useDeviceProfile";

/** A matchMedia whose answers the test changes, with listeners like the browser's. */
function fakeMedia(initial: Record<string, boolean>) {
  const state = { ...initial };
  const listeners = new Map<string, Set<() => void>>();
  const matchMedia = (query: string) => ({
    get matches() {
      return state[query] ?? false;
    },
    addEventListener: (_: string, listener: () => void) => {
      listeners.set(query, (listeners.get(query) ?? new Set()).add(listener));
    },
    removeEventListener: (_: string, listener: () => void) => listeners.get(query)?.delete(listener),
  });
  const set = (query: string, value: boolean) => {
    state[query] = value;
    for (const listener of listeners.get(query) ?? []) listener();
  };
  return { matchMedia, set };
}

function fakeConnection(effectiveType: string) {
  const target = new EventTarget() as EventTarget & { effectiveType: string };
  target.effectiveType = effectiveType;
  return target;
}

const html = () => document.documentElement.dataset;

beforeEach(() => {
  for (const name of ["perf", "motion", "blur"]) delete document.documentElement.dataset[name];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("useDeviceProfile", () => {
  it("a desktop with a mouse: high, full motion, blur on", async () => {
    const media = fakeMedia({ "(pointer: fine)": true, "(hover: hover)": true });
    vi.stubGlobal("matchMedia", media.matchMedia);
    vi.stubGlobal("innerWidth", 1280);
    vi.stubGlobal("navigator", { ...navigator, hardwareConcurrency: 8, connection: fakeConnection("4g") });
    const { result } = renderHook(() => useDeviceProfile());
    expect(result.current).toMatchObject({ level: "high", finePointer: true, width: 1280, reduceMotion: false });
    await waitFor(() => expect({ ...html() }).toMatchObject({ perf: "high", motion: "full", blur: "on" }));
  });

  it("follows a resize to a phone, a connection turning slow and the reduced-motion preference", async () => {
    const media = fakeMedia({ "(pointer: fine)": true, "(hover: hover)": true });
    const connection = fakeConnection("4g");
    vi.stubGlobal("matchMedia", media.matchMedia);
    vi.stubGlobal("innerWidth", 1280);
    vi.stubGlobal("navigator", { ...navigator, hardwareConcurrency: 8, connection });
    const { result } = renderHook(() => useDeviceProfile());
    await waitFor(() => expect(html().perf).toBe("high"));

    vi.stubGlobal("innerWidth", 390);
    act(() => void window.dispatchEvent(new Event("resize")));
    await waitFor(() => expect(result.current).toMatchObject({ level: "medium", mobile: true, width: 390 }));
    expect({ ...html() }).toMatchObject({ perf: "medium", motion: "full", blur: "on" });

    connection.effectiveType = "3g";
    act(() => void connection.dispatchEvent(new Event("change")));
    await waitFor(() => expect({ ...html() }).toMatchObject({ perf: "low", motion: "reduced", blur: "off" }));

    // Back on a fast network and a wide window; then the preference alone reduces motion.
    connection.effectiveType = "4g";
    vi.stubGlobal("innerWidth", 1280);
    act(() => void window.dispatchEvent(new Event("resize")));
    await waitFor(() => expect({ ...html() }).toMatchObject({ perf: "high", motion: "full", blur: "on" }));
    act(() => media.set(REDUCED_MOTION_QUERY, true));
    await waitFor(() => expect({ ...html() }).toMatchObject({ perf: "high", motion: "reduced", blur: "on" }));
  });

  it("a touch screen has no fine pointer; unknown cores and connection count as fast", async () => {
    vi.stubGlobal("matchMedia", fakeMedia({ "(pointer: coarse)": true }).matchMedia);
    vi.stubGlobal("innerWidth", 1024);
    vi.stubGlobal("navigator", { userAgent: "test" });
    const { result } = renderHook(() => useDeviceProfile());
    expect(result.current).toMatchObject({ level: "high", finePointer: false, cores: null, effectiveType: null });
  });
});
