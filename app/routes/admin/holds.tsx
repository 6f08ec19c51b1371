/**
 * /admin/holds (admin only): the A&R's hold requests, filtered by status with
 * counts (requests first, oldest first), each answered in place: grant until
 * a date (14 days unless chosen) or decline with a note. Each answer puts a
 * notice in the A&R's inbox. A request already answered (another admin, a
 * replayed post) is refused with a clear message and nothing changes.
 * docs/decisions/0073-pitching-search-and-holds.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { answerHoldSchema } from "~/holds/holds-schema";
import { answerHold, defaultHoldUntil, listAdminHolds, parseHoldFilter } from "~/holds/holds.server";
import { ADMIN_HOLD_FILTERS, HOLD_STATUS_LABELS, HOLD_TEXT, holdDate, type AdminHoldFilter } from "~/holds/holds-text";
import { AdminHoldCard, replyFor, type ActionReply } from "~/holds/HoldViews";
import * as styles from "~/holds/holds.css";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";

export const meta: MetaFunction = () => [{ title: `${HOLD_TEXT.adminTitle} | Admin | ${PRODUCT_NAME}` }];

const filterHref = (filter: AdminHoldFilter) => (filter === "requested" ? "/admin/holds" : `/admin/holds?status=${filter}`);

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Holds", to: "/admin/holds", summary: HOLD_TEXT.adminSummary, order: 25 },
  async load({ db, url }) {
    const filter = parseHoldFilter(url.searchParams.get("status"));
    const { holds, counts } = await listAdminHolds(db, filter);
    return { filter, holds, counts, defaultUntil: defaultHoldUntil() };
  },
  forms: {
    answer: form<"admin", typeof answerHoldSchema>({
      schema: answerHoldSchema,
      async handle({ db, viewer, value, reply }) {
        const result = await answerHold(db, {
          holdId: value.holdId,
          adminId: viewer.id,
          decision: value.decision,
          until: value.until,
          responseNote: value.responseNote,
        });
        if (!result.ok) {
          if (result.reason === "missing") return reply({ formErrors: [HOLD_TEXT.noSuchHold], status: 404 });
          if (result.reason === "held") return reply({ formErrors: [HOLD_TEXT.heldByOther(holdDate(result.until))], status: 409 });
          return reply({ formErrors: [HOLD_TEXT.alreadyAnswered], status: 409 });
        }
        const message =
          value.decision === "grant" ? HOLD_TEXT.grantedToast(result.songTitle, holdDate(result.expiresAt!)) : HOLD_TEXT.declinedToast(result.songTitle);
        return redirectWithToast(filterHref(parseHoldFilter(value.filter ?? null)), { type: "success", message });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

export default function AdminHoldsRoute() {
  const { filter, holds, counts, defaultUntil } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply;
  // A refusal about a hold no longer on this list (answered meanwhile) still shows, above the list.
  const orphan = replyFor(reply, "answer");
  const orphanHold = orphan?.initialValue?.holdId;
  const orphanShown = typeof orphanHold === "string" && holds.some((hold) => hold.id === orphanHold && hold.status === "requested");
  const orphanErrors = orphan && !orphanShown ? Object.values(orphan.error ?? {}).flat().filter((message): message is string => typeof message === "string") : [];
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow="Admin" title={HOLD_TEXT.adminTitle} lead={HOLD_TEXT.adminLead} />
      <nav aria-label={HOLD_TEXT.filterLabel}>
        <ul className={styles.filters}>
          {ADMIN_HOLD_FILTERS.map((option) => (
            <li key={option}>
              <Link to={filterHref(option)} className={styles.filterLink} aria-current={option === filter ? "page" : undefined}>
                {`${option === "all" ? HOLD_TEXT.filterAll : HOLD_STATUS_LABELS[option]} (${counts[option]})`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {orphanErrors.length ? (
        <ul className={page.card} role="alert" data-testid="answer-refused">
          {orphanErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {holds.length === 0 ? (
        <EmptyState icon="inbox" title={HOLD_TEXT.emptyAdmin}>
          {HOLD_TEXT.emptyAdminBody}
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label={HOLD_TEXT.adminTitle}>
          {holds.map((hold) => (
            <AdminHoldCard key={hold.id} hold={hold} defaultUntil={defaultUntil} filter={filter} lastResult={replyFor(reply, "answer", hold.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
