/**
 * The GET search form of the admin lists that pair a text search with one
 * filter (/admin/members by role, /admin/showcase by where a track shows): a
 * plain form, so it works without JavaScript, re-mounted when the query
 * changes so its fields show what the list shows.
 */
import { Form, useLocation } from "@remix-run/react";
import * as formStyles from "~/layout/form.css";
import { Button, ButtonLink } from "~/ui/Button";
import { ADMIN_SEARCH_MAX } from "./members-showcase-text";
import * as styles from "./members-showcase.css";

export interface AdminSearchFormProps {
  /** The list's path: the form's action and the "clear" link. */
  path: string;
  /** Prefix of the fields' ids (unique on the page). */
  idPrefix: string;
  text: { formLabel: string; searchLabel: string; searchPlaceholder: string; submit: string; clear: string };
  q: string | null | undefined;
  filter: { name: string; label: string; value: string; options: { value: string; label: string }[] };
  /** Whether the list is narrowed now (offers the "clear" link). */
  filtered: boolean;
}

export function AdminSearchForm({ path, idPrefix, text, q, filter, filtered }: AdminSearchFormProps) {
  const location = useLocation();
  return (
    <Form key={location.search} method="get" action={path} className={styles.searchForm} role="search" aria-label={text.formLabel}>
      <div className={styles.searchField}>
        <label htmlFor={`${idPrefix}-q`} className={formStyles.label}>
          {text.searchLabel}
        </label>
        <input
          id={`${idPrefix}-q`}
          type="search"
          name="q"
          defaultValue={q ?? ""}
          placeholder={text.searchPlaceholder}
          maxLength={ADMIN_SEARCH_MAX}
          autoComplete="off"
          className={formStyles.control}
        />
      </div>
      <div className={styles.searchField}>
        <label htmlFor={`${idPrefix}-${filter.name}`} className={formStyles.label}>
          {filter.label}
        </label>
        <select id={`${idPrefix}-${filter.name}`} name={filter.name} defaultValue={filter.value} className={formStyles.control}>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.searchActions}>
        <Button type="submit" variant="secondary">
          {text.submit}
        </Button>
        {filtered ? (
          <ButtonLink to={path} variant="ghost">
            {text.clear}
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
}
