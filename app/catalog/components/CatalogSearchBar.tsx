/**
 * The catalogue's text search box and its submit button, as the catalogue and
 * the A&R desk show it above their filters. Inside the page's own GET form,
 * so it works without JavaScript.
 */
import { Button } from "~/ui/Button";
import * as styles from "./catalog.css";

export function CatalogSearchBar({ id, label, defaultValue }: { id: string; label: string; defaultValue: string }) {
  return (
    <div className={styles.searchBar}>
      <div className={styles.searchField}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <svg className={styles.searchIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M21 21l-4.35-4.35M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z" />
        </svg>
        <input
          id={id}
          className={styles.searchInput}
          type="search"
          name="search"
          defaultValue={defaultValue}
          placeholder="Search titles, writers, lyrics…"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
        />
      </div>
      <Button type="submit" variant="default">
        Search
      </Button>
    </div>
  );
}
