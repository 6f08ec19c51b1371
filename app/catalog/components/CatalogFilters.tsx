/**
 * The catalogue's facets as plain GET form fields (state lives in the URL).
 * Each option shows how many songs it would leave, counted with every other
 * filter applied (see CatalogFacets).
 */
import { Link } from "@remix-run/react";
import { BPM_MAX, BPM_MIN } from "../constants";
import type { CatalogFacets, FacetCount } from "../types";
import type { ParsedCatalogQuery } from "../query-schema";
import { buttonClass, Button } from "~/ui/Button";
import * as styles from "./catalog.css";

export const FORM_ID = "catalog-form";

/** Keeps a chosen value selectable even when no song matches it any more. */
function withSelected(options: FacetCount[], selected: string | undefined): FacetCount[] {
  if (!selected || options.some((o) => o.value === selected)) return options;
  return [{ value: selected, count: 0 }, ...options];
}

function FacetSelect({ name, label, allLabel, options, selected }: { name: string; label: string; allLabel: string; options: FacetCount[]; selected?: string }) {
  const id = `facet-${name}`;
  return (
    <div className={styles.filterField}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={selected ?? ""} className={styles.select}>
        <option value="">{allLabel}</option>
        {withSelected(options, selected).map((option) => (
          <option key={option.value} value={option.value}>
            {/* One text node: no hydration markers between the parts. */}
            {`${option.value} (${option.count})`}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CatalogFilters({ query, facets, hasFilters }: { query: ParsedCatalogQuery; facets: CatalogFacets; hasFilters: boolean }) {
  return (
    <div className={styles.filters}>
      <h2 className={styles.filtersHeading}>Filters</h2>
      <FacetSelect name="genre" label="Genre" allLabel="All genres" options={facets.genres} selected={query.genre} />
      <FacetSelect name="mood" label="Mood" allLabel="All moods" options={facets.moods} selected={query.mood} />
      <FacetSelect name="key" label="Key" allLabel="All keys" options={facets.keys} selected={query.key} />
      <fieldset className={styles.bpmFieldset}>
        <legend className={styles.bpmLegend}>Tempo (BPM)</legend>
        <div className={styles.bpmInputs}>
          <label htmlFor="bpm-min" className="visually-hidden">
            Minimum BPM
          </label>
          <input
            id="bpm-min"
            name="bpmMin"
            type="number"
            inputMode="numeric"
            min={BPM_MIN}
            max={BPM_MAX}
            step={1}
            placeholder={facets.bpm.min !== null ? String(facets.bpm.min) : "Min"}
            defaultValue={query.bpmMin ?? ""}
            className={styles.select}
          />
          <span className={styles.bpmDash} aria-hidden="true">
            to
          </span>
          <label htmlFor="bpm-max" className="visually-hidden">
            Maximum BPM
          </label>
          <input
            id="bpm-max"
            name="bpmMax"
            type="number"
            inputMode="numeric"
            min={BPM_MIN}
            max={BPM_MAX}
            step={1}
            placeholder={facets.bpm.max !== null ? String(facets.bpm.max) : "Max"}
            defaultValue={query.bpmMax ?? ""}
            className={styles.select}
          />
        </div>
      </fieldset>
      <div className={styles.filterActions}>
        <Button type="submit" variant="secondary" size="sm" form={FORM_ID}>
          Apply filters
        </Button>
        {hasFilters ? (
          <Link to="/music-catalog" className={buttonClass({ variant: "ghost", size: "sm" })}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </div>
  );
}
