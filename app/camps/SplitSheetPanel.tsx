/**
 * A camp song's split sheet on the session page (issue 13 §4, ADR 0090): its
 * state, who has confirmed and who not, the confirm / withdraw buttons (one's
 * own row; an admin's for a co-writer without an account) and the form that
 * fills it. Plain forms: everything works without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { CREDIT_ROLE_LABELS, CREDIT_ROLES } from "~/submissions/constants";
import { Button, buttonClass } from "~/ui/Button";
import type { CreditRole } from "~/catalog/types";
import type { CampRole } from "~/platform/db/schema";
import { equalShares, GUEST, GUEST_NAME_MAX, SHEET_MAX_ROWS } from "./songs-schema";
import { SPLIT_TEXT as T } from "./songs-text";
import * as styles from "./songs.css";

export interface SheetRowView {
  id: string;
  memberId: string | null;
  name: string;
  role: CreditRole;
  share: number;
  confirmedAt: string | null;
  confirmedAs: "self" | "admin" | null;
}

export interface SheetView {
  version: number;
  rows: SheetRowView[];
  total: number;
  /** People in the session the sheet does not name yet. */
  missing?: { memberId: string; name: string }[];
  complete: boolean;
  locked: boolean;
}

export type FieldErrorMap = Record<string, string[] | null | undefined> | undefined;

export function sheetState(sheet: SheetView): { key: "none" | "awaiting" | "complete" | "locked"; label: string } {
  if (sheet.rows.length === 0) return { key: "none", label: T.stateNone };
  if (sheet.locked) return { key: "locked", label: T.stateLocked };
  if (sheet.complete) return { key: "complete", label: T.stateComplete };
  return { key: "awaiting", label: T.stateAwaiting(sheet.rows.filter((r) => !r.confirmedAt).length) };
}

const formatShare = (share: number) => share.toFixed(2).replace(/\.00$/, "");

export function SheetStateBadge({ sheet }: { sheet: SheetView }) {
  const state = sheetState(sheet);
  return (
    <span className={styles.badge[state.key]} data-sheet-state={state.key}>
      {state.label}
    </span>
  );
}

function RowForm({ intent, label, campSongId, row, version, variant }: { intent: "confirmShare" | "withdrawShare"; label: string; campSongId: string; row: SheetRowView; version: number; variant: "default" | "outline" }) {
  return (
    <Form method="post" className={styles.inlineForm}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="campSongId" value={campSongId} />
      <input type="hidden" name="rowId" value={row.id} />
      <input type="hidden" name="version" value={version} />
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </Form>
  );
}

export function SplitSheetTable({
  campSongId,
  title,
  sheet,
  viewer,
  canSubmit,
}: {
  campSongId: string;
  title: string;
  sheet: SheetView;
  viewer: { id: string; isAdmin: boolean };
  canSubmit: boolean;
}) {
  if (sheet.rows.length === 0) return <p className={styles.note}>{T.stateNone}.</p>;
  return (
    <div className={styles.tightStack}>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.caption}>
            {`${T.heading}: ${title}`}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.cell}>
                {T.nameHeader}
              </th>
              <th scope="col" className={styles.cell}>
                {T.roleHeader}
              </th>
              <th scope="col" className={styles.numeric}>
                {T.shareHeader}
              </th>
              <th scope="col" className={styles.cell}>
                {T.statusHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((row) => {
              const own = row.memberId !== null && row.memberId === viewer.id;
              const adminGuest = row.memberId === null && viewer.isAdmin;
              return (
                <tr key={row.id} data-share-row={row.memberId ?? "guest"}>
                  <th scope="row" className={styles.cell}>
                    {row.name}
                    {row.memberId === null ? <span className={styles.note}>{` (${T.guestLabel})`}</span> : null}
                  </th>
                  <td className={styles.cell}>{CREDIT_ROLE_LABELS[row.role]}</td>
                  <td className={styles.numeric}>{formatShare(row.share)}</td>
                  <td className={styles.cell}>
                    <div className={styles.tightStack}>
                      <span data-confirmed={row.confirmedAs ?? "no"}>
                        {row.confirmedAs === "self" ? T.confirmedSelf : row.confirmedAs === "admin" ? T.confirmedAdmin : T.notConfirmed}
                      </span>
                      {own && !row.confirmedAt ? <RowForm intent="confirmShare" label={T.confirmMine} campSongId={campSongId} row={row} version={sheet.version} variant="default" /> : null}
                      {own && row.confirmedAt && !sheet.locked ? (
                        <RowForm intent="withdrawShare" label={T.withdrawMine} campSongId={campSongId} row={row} version={sheet.version} variant="outline" />
                      ) : null}
                      {adminGuest && !row.confirmedAt ? (
                        <RowForm intent="confirmShare" label={T.confirmGuest(row.name)} campSongId={campSongId} row={row} version={sheet.version} variant="default" />
                      ) : null}
                      {adminGuest && row.confirmedAt && !sheet.locked ? (
                        <RowForm intent="withdrawShare" label={T.withdrawGuest(row.name)} campSongId={campSongId} row={row} version={sheet.version} variant="outline" />
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <td className={styles.cell} colSpan={4}>
                {T.total(formatShare(sheet.total))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {sheet.missing && sheet.missing.length > 0 ? <p className={styles.note}>{T.missingNote(sheet.missing.map((m) => m.name))}</p> : null}
      {sheet.locked ? <p className={styles.note}>{T.lockedNote}</p> : null}
      {sheet.complete && !sheet.locked && canSubmit ? (
        <p>
          <Link to={`/submissions?campSong=${campSongId}`} className={buttonClass({ variant: "outline" })}>
            {T.submitToCatalogue}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export interface GroupMember {
  memberId: string;
  displayName: string;
  campRole: CampRole;
}

interface DraftRow {
  person: string;
  name: string;
  role: CreditRole | "";
  share: string;
}

/** The rows the form starts from: the sheet's, else the session's members with equal shares; then blank rows. */
function draftRows(sheet: SheetView, group: GroupMember[]): DraftRow[] {
  const rows: DraftRow[] =
    sheet.rows.length > 0
      ? sheet.rows.map((r) => ({ person: r.memberId ?? GUEST, name: r.memberId ? "" : r.name, role: r.role, share: formatShare(r.share) }))
      : group.map((p, i) => ({ person: p.memberId, name: "", role: p.campRole, share: String(equalShares(group.length)[i]) }));
  // Someone seated after the sheet was saved starts as a row of their own, share to be agreed.
  if (sheet.rows.length > 0) {
    for (const p of group) if (!sheet.rows.some((r) => r.memberId === p.memberId)) rows.push({ person: p.memberId, name: "", role: p.campRole, share: "" });
  }
  const blanks = Math.max(0, Math.min(2, SHEET_MAX_ROWS - rows.length));
  for (let i = 0; i < blanks; i++) rows.push({ person: "", name: "", role: "", share: "" });
  return rows;
}

export function SplitSheetForm({
  campSongId,
  title,
  sheet,
  group,
  errors,
  values,
}: {
  campSongId: string;
  title: string;
  sheet: SheetView;
  group: GroupMember[];
  /** The server's reply to this form (field errors by conform name), when it answered this song. */
  errors?: FieldErrorMap;
  /** What was posted, to show it again with the errors. */
  values?: { rows?: Partial<DraftRow>[] } | null;
}) {
  const base = draftRows(sheet, group);
  const posted = values?.rows;
  const rows: DraftRow[] = posted
    ? base.map((row, i) => ({ person: posted[i]?.person ?? "", name: posted[i]?.name ?? "", role: (posted[i]?.role as CreditRole) ?? "", share: posted[i]?.share ?? "" }))
    : base;
  const idBase = `sheet-${campSongId}`;
  const formErrors = [...(errors?.[""] ?? []), ...(errors?.rows ?? []), ...(errors?.version ?? []), ...(errors?.campSongId ?? [])];
  return (
    <details className={styles.details} open={sheet.rows.length === 0 || Boolean(errors)}>
      <summary className={styles.summary}>{sheet.rows.length === 0 ? T.editHeading : T.editSummary}</summary>
      <Form method="post" className={formStyles.form} aria-label={`${T.editHeading}: ${title}`} noValidate>
        <input type="hidden" name="intent" value="saveSheet" />
        <input type="hidden" name="campSongId" value={campSongId} />
        <input type="hidden" name="version" value={sheet.version} />
        <p className={styles.callout} id={`${idBase}-clears`}>
          {T.clearsNote}
        </p>
        <p className={styles.note}>{T.addRowsNote}</p>
        <FieldErrors id={`${idBase}-error`} errors={formErrors.length ? formErrors : undefined} />
        {rows.map((row, i) => {
          const name = (field: string) => `rows[${i}].${field}`;
          const id = (field: string) => `${idBase}-${i}-${field}`;
          const err = (field: string) => errors?.[name(field)] ?? undefined;
          return (
            <fieldset key={i} className={styles.sheetRow}>
              <legend className={styles.legend}>{T.rowLegend(i + 1)}</legend>
              <Field label={T.memberLabel} htmlFor={id("person")} errorId={id("person-error")} errors={err("person")}>
                <select id={id("person")} name={name("person")} defaultValue={row.person} className={formStyles.control} aria-describedby={err("person") ? id("person-error") : undefined}>
                  <option value="">—</option>
                  {group.map((p) => (
                    <option key={p.memberId} value={p.memberId}>
                      {p.displayName}
                    </option>
                  ))}
                  <option value={GUEST}>{T.guestOption}</option>
                </select>
              </Field>
              <Field label={T.guestNameLabel} htmlFor={id("name")} errorId={id("name-error")} errors={err("name")}>
                <input id={id("name")} name={name("name")} defaultValue={row.name} maxLength={GUEST_NAME_MAX + 20} className={formStyles.control} autoComplete="off" aria-describedby={err("name") ? id("name-error") : undefined} />
              </Field>
              <Field label={T.roleHeader} htmlFor={id("role")} errorId={id("role-error")} errors={err("role")}>
                <select id={id("role")} name={name("role")} defaultValue={row.role} className={formStyles.control} aria-describedby={err("role") ? id("role-error") : undefined}>
                  <option value="">—</option>
                  {CREDIT_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {CREDIT_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={T.shareHeader} htmlFor={id("share")} errorId={id("share-error")} errors={err("share")}>
                <input
                  id={id("share")}
                  name={name("share")}
                  defaultValue={row.share}
                  inputMode="decimal"
                  className={formStyles.control}
                  aria-describedby={err("share") ? id("share-error") : undefined}
                />
              </Field>
            </fieldset>
          );
        })}
        <div className={formStyles.actions}>
          <Button type="submit" aria-describedby={`${idBase}-clears`}>
            {T.saveSheet}
          </Button>
        </div>
      </Form>
    </details>
  );
}
