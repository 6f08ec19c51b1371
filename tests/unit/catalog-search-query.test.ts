import { describe, expect, it } from "vitest";
import { isEmptySearch, parseSearch, positiveText } from "~/catalog/search-query";
import { SEARCH_MAX_TERMS } from "~/catalog/constants";

describe("search box parsing", () => {
  it("reads bare words as prefix terms, lower-cased", () => {
    expect(parseSearch("Midnight AVENUE")).toEqual({ terms: ["midnight", "avenue"], phrases: [], exclusions: [], positive: ["midnight", "avenue"] });
  });

  it("reads quoted text as a phrase and -word / -\"phrase\" as exclusions", () => {
    const parsed = parseSearch('"midnight avenue" -remix -"club mix" pop');
    expect(parsed.phrases).toEqual([["midnight", "avenue"]]);
    expect(parsed.exclusions).toEqual([["remix"], ["club", "mix"]]);
    expect(parsed.terms).toEqual(["pop"]);
    expect(positiveText(parsed)).toBe("midnight avenue pop");
  });

  it("treats an unclosed quote as a phrase to the end, and typographic quotes like straight ones", () => {
    expect(parseSearch('"slow burn').phrases).toEqual([["slow", "burn"]]);
    expect(parseSearch("\u201cgolden hour\u201d").phrases).toEqual([["golden", "hour"]]);
  });

  it("splits punctuated tokens into a phrase of their pieces (r&b, don't)", () => {
    expect(parseSearch("r&b").phrases).toEqual([["r", "b"]]);
    expect(parseSearch("don't").phrases).toEqual([["don", "t"]]);
  });

  it("keeps letters of any script and drops operators and symbols", () => {
    expect(parseSearch("Beyoncé 東京").terms).toEqual(["beyoncé", "東京"]);
    expect(parseSearch("- -- ' \" & * :").positive).toEqual([]);
    expect(isEmptySearch(parseSearch("  -  "))).toBe(true);
    expect(isEmptySearch(parseSearch(undefined))).toBe(true);
  });

  it("a hyphen inside a word does not exclude", () => {
    const parsed = parseSearch("hip-hop");
    expect(parsed.exclusions).toEqual([]);
    expect(parsed.phrases).toEqual([["hip", "hop"]]);
  });

  it("ignores repeated words and caps the number of terms", () => {
    expect(parseSearch("love love love").terms).toEqual(["love"]);
    const many = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    expect(parseSearch(many).terms).toHaveLength(SEARCH_MAX_TERMS);
  });

  it("tsquery syntax in the input is just text", () => {
    const parsed = parseSearch("a & !b | c:* <-> (d)");
    expect(parsed.terms).toEqual(["a", "b", "c", "d"]);
    expect(parsed.phrases).toEqual([]);
    expect(parsed.exclusions).toEqual([]);
  });
});
