import { describe, expect, it } from "vitest";
import { safeSameSitePath } from "./safe-redirect";

describe("safeSameSitePath", () => {
  it.each([
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r/evil.com",
    decodeURIComponent("/%09/evil.com"),
    "//evil.com",
    "/\\evil.com",
    "https://evil.com",
    "evil.com",
    "",
    // Dot segments that resolve to a "//host" path.
    "/.//evil.com",
    "/a/..//evil.com",
    "/%2e//evil.com",
    "/\0/x",
  ])("refuses %j", (to) => {
    expect(safeSameSitePath(to, "/fallback")).toBe("/fallback");
  });

  it.each(["/ok?x=1", "/members/abc", "/"])("allows %j", (to) => {
    expect(safeSameSitePath(to, "/fallback")).toBe(to);
  });

  it.each([
    ["/\u20ac\u{1f3b5}", "/%E2%82%AC%F0%9F%8E%B5"],
    ["/caf\u00e9?q=\u00e9t\u00e9#\u00fc", "/caf%C3%A9?q=%C3%A9t%C3%A9#%C3%BC"],
    ["/a b", "/a%20b"],
    ["/already%20encoded", "/already%20encoded"],
    ["/a/../b", "/b"],
  ])("returns %j as a Location header can hold it: %j", (to, expected) => {
    const path = safeSameSitePath(to, "/fallback");
    expect(path).toBe(expected);
    expect(path).toMatch(/^[\x21-\x7e]*$/);
  });

  it("falls back for non-strings and defaults the fallback to /", () => {
    expect(safeSameSitePath(undefined)).toBe("/");
    expect(safeSameSitePath(null)).toBe("/");
    expect(safeSameSitePath(42)).toBe("/");
  });
});
