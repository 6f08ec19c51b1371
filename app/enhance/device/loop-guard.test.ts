/**
 * The loop guard's rules (SPEC §4, §9: more than 3 loads within 30 s on
 * mobile send the user to /; docs/decisions/0093: every full load but /).
 */
import { describe, expect, it } from "vitest";
import { LOOP_GUARD_HOME, parseLoadHistory, recordLoad, type LoadHistory } from "./loop-guard";

/** Loads `path` at each time in turn, as the client would, and returns every decision. */
function loadAt(path: string, times: number[], start: LoadHistory = {}) {
  let history = start;
  return times.map((time) => {
    const decision = recordLoad(history, path, time);
    history = decision.history;
    return decision;
  });
}

describe("recordLoad", () => {
  it("the fourth load of one path within 30 s redirects; the first three do not", () => {
    const decisions = loadAt("/music-catalog", [0, 1_000, 2_000, 3_000]);
    expect(decisions.map((d) => d.redirect)).toEqual([false, false, false, true]);
  });

  it("after a redirect the history starts empty, so the page opens again", () => {
    const decisions = loadAt("/music-catalog", [0, 1_000, 2_000, 3_000, 4_000]);
    expect(decisions[3]).toEqual({ redirect: true, history: {} });
    expect(decisions[4]!.redirect).toBe(false);
  });

  it("loads 30 s or more apart do not add up", () => {
    // The fourth load comes exactly 30 s after the first: the first is out of the window.
    expect(loadAt("/dashboard", [0, 10_000, 20_000, 30_000]).map((d) => d.redirect)).toEqual([false, false, false, false]);
    expect(loadAt("/dashboard", [0, 10_000, 20_000, 29_999]).at(-1)!.redirect).toBe(true);
  });

  it("loads of different pages add up (a redirect loop between two pages, SPEC's 'page loads')", () => {
    let history: LoadHistory = {};
    const paths = ["/a", "/b", "/a", "/b"];
    const decisions = paths.map((path, i) => {
      const decision = recordLoad(history, path, i * 100);
      history = decision.history;
      return decision.redirect;
    });
    expect(decisions).toEqual([false, false, false, true]);
    expect(recordLoad({ "/music-catalog": [0], "/members": [1], "/search": [2] }, "/party", 3).redirect).toBe(true);
    expect(recordLoad({ "/music-catalog": [0], "/members": [1] }, "/party", 3).redirect).toBe(false);
  });

  it("loads of / in between are not counted", () => {
    let history: LoadHistory = {};
    for (const [i, path] of ["/a", "/", "/b", "/", "/c"].entries()) {
      const decision = recordLoad(history, path, i);
      expect(decision.redirect, path).toBe(false);
      history = decision.history;
    }
    expect(recordLoad(history, "/d", 10).redirect).toBe(true);
  });

  it("a load of / never redirects and is never counted", () => {
    const decisions = loadAt(LOOP_GUARD_HOME, [0, 1, 2, 3, 4, 5, 6, 7]);
    expect(decisions.every((d) => !d.redirect)).toBe(true);
    expect(decisions.at(-1)!.history).toEqual({});
  });

  it("forgets old loads of every path, and times from the future (a clock set back)", () => {
    const decision = recordLoad({ "/old": [1_000], "/future": [90_000], "/recent": [40_000] }, "/x", 50_000);
    expect(decision.history).toEqual({ "/recent": [40_000], "/x": [50_000] });
  });

  it("stores at most three loads", () => {
    const decisions = loadAt("/p", [0, 1, 2]);
    expect(decisions.at(-1)!.history["/p"]).toEqual([0, 1, 2]);
  });

  it("takes other limits (the rule is the constants of SPEC §9 by default)", () => {
    expect(recordLoad({ "/p": [0] }, "/p", 1, { maxLoads: 1 }).redirect).toBe(true);
    expect(recordLoad({ "/p": [0, 1, 2] }, "/p", 200, { windowMs: 100 }).redirect).toBe(false);
  });
});

describe("parseLoadHistory", () => {
  it("reads what recordLoad stored", () => {
    const { history } = recordLoad({}, "/p", 5);
    expect(parseLoadHistory(JSON.stringify(history))).toEqual({ "/p": [5] });
  });

  it("anything unreadable is an empty history, and bad entries are dropped", () => {
    for (const raw of [null, "", "not json", "[1,2]", "null", "42", '"text"']) expect(parseLoadHistory(raw)).toEqual({});
    expect(parseLoadHistory('{"/p":[1,"x",null,2],"/q":"nope"}')).toEqual({ "/p": [1, 2] });
  });
});
