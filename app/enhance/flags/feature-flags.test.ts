// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEXT } from "~/shared/constants";
import {
  FEATURE_FLAG_DEFAULTS,
  FEATURE_FLAG_KEYS,
  FEATURE_FLAGS_STORAGE_KEY,
  InvalidFeatureFlagsError,
  exportFeatureFlags,
  parseFeatureFlagsImport,
  readFeatureFlags,
  resetFeatureFlags,
  writeFeatureFlags,
  type FeatureFlags,
} from "./feature-flags";
import { useFeatureFlags } from "./useFeatureFlags";

const allOn = Object.fromEntries(FEATURE_FLAG_KEYS.map((key) => [key, true])) as FeatureFlags;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("defaults (SPEC §3)", () => {
  it("has exactly SPEC's seven flags, errorBoundaries on and the rest off", () => {
    expect(Object.keys(FEATURE_FLAG_DEFAULTS).sort()).toEqual(
      ["debugMode", "devTools", "errorBoundaries", "experimentalFeatures", "localDatabase", "mockMode", "performanceMonitoring"],
    );
    expect(Object.entries(FEATURE_FLAG_DEFAULTS).filter(([, on]) => on).map(([key]) => key)).toEqual(["errorBoundaries"]);
  });
});

describe("reading this browser's flags", () => {
  it("gives the defaults when nothing is stored", () => {
    expect(readFeatureFlags()).toEqual(FEATURE_FLAG_DEFAULTS);
  });

  it.each([
    ["not JSON", "{oops"],
    ["a string", JSON.stringify("devTools")],
    ["an array", JSON.stringify([true])],
    ["null", "null"],
  ])("gives the defaults for garbage in storage (%s)", (_what, stored) => {
    localStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, stored);
    expect(readFeatureFlags()).toEqual(FEATURE_FLAG_DEFAULTS);
  });

  it("takes the known boolean keys of a stored object and ignores the rest", () => {
    localStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, JSON.stringify({ devTools: true, errorBoundaries: "no", other: true }));
    expect(readFeatureFlags()).toEqual({ ...FEATURE_FLAG_DEFAULTS, devTools: true });
  });

  it("gives the defaults when storage refuses access", () => {
    localStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, JSON.stringify({ devTools: true }));
    expect(readFeatureFlags().devTools).toBe(true);
    // Browsers that block storage throw from the localStorage getter itself.
    vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(readFeatureFlags()).toEqual(FEATURE_FLAG_DEFAULTS);
  });

  it("round-trips what was written, under the one key", () => {
    expect(writeFeatureFlags({ ...FEATURE_FLAG_DEFAULTS, debugMode: true })).toBe(true);
    expect(JSON.parse(localStorage.getItem(FEATURE_FLAGS_STORAGE_KEY)!)).toEqual({ ...FEATURE_FLAG_DEFAULTS, debugMode: true });
    expect(readFeatureFlags().debugMode).toBe(true);
    resetFeatureFlags();
    expect(localStorage.getItem(FEATURE_FLAGS_STORAGE_KEY)).toBeNull();
    expect(readFeatureFlags()).toEqual(FEATURE_FLAG_DEFAULTS);
  });

  it("reports a write storage refused", () => {
    const storage = localStorage;
    vi.spyOn(window, "localStorage", "get").mockReturnValue({
      ...storage,
      getItem: (key: string) => storage.getItem(key),
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    } as Storage);
    expect(writeFeatureFlags(allOn)).toBe(false);
  });
});

describe("export and import", () => {
  it("exports every flag as JSON that imports back to the same flags", () => {
    writeFeatureFlags({ ...FEATURE_FLAG_DEFAULTS, devTools: true, errorBoundaries: false });
    const text = exportFeatureFlags();
    expect(JSON.parse(text)).toEqual({ ...FEATURE_FLAG_DEFAULTS, devTools: true, errorBoundaries: false });
    expect(parseFeatureFlagsImport(text)).toEqual(readFeatureFlags());
  });

  it("fills flags an import leaves out with their defaults", () => {
    expect(parseFeatureFlagsImport('{"performanceMonitoring": true}')).toEqual({ ...FEATURE_FLAG_DEFAULTS, performanceMonitoring: true });
  });

  it.each([
    ["empty text", ""],
    ["not JSON", "{devTools: true"],
    ["a number", "42"],
    ["a string", '"devTools"'],
    ["null", "null"],
    ["an array", "[]"],
    ["an unknown key", '{"devTools": true, "turbo": true}'],
    ["a string value", '{"devTools": "true"}'],
    ["a number value", '{"debugMode": 1}'],
    ["a null value", '{"errorBoundaries": null}'],
    ["a prototype key", '{"__proto__": true}'],
  ])("refuses %s with SPEC's message", (_what, text) => {
    let error: unknown;
    try {
      parseFeatureFlagsImport(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidFeatureFlagsError);
    expect((error as Error).message).toBe(TEXT.invalidFeatureFlags);
    expect((error as Error).message).toBe("Invalid feature flags data");
  });
});

describe("useFeatureFlags", () => {
  it("follows writes in this tab", () => {
    const { result } = renderHook(() => useFeatureFlags());
    expect(result.current).toEqual(FEATURE_FLAG_DEFAULTS);
    act(() => void writeFeatureFlags({ ...FEATURE_FLAG_DEFAULTS, devTools: true }));
    expect(result.current.devTools).toBe(true);
    act(() => resetFeatureFlags());
    expect(result.current.devTools).toBe(false);
  });

  it("follows another tab's change (the storage event)", () => {
    const { result } = renderHook(() => useFeatureFlags());
    act(() => {
      // Another tab wrote: this tab's storage already holds it, and the browser fires `storage` here.
      localStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, JSON.stringify({ debugMode: true }));
      window.dispatchEvent(new StorageEvent("storage", { key: FEATURE_FLAGS_STORAGE_KEY }));
    });
    expect(result.current).toEqual({ ...FEATURE_FLAG_DEFAULTS, debugMode: true });
  });

  it("keeps the same object while nothing changed (no render loop)", () => {
    const { result, rerender } = renderHook(() => useFeatureFlags());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
