// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FEATURE_FLAGS_STORAGE_KEY } from "~/enhance/flags/stored-flag";
import { createLazyDebug } from "./lazy-debug";
import { logStore } from "./log-store";

/** Lets the logger's dynamic import and the queued lines settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  localStorage.clear();
  logStore.clear();
});
afterEach(() => {
  history.replaceState(null, "", "/");
  vi.restoreAllMocks();
});

describe("createLazyDebug", () => {
  it("drops lines while nobody could read them (no debug switch, no dev tools)", async () => {
    createLazyDebug("player")("load", { id: "t1" });
    await settle();
    expect(logStore.getSnapshot()).toEqual([]);
  });

  it("records lines, in order, once the dev tools' flag is on (the log shows them; the console does not)", async () => {
    const print = vi.spyOn(console, "log").mockImplementation(() => undefined);
    localStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, JSON.stringify({ devTools: true }));
    const log = createLazyDebug("player");
    log("load", { id: "t1" });
    log("audio error", { id: "t1" });
    await settle();
    expect(logStore.getSnapshot().map((entry) => [entry.source, entry.message])).toEqual([
      ["player", "load"],
      ["player", "audio error"],
    ]);
    expect(print).not.toHaveBeenCalled();
  });

  it("prints with debug:{name}, and with debug=1 in the query", async () => {
    const print = vi.spyOn(console, "log").mockImplementation(() => undefined);
    localStorage.setItem("debug:player", "1");
    createLazyDebug("player")("load");
    await settle();
    localStorage.clear();
    history.replaceState(null, "", "/?debug=1");
    createLazyDebug("player")("retry");
    await settle();
    expect(print.mock.calls.map((call) => call[0])).toEqual(["[debug:player] load", "[debug:player] retry"]);
  });
});
