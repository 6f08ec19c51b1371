import { describe, expect, it } from "vitest";
import { decideRange, etagMatches, isNotModified, rangeStillValid } from "~/platform/storage/http-range";

describe("Range header", () => {
  const size = 1000;
  it("serves whole objects without (or with unusable) ranges", () => {
    expect(decideRange(null, size)).toEqual({ kind: "full" });
    expect(decideRange("bytes=0-1,5-6", size)).toEqual({ kind: "full" }); // multiple ranges
    expect(decideRange("items=0-1", size)).toEqual({ kind: "full" });
    expect(decideRange("bytes=-", size)).toEqual({ kind: "full" });
    expect(decideRange("bytes=9-3", size)).toEqual({ kind: "full" }); // last before first: invalid, ignored
  });

  it("reads single ranges, open-ended and suffix ranges", () => {
    expect(decideRange("bytes=0-1", size)).toEqual({ kind: "partial", range: { start: 0, end: 1 } }); // Safari's probe
    expect(decideRange("bytes=100-199", size)).toEqual({ kind: "partial", range: { start: 100, end: 199 } });
    expect(decideRange("bytes=900-", size)).toEqual({ kind: "partial", range: { start: 900, end: 999 } });
    expect(decideRange("bytes=900-5000", size)).toEqual({ kind: "partial", range: { start: 900, end: 999 } });
    expect(decideRange("bytes=-100", size)).toEqual({ kind: "partial", range: { start: 900, end: 999 } });
    expect(decideRange("bytes=-5000", size)).toEqual({ kind: "partial", range: { start: 0, end: 999 } });
  });

  it("says unsatisfiable for ranges past the end", () => {
    expect(decideRange("bytes=1000-", size)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=5000-6000", size)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=-0", size)).toEqual({ kind: "unsatisfiable" });
    expect(decideRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("conditional requests", () => {
  const etag = '"abc"';
  const modified = new Date("2026-01-01T10:00:00.750Z");
  it("matches If-None-Match weakly, lists and *", () => {
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"x", "abc"', etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('"abcd"', etag)).toBe(false);
  });

  it("uses If-Modified-Since only without If-None-Match, at whole seconds", () => {
    expect(isNotModified(new Headers({ "if-modified-since": modified.toUTCString() }), etag, modified)).toBe(true);
    expect(isNotModified(new Headers({ "if-modified-since": new Date("2026-01-01T09:59:59Z").toUTCString() }), etag, modified)).toBe(false);
    expect(isNotModified(new Headers({ "if-none-match": '"other"', "if-modified-since": modified.toUTCString() }), etag, modified)).toBe(false);
    expect(isNotModified(new Headers({ "if-modified-since": "not a date" }), etag, modified)).toBe(false);
    expect(isNotModified(new Headers(), etag, modified)).toBe(false);
  });

  it("honours a range only while If-Range still matches", () => {
    expect(rangeStillValid(new Headers(), etag, modified)).toBe(true);
    expect(rangeStillValid(new Headers({ "if-range": '"abc"' }), etag, modified)).toBe(true);
    expect(rangeStillValid(new Headers({ "if-range": '"old"' }), etag, modified)).toBe(false);
    expect(rangeStillValid(new Headers({ "if-range": 'W/"abc"' }), etag, modified)).toBe(false);
    expect(rangeStillValid(new Headers({ "if-range": modified.toUTCString() }), etag, modified)).toBe(true);
  });
});
