/**
 * The catalogue's facets as plain GET form fields (state lives in the URL),
 * one per declared facet (facets.ts), in its order: a select for a value,
 * array or flag facet, two bounds for a range facet. Each option shows how
 * many songs it would leave, counted with every other filter applied (see
 * CatalogFacets).
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CATALOG_FACETS, type ChoiceFacet, type FacetSet, type RangeFacet } from "../facets";
import type { CatalogFacets, FacetCount } from "../types";
import { facetFieldValues, type ParsedCatalogQuery } from "../query-schema";
import { buttonClass, Button } from "~/ui/Button";
import * as styles from "./catalog.css";

export const FORM_ID = "catalog-form";

/** Keeps a chosen value selectable even when no song matches it any more. */
function withSelected(options: FacetCount[], selected: string | undefined): FacetCount[] {
  if (!selected || options.some((o) => o.value === selected)) return options;
  return [{ value: selected, count: 0 }, ...options];
}

/** How an option reads: a flag's values are "true" and "false"; declared values have their labels. */
function optionText(facet: ChoiceFacet, value: string): string {
  if (facet.kind === "flag") return value === "true" ? "Yes" : "No";
  return facet.values?.find((known) => known.value === value)?.label ?? value;
}

function FacetSelect({ facet, options, selected }: { facet: ChoiceFacet; options: FacetCount[]; selected?: string }) {
  const id = `facet-${facet.name}`;
  return (
    <div className={styles.filterField}>
      <label htmlFor={id} className={styles.filterLabel}>
        {facet.label}
      </label>
      <select id={id} name={facet.param} defaultValue={selected ?? ""} className={styles.select}>
        <option value="">{facet.allLabel}</option>
        {withSelected(options, selected).map((option) => (
          <option key={option.value} value={option.value}>
            {/* One text node: no hydration markers between the parts. */}
            {`${optionText(facet, option.value)} (${option.count})`}
          </option>
        ))}
      </select>
    </div>
  );
}

function RangeFields({ facet, bounds, values }: { facet: RangeFacet; bounds: { min: number | null; max: number | null }; values: Record<string, string> }) {
  const field = (bound: "min" | "max", param: string) => {
    const id = `${facet.name}-${bound}`;
    return [
      <label key={`${id}-label`} htmlFor={id} className="visually-hidden">
        {`${bound === "min" ? "Minimum" : "Maximum"} ${facet.unit}`}
      </label>,
      <input
        key={id}
        id={id}
        name={param}
        type="number"
        inputMode="numeric"
        min={facet.min}
        max={facet.max}
        step={1}
        placeholder={bounds[bound] !== null ? String(bounds[bound]) : bound === "min" ? "Min" : "Max"}
        defaultValue={values[param]}
        className={styles.select}
      />,
    ];
  };
  return (
    <fieldset className={styles.bpmFieldset}>
      <legend className={styles.bpmLegend}>{facet.label}</legend>
      <div className={styles.bpmInputs}>
        {field("min", facet.params[0])}
        <span className={styles.bpmDash} aria-hidden="true">
          to
        </span>
        {field("max", facet.params[1])}
      </div>
    </fieldset>
  );
}

export function CatalogFilters({
  query,
  facets,
  hasFilters,
  facetSet = CATALOG_FACETS,
  clearHref = "/music-catalog",
  formId = FORM_ID,
  children,
}: {
  query: ParsedCatalogQuery;
  facets: CatalogFacets;
  hasFilters: boolean;
  facetSet?: FacetSet;
  /** Where "Clear filters" goes (the page's own path). */
  clearHref?: string;
  /** The GET form the Apply button submits. */
  formId?: string;
  /** Filters of the page's own after the facets (the A&R desk's writer). */
  children?: ReactNode;
}) {
  const values = facetFieldValues(query, facetSet);
  const results = facets as unknown as Record<string, unknown>;
  return (
    <div className={styles.filters}>
      <h2 className={styles.filtersHeading}>Filters</h2>
      {facetSet.all.map((facet) =>
        facet.kind === "range" ? (
          <RangeFields key={facet.name} facet={facet} bounds={(results[facet.resultKey] as { min: number | null; max: number | null } | undefined) ?? { min: null, max: null }} values={values} />
        ) : (
          <FacetSelect key={facet.name} facet={facet} options={(results[facet.resultKey] as FacetCount[] | undefined) ?? []} selected={values[facet.param] || undefined} />
        ),
      )}
      {children}
      <div className={styles.filterActions}>
        <Button type="submit" variant="secondary" size="sm" form={formId}>
          Apply filters
        </Button>
        {hasFilters ? (
          <Link to={clearHref} className={buttonClass({ variant: "ghost", size: "sm" })}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </div>
  );
}
