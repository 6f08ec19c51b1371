/**
 * /admin/ar-registrations (admin guard; ADR 0072): the A&R registration queue.
 * Filters by status with counts; each request's details; approve (the account
 * becomes accepted_ar) or decline with a note. Plain forms: they work without
 * JavaScript, and a refusal (already decided, no account, a role already)
 * comes back under the request it concerns.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AR_INTENTS, AR_LIMITS, arDecisionSchema } from "~/ar/registration-schema";
import { AR_REGISTRATION_STATUSES, AR_REGISTRATION_TEXT as T, AR_STATUS_LABELS, type ArRegistrationStatus } from "~/ar/registration-text";
import * as styles from "~/ar/registration.css";
import { countArRegistrations, decideArRegistration, getArRegistration, listArRegistrations, type ArRegistrationRow } from "~/ar/registrations.server";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${T.adminTitle} | Admin | ${PRODUCT_NAME}` }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function statusOf(value: string | null): ArRegistrationStatus {
  return (AR_REGISTRATION_STATUSES as readonly string[]).includes(value ?? "") ? (value as ArRegistrationStatus) : "pending";
}

const route = defineRoute({
  access: "admin",
  adminSection: { label: "A&R registrations", to: "/admin/ar-registrations", summary: T.adminSummary, order: 15 },
  async load({ db, url }) {
    const id = url.searchParams.get("id");
    const counts = await countArRegistrations(db);
    if (id !== null) {
      const one = UUID.test(id) ? await getArRegistration(db, id) : null;
      if (!one) throw new Response(T.notFound, { status: 404 });
      return { status: one.status, counts, rows: [one], single: true };
    }
    const status = statusOf(url.searchParams.get("status"));
    return { status, counts, rows: await listArRegistrations(db, status), single: false };
  },
  forms: {
    [AR_INTENTS.decide]: form<"admin", typeof arDecisionSchema>({
      schema: arDecisionSchema,
      async handle({ db, messages, viewer, value, reply }) {
        const outcome = await decideArRegistration(db, messages, viewer, value);
        if (!outcome.ok) {
          switch (outcome.reason) {
            case "not-found":
              return reply({ formErrors: [T.notFound], status: 404 });
            case "decided":
              return reply({ formErrors: [T.alreadyDecided(AR_STATUS_LABELS[outcome.status])], status: 409 });
            case "no-account":
              return reply({ formErrors: [T.cannotApproveNoAccount], status: 409 });
            case "has-role":
              return reply({ formErrors: [T.cannotApproveRole], status: 409 });
          }
        }
        const approved = outcome.decision === "approve";
        return redirectWithToast("/admin/ar-registrations?status=pending", {
          type: "success",
          title: approved ? T.approvedTitle : T.declinedToastTitle,
          message: approved ? T.approvedToast(outcome.name) : T.declinedToast(outcome.name),
        });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

export default function AdminArRegistrationsRoute() {
  const { status, counts, rows, single } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="Admin" title={T.adminTitle} lead={T.adminLead} />
      <nav aria-label="Requests by status">
        <ul className={styles.filters}>
          {AR_REGISTRATION_STATUSES.map((value) => (
            <li key={value}>
              <Link
                to={`/admin/ar-registrations?status=${value}`}
                className={styles.filterLink}
                aria-current={!single && value === status ? "page" : undefined}
              >
                {`${AR_STATUS_LABELS[value]} (${counts[value]})`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length === 0 ? (
        <EmptyState icon="mail" title={T.emptyTitle(AR_STATUS_LABELS[status])} headingLevel={2}>
          {T.emptyBody}
        </EmptyState>
      ) : (
        <ol className={styles.queue} aria-label={single ? "Request" : `${AR_STATUS_LABELS[status]} requests`}>
          {rows.map((row) => (
            <li key={row.id}>
              <RequestCard row={row} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function RequestCard({ row }: { row: ArRegistrationRow }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const mine = actionData?.result.initialValue?.registrationId === row.id ? actionData.result : null;
  const sending = navigation.state === "submitting" && navigation.formData?.get("registrationId") === row.id;
  const canApprove = row.account !== null && (row.account.role === null || row.account.role === "accepted_ar") && !row.account.isAdmin;
  const titleId = `ar-request-${row.id}`;
  const noteId = `ar-note-${row.id}`;
  const noteErrors = mine?.error?.note ?? undefined;
  const formErrors = mine?.error?.[""] ?? undefined;
  return (
    <article className={styles.statusCard} aria-labelledby={titleId}>
      <div className={styles.statusHead}>
        <h2 id={titleId} className={page.sectionTitle} style={{ marginBottom: 0 }}>
          {row.name}
        </h2>
        <span className={styles.badge}>{AR_STATUS_LABELS[row.status]}</span>
      </div>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>Company</dt>
        <dd className={styles.factValue}>{row.company}</dd>
        <dt className={styles.factTerm}>Job title</dt>
        <dd className={styles.factValue}>{row.title || <span className={page.muted}>Not given</span>}</dd>
        <dt className={styles.factTerm}>Territory</dt>
        <dd className={styles.factValue}>{row.territory || <span className={page.muted}>Not given</span>}</dd>
        <dt className={styles.factTerm}>E-mail</dt>
        <dd className={styles.factValue}>{row.email ? <a href={`mailto:${row.email}`}>{row.email}</a> : <span className={page.muted}>Phone account</span>}</dd>
        <dt className={styles.factTerm}>Links</dt>
        <dd className={styles.factValue}>
          {row.links.length === 0 ? (
            <span className={page.muted}>None</span>
          ) : (
            <ul className={page.chipList}>
              {row.links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer nofollow" target="_blank">
                    {link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className={styles.factTerm}>Message</dt>
        <dd className={styles.factValue}>{row.message ? <span className={styles.note}>{row.message}</span> : <span className={page.muted}>No message</span>}</dd>
        <dt className={styles.factTerm}>Received</dt>
        <dd className={styles.factValue}>
          <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
        </dd>
        {row.decidedAt ? (
          <>
            <dt className={styles.factTerm}>{AR_STATUS_LABELS[row.status]}</dt>
            <dd className={styles.factValue}>
              <time dateTime={row.decidedAt}>{when(row.decidedAt)}</time>
              {row.decidedByName ? ` ${T.decidedBy(row.decidedByName)}` : ""}
            </dd>
          </>
        ) : null}
        {row.decisionNote ? (
          <>
            <dt className={styles.factTerm}>{T.decisionNote}</dt>
            <dd className={styles.factValue}>
              <span className={styles.note}>{row.decisionNote}</span>
            </dd>
          </>
        ) : null}
      </dl>
      {row.status === "pending" ? (
        <>
          {row.account === null ? <p className={page.muted}>{T.noAccount}</p> : null}
          {row.account && !row.account.confirmed ? <p className={page.muted}>{T.unconfirmed}</p> : null}
          {row.account && !canApprove ? <p className={page.muted}>{T.hasRoleAlready}</p> : null}
          <Form method="post" className={styles.decisionForm} aria-label={`Decide on the request from ${row.name}`}>
            <input type="hidden" name="intent" value={AR_INTENTS.decide} />
            <input type="hidden" name="registrationId" value={row.id} />
            <FieldErrors id={`${noteId}-form-error`} errors={formErrors} />
            <div className={formStyles.field}>
              <label htmlFor={noteId} className={formStyles.label}>
                {T.decisionNote}
              </label>
              <p id={`${noteId}-hint`} className={formStyles.hint}>
                {T.decisionNoteHint}
              </p>
              <textarea
                id={noteId}
                name="note"
                rows={3}
                maxLength={AR_LIMITS.decisionNote}
                defaultValue={typeof mine?.initialValue?.note === "string" ? mine.initialValue.note : ""}
                aria-describedby={[`${noteId}-hint`, noteErrors ? `${noteId}-error` : null].filter(Boolean).join(" ")}
                aria-invalid={noteErrors ? true : undefined}
                className={formStyles.textarea}
              />
              <FieldErrors id={`${noteId}-error`} errors={noteErrors} />
            </div>
            <div className={styles.decisionActions}>
              {canApprove ? (
                <Button type="submit" name="decision" value="approve" variant="uber" aria-disabled={sending || undefined}>
                  {T.approve}
                </Button>
              ) : null}
              <Button type="submit" name="decision" value="decline" variant="destructive" aria-disabled={sending || undefined}>
                {T.decline}
              </Button>
            </div>
          </Form>
        </>
      ) : null}
    </article>
  );
}
