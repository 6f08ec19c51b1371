/**
 * Previous / numbered / next page links. Plain links carrying the whole query,
 * so paging works without JavaScript and every page has its own URL.
 */
import { Link } from "@remix-run/react";
import * as styles from "./catalog.css";
import { pageItems } from "./pagination";

export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <ul className={styles.pageList}>
        <li>
          {hasPrevious ? (
            <Link className={styles.pageLink} to={hrefFor(page - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span className={styles.pageLink} data-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageItems(page, pageCount).map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} className={styles.pageGap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                className={styles.pageLink}
                to={hrefFor(item.page)}
                aria-current={item.page === page ? "page" : undefined}
                aria-label={`Page ${item.page}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link className={styles.pageLink} to={hrefFor(page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span className={styles.pageLink} data-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
