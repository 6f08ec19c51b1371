import { describe, expect, it } from "vitest";
import { formatServerTiming, isToken, parseServerTiming } from "./server-timing";

describe("formatServerTiming", () => {
  it("writes each metric as a token with a quoted description and a duration to 0.1 ms", () => {
    expect(
      formatServerTiming([
        { name: "loader", description: "root", durationMs: 1.234 },
        { name: "loader", description: "routes/auth/phone-test:test-phone-auth", durationMs: 12.06 },
      ]),
    ).toBe('loader;desc="root";dur=1.2, loader;desc="routes/auth/phone-test:test-phone-auth";dur=12.1');
  });

  it("escapes quotes and backslashes and drops control characters in a description", () => {
    expect(formatServerTiming([{ name: "x", description: 'a"b\\c\r\nSet-Cookie: y' }])).toBe('x;desc="a\\"b\\\\cSet-Cookie: y"');
  });

  it("leaves out a metric whose name is not a token, and a duration that is not a number", () => {
    expect(formatServerTiming([{ name: "bad name" }, { name: "a/b" }, { name: "ok", durationMs: Number.NaN }])).toBe("ok");
    expect(isToken("loader")).toBe(true);
    expect(isToken("routes/x")).toBe(false);
    expect(isToken("")).toBe(false);
  });

  it("never writes a negative duration", () => {
    expect(formatServerTiming([{ name: "loader", durationMs: -0.2 }])).toBe("loader;dur=0");
  });
});

describe("parseServerTiming", () => {
  it("reads back what formatServerTiming writes", () => {
    const metrics = [
      { name: "loader", description: "root", durationMs: 1.2 },
      { name: "loader", description: 'odd, "quoted"; desc', durationMs: 3 },
      { name: "cache" },
    ];
    expect(parseServerTiming(formatServerTiming(metrics))).toEqual(metrics);
  });

  it("reads token descriptions, ignores unknown parameters and keeps the first of each", () => {
    expect(parseServerTiming("db;dur=53;desc=query;dur=1, total;foo=bar;dur=80.5")).toEqual([
      { name: "db", description: "query", durationMs: 53 },
      { name: "total", durationMs: 80.5 },
    ]);
  });

  it("skips what it cannot read", () => {
    expect(parseServerTiming(null)).toEqual([]);
    expect(parseServerTiming("")).toEqual([]);
    expect(parseServerTiming(' , "x";dur=1, ok;dur=abc')).toEqual([{ name: "ok" }]);
  });
});
