/**
 * The holds' views: a hold as a card (the A&R's list, the admins' list), the
 * request form, the admin's answer form, and the song page's panel. Plain
 * POST forms (they work without JavaScript); errors come back from the
 * server's reply through conform (lastResult) and show under their fields.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { Button, ButtonLink } from "~/ui/Button";
import { HoldStatusBadge } from "./HoldStatusBadge";
import type { HoldView } from "./holds.server";
import * as styles from "./holds.css";
import { HOLD_LIMITS, HOLD_TEXT, holdDate } from "./holds-text";

export { HoldStatusBadge };

export type ActionReply = { intent: string; result: SubmissionResult<string[]> } | undefined;

/** The reply of one form (by intent and, for a list of forms, the hold it was about). */
export function replyFor(reply: ActionReply, intent: string, holdId?: string): SubmissionResult<string[]> | undefined {
  if (!reply || reply.intent !== intent) return undefined;
  if (holdId !== undefined && (reply.result.initialValue as Record<string, unknown> | undefined)?.holdId !== holdId) return undefined;
  return reply.result;
}


function HoldFacts({ hold, showAr }: { hold: HoldView; showAr: boolean }) {
  return (
    <dl className={styles.meta}>
      {showAr ? (
        <>
          <dt className={styles.metaTerm}>{HOLD_TEXT.ar}</dt>
          <dd className={styles.metaValue}>{hold.arCompany ? `${hold.arName}, ${hold.arCompany}` : hold.arName}</dd>
        </>
      ) : null}
      <dt className={styles.metaTerm}>{HOLD_TEXT.requested}</dt>
      <dd className={styles.metaValue}>
        <time dateTime={hold.requestedAt}>{holdDate(hold.requestedAt)}</time>
      </dd>
      {hold.expiresAt ? (
        <>
          <dt className={styles.metaTerm}>{HOLD_TEXT.until}</dt>
          <dd className={styles.metaValue}>
            <time dateTime={hold.expiresAt}>{holdDate(hold.expiresAt)}</time>
          </dd>
        </>
      ) : null}
      <dt className={styles.metaTerm}>{showAr ? HOLD_TEXT.theirNote : HOLD_TEXT.yourNote}</dt>
      <dd className={styles.metaValue}>{hold.note || HOLD_TEXT.noNote}</dd>
      <dt className={styles.metaTerm}>{HOLD_TEXT.answer}</dt>
      <dd className={styles.metaValue}>{hold.status === "requested" ? HOLD_TEXT.noAnswerYet : hold.responseNote || "—"}</dd>
    </dl>
  );
}

/** One of the A&R's holds, with Release / Withdraw while it is open. */
export function ArHoldCard({ hold, lastResult }: { hold: HoldView; lastResult?: SubmissionResult<string[]> }) {
  const open = hold.status === "requested" || hold.status === "granted";
  const errors = lastResult?.error?.[""] ?? lastResult?.error?.holdId ?? undefined;
  return (
    <li className={styles.item} data-testid="hold">
      <div className={styles.itemHead}>
        <Link to={`/song/${hold.songId}`} className={styles.songLink}>
          {hold.songTitle}
        </Link>
        <HoldStatusBadge hold={hold} />
      </div>
      <HoldFacts hold={hold} showAr={false} />
      {open ? (
        <Form method="post" action="/ar/holds" className={styles.actions}>
          <input type="hidden" name="intent" value="release" />
          <input type="hidden" name="holdId" value={hold.id} />
          <Button type="submit" variant="outline" size="sm" aria-label={`${hold.status === "granted" ? HOLD_TEXT.release : HOLD_TEXT.withdraw}: ${hold.songTitle}`}>
            {hold.status === "granted" ? HOLD_TEXT.release : HOLD_TEXT.withdraw}
          </Button>
        </Form>
      ) : null}
      <FieldErrors id={`release-${hold.id}-error`} errors={errors} />
    </li>
  );
}

/** One hold on the admins' list; a request has the answer form. */
export function AdminHoldCard({ hold, defaultUntil, filter, lastResult }: { hold: HoldView; defaultUntil: string; filter: string; lastResult?: SubmissionResult<string[]> }) {
  return (
    <li className={styles.item} data-testid="hold">
      <div className={styles.itemHead}>
        <Link to={`/song/${hold.songId}`} className={styles.songLink}>
          {hold.songTitle}
        </Link>
        <HoldStatusBadge hold={hold} />
      </div>
      <HoldFacts hold={hold} showAr />
      {hold.status === "requested" ? <AnswerForm hold={hold} defaultUntil={defaultUntil} filter={filter} lastResult={lastResult} /> : null}
    </li>
  );
}

function AnswerForm({ hold, defaultUntil, filter, lastResult }: { hold: HoldView; defaultUntil: string; filter: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: `answer-${hold.id}`,
    lastResult,
    defaultValue: { holdId: hold.id, until: defaultUntil, responseNote: "", filter, decision: "" },
    constraint: { responseNote: { maxLength: HOLD_LIMITS.note }, until: { required: false } },
  });
  return (
    <Form method="post" action="/admin/holds" {...getFormProps(form)} className={styles.answerForm} aria-label={`Answer the hold on ${hold.songTitle}`}>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="holdId" value={hold.id} />
      <input type="hidden" name="filter" value={filter} />
      <FieldErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.holdId.errors ?? []), ...(fields.decision.errors ?? [])]} />
      <div className={styles.answerFields}>
        <Field label={HOLD_TEXT.untilLabel} htmlFor={fields.until.id} hint={HOLD_TEXT.untilHint} hintId={`${fields.until.id}-hint`} errorId={fields.until.errorId} errors={fields.until.errors}>
          <input {...getInputProps(fields.until, { type: "date", ariaDescribedBy: `${fields.until.id}-hint` })} className={formStyles.control} />
        </Field>
        <Field label={HOLD_TEXT.responseLabel} htmlFor={fields.responseNote.id} hint={HOLD_TEXT.responseHint} hintId={`${fields.responseNote.id}-hint`} errorId={fields.responseNote.errorId} errors={fields.responseNote.errors}>
          <textarea {...getTextareaProps(fields.responseNote, { ariaDescribedBy: `${fields.responseNote.id}-hint` })} rows={2} className={formStyles.control} />
        </Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" name="decision" value="grant" variant="default" size="sm" aria-label={`${HOLD_TEXT.grant}: ${hold.songTitle}`}>
          {HOLD_TEXT.grant}
        </Button>
        <Button type="submit" name="decision" value="decline" variant="outline" size="sm" aria-label={`${HOLD_TEXT.decline}: ${hold.songTitle}`}>
          {HOLD_TEXT.decline}
        </Button>
      </div>
    </Form>
  );
}

/** The request form (song page; /ar/holds shows it again with its errors after a refused post without JavaScript). */
export function HoldRequestForm({ songId, songTitle, lastResult, headingLevel = 3 }: { songId: string; songTitle: string; lastResult?: SubmissionResult<string[]>; headingLevel?: 2 | 3 }) {
  const [form, fields] = useForm({
    id: `hold-request-${songId}`,
    lastResult,
    defaultValue: { songId, note: "" },
    constraint: { note: { maxLength: HOLD_LIMITS.note } },
  });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Form method="post" action="/ar/holds" {...getFormProps(form)} className={styles.panel} aria-labelledby={`${form.id}-title`}>
      <Heading id={`${form.id}-title`} className={page.sectionTitle} style={{ marginBottom: 0 }}>
        {HOLD_TEXT.requestHeading}
      </Heading>
      <p className={page.muted}>{HOLD_TEXT.requestHint}</p>
      <input type="hidden" name="intent" value="request" />
      <input type="hidden" name="songId" value={songId} />
      <FieldErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.songId.errors ?? [])]} />
      <Field label={HOLD_TEXT.noteLabel} htmlFor={fields.note.id} hint={HOLD_TEXT.noteHint} hintId={`${fields.note.id}-hint`} errorId={fields.note.errorId} errors={fields.note.errors}>
        <textarea {...getTextareaProps(fields.note, { ariaDescribedBy: `${fields.note.id}-hint` })} rows={3} className={formStyles.textarea} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" variant="default" aria-label={`${HOLD_TEXT.requestButton}: ${songTitle}`}>
          {HOLD_TEXT.requestButton}
        </Button>
      </div>
    </Form>
  );
}

export type SongHolds =
  | { kind: "admin"; holds: HoldView[] }
  | { kind: "ar"; own: HoldView | null }
  | null;

/** The song page's hold section: only for admins (every hold) and approved A&R (their own); nothing for anyone else. */
export function SongHoldPanel({ songId, songTitle, holds }: { songId: string; songTitle: string; holds: SongHolds }) {
  if (!holds) return null;
  if (holds.kind === "admin") {
    return (
      <section className={page.card} aria-labelledby="song-holds-title" data-testid="song-holds">
        <h2 id="song-holds-title" className={page.sectionTitle}>
          {HOLD_TEXT.adminHoldsHeading}
        </h2>
        {holds.holds.length === 0 ? (
          <p className={page.muted}>{HOLD_TEXT.emptyAdmin}</p>
        ) : (
          <ul className={styles.list}>
            {holds.holds.map((hold) => (
              <li key={hold.id} className={styles.itemHead}>
                <span>
                  {hold.arCompany ? `${hold.arName}, ${hold.arCompany}` : hold.arName}
                  {hold.expiresAt ? ` · ${HOLD_TEXT.until} ${holdDate(hold.expiresAt)}` : ""}
                </span>
                <HoldStatusBadge hold={hold} />
              </li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          <ButtonLink to="/admin/holds" variant="outline" size="sm">
            {HOLD_TEXT.answerOnAdmin}
          </ButtonLink>
        </div>
      </section>
    );
  }
  const own = holds.own;
  const open = own && (own.status === "requested" || own.status === "granted");
  return (
    <section className={page.card} aria-labelledby="song-hold-title" data-testid="song-holds">
      <h2 id="song-hold-title" className={page.sectionTitle}>
        {own ? HOLD_TEXT.yourHold(own.status) : HOLD_TEXT.sectionTitle}
      </h2>
      <div className={styles.panel}>
        {own?.status === "granted" && own.expiresAt ? <p>{HOLD_TEXT.grantedUntil(holdDate(own.expiresAt))}</p> : null}
        {own && own.status !== "requested" && own.responseNote ? <p className={page.muted}>{own.responseNote}</p> : null}
        {open ? null : <HoldRequestForm songId={songId} songTitle={songTitle} />}
        <p>
          <Link to="/ar/holds" className={page.textLink}>
            {HOLD_TEXT.viewHolds}
          </Link>
        </p>
      </div>
    </section>
  );
}
