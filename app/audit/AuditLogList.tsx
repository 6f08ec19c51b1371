/**
 * The admins' action log as a list (ADR 0078, 0079): each entry says when,
 * who, what (the action's label) and to what (a link where the record has an
 * admin page), with the record's before and after in a <details> table.
 * Reusable: the overview lists the whole log with filters (AuditLogFilters),
 * a record's page can list its own history (listAuditEntries with targetId).
 * Works without JavaScript: the filters are a GET form, paging is a link.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import * as formStyles from "~/layout/form.css";
import * as memberStyles from "~/members/members.css";
import { Button, ButtonLink } from "~/ui/Button";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, auditActionLabel } from "./actions";
import { auditChanges, auditTargetHref, type AuditFilterParams } from "./audit-filter";
import * as styles from "./audit.css";

/** An entry as the loader sends it (AuditEntry from audit.server.ts, serialised). */
export interface AuditEntryView {
  id: string;
  actorId: string;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

const whenFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function targetTypeLabel(type: string): string {
  return Object.hasOwn(AUDIT_TARGET_TYPES, type) ? AUDIT_TARGET_TYPES[type as keyof typeof AUDIT_TARGET_TYPES] : type;
}

function Value({ value, className }: { value: string | null; className: string }) {
  return value === null ? <span className={styles.none}>none</span> : <span className={className}>{value}</span>;
}

function Changes({ entry }: { entry: AuditEntryView }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <p className={styles.meta}>No details recorded.</p>;
  return (
    <details className={styles.details}>
      <summary>
        Before and after<span className="visually-hidden">: {auditActionLabel(entry.action)}, {entry.targetLabel || targetTypeLabel(entry.targetType)}</span>
      </summary>
      <div className={styles.diffWrap}>
        <table className={styles.diff}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.field}</th>
                <td>
                  <Value value={change.before} className={change.before !== change.after ? styles.removed : ""} />
                </td>
                <td>
                  <Value value={change.after} className={change.before !== change.after ? styles.added : ""} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function AuditLogList({
  entries,
  empty,
  olderHref,
  newestHref,
  label = "Audit log entries",
}: {
  entries: readonly AuditEntryView[];
  /** What to show when there is no entry (an honest empty state). */
  empty: ReactNode;
  /** The next page of older entries (keyset: ?before=<nextBeforeId>), when there is one. */
  olderHref?: string | null;
  /** Back to the newest entries, when this page is not the first. */
  newestHref?: string | null;
  label?: string;
}) {
  return (
    <>
      {entries.length === 0 ? (
        empty
      ) : (
        <ol className={styles.list} aria-label={label}>
          {entries.map((entry) => {
            const href = auditTargetHref(entry.targetType, entry.targetId);
            const targetText = entry.targetLabel || entry.targetId || targetTypeLabel(entry.targetType);
            return (
              <li key={entry.id} className={styles.entry}>
                <p className={styles.headline}>
                  <span className={styles.action}>{auditActionLabel(entry.action)}</span>
                  <span className={styles.target}>
                    {targetTypeLabel(entry.targetType)}:{" "}
                    {href ? (
                      <Link to={href} prefetch="none">
                        {targetText}
                      </Link>
                    ) : (
                      targetText
                    )}
                  </span>
                </p>
                <p className={styles.meta}>
                  <time dateTime={entry.createdAt}>{whenFormat.format(new Date(entry.createdAt))} UTC</time> by {entry.actorName}
                </p>
                <Changes entry={entry} />
              </li>
            );
          })}
        </ol>
      )}
      {olderHref || newestHref ? (
        <nav className={styles.pager} aria-label="Audit log pages">
          {newestHref ? <Link to={newestHref}>Newest entries</Link> : <span />}
          {olderHref ? <Link to={olderHref}>Older entries</Link> : <span />}
        </nav>
      ) : null}
    </>
  );
}

/** The log's filters: who, what action, what kind of record (a GET form: works without JavaScript). */
export function AuditLogFilters({
  action,
  filter,
  actors,
  clearHref,
}: {
  /** Where the form goes (the page listing the log), with its anchor. */
  action: string;
  filter: AuditFilterParams;
  actors: readonly { id: string; name: string }[];
  clearHref: string;
}) {
  const filtered = Boolean(filter.actorId || filter.action || filter.targetType);
  return (
    <Form method="get" action={action} className={memberStyles.filterForm} aria-label="Filter the audit log" preventScrollReset>
      <div className={memberStyles.filterField}>
        <label htmlFor="audit-actor" className={formStyles.label}>
          Who
        </label>
        <select id="audit-actor" name="actor" defaultValue={filter.actorId ?? ""} className={formStyles.control}>
          <option value="">Anyone</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
      </div>
      <div className={memberStyles.filterField}>
        <label htmlFor="audit-action" className={formStyles.label}>
          Action
        </label>
        <select id="audit-action" name="action" defaultValue={filter.action ?? ""} className={formStyles.control}>
          <option value="">Any action</option>
          {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className={memberStyles.filterField}>
        <label htmlFor="audit-target" className={formStyles.label}>
          Kind of record
        </label>
        <select id="audit-target" name="target" defaultValue={filter.targetType ?? ""} className={formStyles.control}>
          <option value="">Any record</option>
          {Object.entries(AUDIT_TARGET_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {filtered ? (
        <ButtonLink to={clearHref} variant="ghost" preventScrollReset>
          Clear filters
        </ButtonLink>
      ) : null}
    </Form>
  );
}
