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
  ])("refuses %j", (to) => {
    expect(safeSameSitePath(to, "/fallback")).toBe("/fallback");
  });

  it.each(["/ok?x=1", "/members/abc", "/"])("allows %j", (to) => {
    expect(safeSameSitePath(to, "/fallback")).toBe(to);
  });

  it("falls back for non-strings and defaults the fallback to /", () => {
    expect(safeSameSitePath(undefined)).toBe("/");
    expect(safeSameSitePath(null)).toBe("/");
    expect(safeSameSitePath(42)).toBe("/");
  });
});
