// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FEATURE_FLAG_DEFAULTS, writeFeatureFlags } from "~/enhance/flags/feature-flags";
import { anyDebugEnabled, createDebug, debugEnabledFor, hasDebugQuery, type DebugSwitches } from "./debug";
import { logStore } from "./log-store";

const storageWith = (entries: Record<string, string>): DebugSwitches["storage"] => ({ getItem: (key) => entries[key] ?? null });
const off: DebugSwitches = { searches: ["", ""], storage: storageWith({}), flags: { debugMode: false, performanceMonitoring: false } };

describe("debugEnabledFor (SPEC §9: debug=1, debug:force, debug:all, debug:{name})", () => {
  it("is off with no switch", () => {
    expect(debugEnabledFor("player", off)).toBe(false);
  });

  it("is on for every name with debug=1 in the loaded or the current query", () => {
    expect(debugEnabledFor("player", { ...off, searches: ["?debug=1", ""] })).toBe(true);
    expect(debugEnabledFor("party", { ...off, searches: ["", "?a=b&debug=1"] })).toBe(true);
    expect(debugEnabledFor("party", { ...off, searches: ["?debug=0", "?debug=true"] })).toBe(false);
    expect(hasDebugQuery("?debug=2&debug=1")).toBe(true);
  });

  it.each(["debug:force", "debug:all"])("is on for every name with %s in local storage", (key) => {
    expect(debugEnabledFor("player", { ...off, storage: storageWith({ [key]: "1" }) })).toBe(true);
    expect(debugEnabledFor("navigation", { ...off, storage: storageWith({ [key]: "true" }) })).toBe(true);
  });

  it("is on for that name only with debug:{name}", () => {
    const switches = { ...off, storage: storageWith({ "debug:player": "1" }) };
    expect(debugEnabledFor("player", switches)).toBe(true);
    expect(debugEnabledFor("party", switches)).toBe(false);
  });

  it.each(["", "0", "false", "off", " FALSE "])("reads a storage switch set to %j as off", (value) => {
    expect(debugEnabledFor("player", { ...off, storage: storageWith({ "debug:all": value, "debug:player": value }) })).toBe(false);
  });

  it("is on for every name with the debugMode flag", () => {
    expect(debugEnabledFor("anything", { ...off, flags: { debugMode: true, performanceMonitoring: false } })).toBe(true);
  });

  it("is on for vitals (only) with the performanceMonitoring flag", () => {
    const switches = { ...off, flags: { debugMode: false, performanceMonitoring: true } };
    expect(debugEnabledFor("vitals", switches)).toBe(true);
    expect(debugEnabledFor("player", switches)).toBe(false);
  });

  it("tolerates storage that throws", () => {
    const storage = { getItem: () => { throw new Error("denied"); } };
    expect(debugEnabledFor("player", { ...off, storage })).toBe(false);
  });

  it("anyDebugEnabled sees a per-name switch among the stored keys", () => {
    expect(anyDebugEnabled({ ...off, storage: storageWith({ "debug:party": "1" }) }, ["theme", "debug:party"])).toBe(true);
    expect(anyDebugEnabled({ ...off, storage: storageWith({ "debug:party": "0" }) }, ["debug:party"])).toBe(false);
    expect(anyDebugEnabled(off, ["theme"])).toBe(false);
  });
});

describe("createDebug in the browser", () => {
  beforeEach(() => {
    localStorage.clear();
    logStore.clear();
  });
  afterEach(() => {
    history.replaceState(null, "", "/");
    vi.restoreAllMocks();
  });

  it("always records the line in the dev tools' log, and prints nothing while debug is off", () => {
    const print = vi.spyOn(console, "log").mockImplementation(() => undefined);
    createDebug("player")("load", { track: "t1" });
    expect(print).not.toHaveBeenCalled();
    expect(logStore.getSnapshot()).toMatchObject([{ level: "debug", source: "player", message: "load", details: '{"track":"t1"}' }]);
  });

  it("prints when debug:{name} is set, for that name only", () => {
    const print = vi.spyOn(console, "log").mockImplementation(() => undefined);
    localStorage.setItem("debug:player", "1");
    createDebug("player")("load");
    createDebug("party")("sync");
    expect(print.mock.calls).toEqual([["[debug:player] load"]]);
    expect(logStore.getSnapshot()).toHaveLength(2);
  });

  it("prints with debug=1 in the current query", () => {
    const print = vi.spyOn(console, "log").mockImplementation(() => undefined);
    history.replaceState(null, "", "/music-catalog?debug=1");
    createDebug("navigation")("to /music-catalog");
    expect(print).toHaveBeenCalledWith("[debug:navigation] to /music-catalog");
  });

  it("prints with the debugMode flag, and stops when it is turned off", () => {
    const print = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const log = createDebug("party");
    writeFeatureFlags({ ...FEATURE_FLAG_DEFAULTS, debugMode: true });
    log("one");
    writeFeatureFlags({ ...FEATURE_FLAG_DEFAULTS, debugMode: false });
    log("two");
    expect(print.mock.calls).toEqual([["[debug:party] one"]]);
  });
});
