/**
 * The facet declaration (app/catalog/facets.ts) drives the query string and
 * the form: every declared facet round-trips through the URL and has its
 * field, for the catalogue's declaration and for a test-only one with more
 * facets (nothing else is told about them); a declaration that would clash in
 * SQL or in the URL is refused when it is made.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CatalogFilters } from "~/catalog/components/CatalogFilters";
import { CATALOG_FACETS, FACETS, emptyFacets, facetSet, hasAnyFacet, type Facet, type FacetSet } from "~/catalog/facets";
import { catalogQueryString, hasFacetFilters, parseCatalogQuery } from "~/catalog/query-schema";
import type { CatalogQuery } from "~/catalog/types";

const MORE_FACETS = facetSet([
  ...FACETS,
  // Not the catalogue's (it declares vocal type and explicit itself): one of each kind nothing else knows.
  { name: "language", kind: "value", column: "language", nullable: true, param: "language", resultKey: "languages", label: "Language", allLabel: "Any language" },
  { name: "live_take", kind: "flag", column: "live_take", param: "liveTake", resultKey: "liveTake", label: "Live take", allLabel: "Live or studio" },
  { name: "year", kind: "range", column: "year", params: ["yearMin", "yearMax"], resultKey: "year", label: "Year", unit: "year", min: 1950, max: 2030 },
]);

/** A query setting every facet of a set: a text value, true, or a range inside the bounds. */
function everyFacetSet(set: FacetSet): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const facet of set.all) {
    if (facet.kind === "range") Object.assign(query, { [facet.params[0]]: facet.min + 1, [facet.params[1]]: facet.max - 1 });
    else query[facet.param] = facet.kind === "flag" ? true : `${facet.label} & more`;
  }
  return query;
}

const paramsOf = (facet: Facet) => (facet.kind === "range" ? [...facet.params] : [facet.param]);

for (const [label, set] of [
  ["the catalogue's facets", CATALOG_FACETS],
  ["a test-only declaration with more facets", MORE_FACETS],
] as const) {
  describe(label, () => {
    it("round-trip through the URL, each under its own parameter", () => {
      const query = { search: "golden", ...everyFacetSet(set), sort: "title", page: 3 } as CatalogQuery;
      const text = catalogQueryString(query, set);
      const params = new URLSearchParams(text);
      for (const facet of set.all) for (const param of paramsOf(facet)) expect(params.has(param), param).toBe(true);
      expect(parseCatalogQuery(params, set)).toEqual({ ...query, pageSize: 24 });
      expect(hasFacetFilters(query, set)).toBe(true);
      expect(hasFacetFilters({ search: "golden" }, set)).toBe(false);
    });

    it("fall back to no filter on edited URLs, and read a reversed range the right way round", () => {
      const edited = new URLSearchParams();
      for (const facet of set.all) {
        if (facet.kind === "range") {
          edited.set(facet.params[0], String(facet.max + 1000));
          edited.set(facet.params[1], String(facet.min + 1));
        } else {
          edited.set(facet.param, facet.kind === "flag" ? "perhaps" : "   ");
        }
      }
      const query = parseCatalogQuery(edited, set) as Record<string, unknown>;
      for (const facet of set.all) {
        if (facet.kind === "range") expect([query[facet.params[0]], query[facet.params[1]]], facet.name).toEqual([facet.min + 1, facet.max]);
        else expect(query[facet.param], facet.name).toBeUndefined();
      }
    });

    it("each have a field in the form, named by its parameter, showing its counts", () => {
      const facets = emptyFacets(set) as Record<string, unknown>;
      for (const facet of set.choices) facets[facet.resultKey] = [{ value: facet.kind === "flag" ? "true" : "Counted", count: 7 }];
      for (const facet of set.ranges) facets[facet.resultKey] = { min: facet.min + 2, max: facet.max - 2 };
      expect(hasAnyFacet(facets, set)).toBe(true);
      expect(hasAnyFacet(emptyFacets(set), set)).toBe(false);
      const html = renderToStaticMarkup(
        createElement(CatalogFilters, { query: parseCatalogQuery(new URLSearchParams(), set), facets: facets as never, hasFilters: false, facetSet: set }),
      );
      for (const facet of set.all) {
        for (const param of paramsOf(facet)) expect(html, param).toContain(`name="${param}"`);
        expect(html).toContain(facet.label.replace("&", "&amp;"));
        if (facet.kind === "range") expect(html).toContain(`placeholder="${facet.min + 2}"`);
        else expect(html).toContain(facet.kind === "flag" ? "Yes (7)" : "Counted (7)");
      }
    });
  });
}

describe("a facet declaration", () => {
  const genre = FACETS[0];
  it("is refused when names would clash or are not plain SQL identifiers", () => {
    expect(() => facetSet([genre, { ...genre, name: "style", resultKey: "styles", column: "style" }])).toThrow(/parameter "genre"/);
    expect(() => facetSet([genre, { ...genre, name: "style", param: "style", column: "genre" }])).toThrow(/column "genre"/);
    expect(() => facetSet([{ ...genre, column: "genre; drop table songs" }])).toThrow(/SQL identifier/);
    expect(() => facetSet([{ ...genre, param: "page" }])).toThrow(/reserved/);
    expect(() => facetSet([{ ...genre, name: "total" }])).toThrow(/reserved/);
    expect(() => facetSet([FACETS[3]])).toThrow(/at least one/);
  });
});
