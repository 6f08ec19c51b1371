/**
 * Who wrote and produced the song, in what role, with what share. The split
 * bar shows the same numbers visually; the table is the accessible version.
 */
import { Link } from "@remix-run/react";
import * as page from "~/layout/page.css";
import type { Credit } from "../types";
import * as styles from "./catalog.css";

const SEGMENT_COLOURS = ["#7c3aed", "#ea580c", "#0891b2", "#16a34a", "#db2777", "#ca8a04", "#4f46e5", "#0d9488"];

export function formatSplit(split: number): string {
  const rounded = Math.round(split * 100) / 100;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toString()}%`;
}

export function CreditsTable({ credits }: { credits: Credit[] }) {
  if (credits.length === 0) return <p className={page.muted}>No credits have been registered for this song.</p>;
  const total = credits.reduce((sum, credit) => sum + credit.split, 0);
  const withShare = credits.filter((credit) => credit.split > 0);
  return (
    <div className={styles.stack}>
      {withShare.length > 0 ? (
        <div className={styles.splitBar} aria-hidden="true">
          {withShare.map((credit, i) => (
            <span
              key={`${credit.name}-${credit.role}-${i}`}
              className={styles.splitSegment}
              style={{ width: `${(credit.split / Math.max(total, 100)) * 100}%`, background: SEGMENT_COLOURS[i % SEGMENT_COLOURS.length] }}
            />
          ))}
        </div>
      ) : null}
      <div className={page.tableWrap}>
        <table className={page.table}>
          <caption className="visually-hidden">Credits and splits</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col" className={styles.splitCell}>
                Split
              </th>
            </tr>
          </thead>
          <tbody>
            {credits.map((credit, i) => (
              <tr key={`${credit.name}-${credit.role}-${i}`}>
                <th scope="row">
                  {credit.memberId ? <Link to={`/members/${credit.memberId}`}>{credit.name}</Link> : credit.name}
                </th>
                <td>
                  <span className={styles.roleChip}>{credit.role}</span>
                </td>
                <td className={styles.splitCell}>{formatSplit(credit.split)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td className={styles.splitCell}>{formatSplit(total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
