/**
 * The Route tab never shows a capability the Path line redacts (a shortlist
 * share's token in /listen/:token), nor a param named like a secret.
 */
import { describe, expect, it } from "vitest";
import { shownParams } from "./DevToolsTabs";

describe("shownParams", () => {
  it("redacts a share token in the path, and params named like secrets", () => {
    const token = "9f2c1d7e3b4a5c6d7e8f9a0b1c2d3e4f";
    expect(shownParams({ token }, `/listen/${token}`)).toEqual({ token: "[redacted]" });
    expect(shownParams({ feedToken: "abc" }, "/somewhere/abc")).toEqual({ feedToken: "[redacted]" });
  });

  it("leaves ordinary ids as they are", () => {
    const songId = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(shownParams({ songId }, `/song/${songId}`)).toEqual({ songId });
    expect(shownParams({}, "/")).toEqual({});
  });
});
