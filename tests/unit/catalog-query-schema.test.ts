import { describe, expect, it } from "vitest";
import { catalogQueryString, parseCatalogQuery } from "~/catalog/query-schema";
import { CATALOG_MAX_PAGE_SIZE, CATALOG_PAGE_SIZE } from "~/catalog/constants";

describe("catalogue query string", () => {
  it("defaults: first page of 24, newest first without search, relevance with it", () => {
    expect(parseCatalogQuery(new URLSearchParams(""))).toMatchObject({ page: 1, pageSize: CATALOG_PAGE_SIZE, sort: "newest", search: undefined });
    expect(parseCatalogQuery(new URLSearchParams("search=golden"))).toMatchObject({ sort: "relevance", search: "golden" });
  });

  it("falls back instead of failing on edited URLs", () => {
    const query = parseCatalogQuery(new URLSearchParams("page=abc&pageSize=100000&sort=loudest&bpmMin=x&genre=%20%20"));
    expect(query).toMatchObject({ page: 1, pageSize: CATALOG_MAX_PAGE_SIZE, sort: "newest", bpmMin: undefined, genre: undefined });
    expect(parseCatalogQuery(new URLSearchParams("page=-3&pageSize=0")).page).toBe(1);
    expect(parseCatalogQuery(new URLSearchParams("pageSize=0")).pageSize).toBe(1);
  });

  it("reads filters, trims and collapses spaces, swaps a reversed BPM range", () => {
    const query = parseCatalogQuery(new URLSearchParams("search=%20%20golden%20%20%20hour%20&genre=Pop&mood=warm&key=D%20major&bpmMin=140&bpmMax=90&sort=bpm&page=2"));
    expect(query).toEqual({ search: "golden hour", genre: "Pop", mood: "warm", key: "D major", bpmMin: 90, bpmMax: 140, sort: "bpm", page: 2, pageSize: CATALOG_PAGE_SIZE });
  });

  it("takes the first of repeated parameters, as a plain form would send", () => {
    expect(parseCatalogQuery(new URLSearchParams("genre=Pop&genre=Rock")).genre).toBe("Pop");
  });

  it("builds links that leave defaults out", () => {
    expect(catalogQueryString({ search: "x", sort: "relevance", page: 1, pageSize: CATALOG_PAGE_SIZE })).toBe("?search=x");
    expect(catalogQueryString({ genre: "R&B", page: 3, sort: "title" })).toBe("?genre=R%26B&sort=title&page=3");
    expect(catalogQueryString({})).toBe("");
  });
});
