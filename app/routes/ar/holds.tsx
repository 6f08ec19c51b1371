/**
 * /ar/holds: the approved A&R's holds (app/holds): each with its status, the
 * admin's answer and end date, and Release (granted) or Withdraw (requested).
 * It also takes the song page's "Request a hold" form (intent "request"), so
 * the song page stays a GET-only public page: a refused request without
 * JavaScript comes back here with the form and its errors.
 * docs/decisions/0073-pitching-search-and-holds.md
 */
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ArNav } from "~/ar/ArNav";
import { HOLD_TEXT } from "~/holds/holds-text";
import { releaseHoldSchema, requestHoldSchema } from "~/holds/holds-schema";
import { canRequestHolds, listArHolds, releaseHold, requestHold } from "~/holds/holds.server";
import { ArHoldCard, HoldRequestForm, replyFor, type ActionReply } from "~/holds/HoldViews";
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
import { Alert } from "~/ui/Alert";

export const meta: MetaFunction = () => [{ title: `${HOLD_TEXT.title} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "approved-ar",
  async load({ db, viewer }) {
    return { holds: await listArHolds(db, viewer.id) };
  },
  forms: {
    request: form<"approved-ar", typeof requestHoldSchema>({
      schema: requestHoldSchema,
      async handle({ db, viewer, value, reply }) {
        // Admins answer holds; requesting is for A&R accounts.
        if (!canRequestHolds(viewer)) return reply({ formErrors: [HOLD_TEXT.onlyAr], status: 403 });
        const result = await requestHold(db, { songId: value.songId, arId: viewer.id, note: value.note });
        if (!result.ok) {
          return result.reason === "song"
            ? reply({ fieldErrors: { songId: [HOLD_TEXT.noSuchSong] }, status: 404 })
            : reply({ formErrors: [HOLD_TEXT.alreadyOpen], status: 409 });
        }
        return redirectWithToast(`/song/${value.songId}`, { type: "success", message: HOLD_TEXT.requestedToast(result.songTitle) });
      },
    }),
    release: form<"approved-ar", typeof releaseHoldSchema>({
      schema: releaseHoldSchema,
      async handle({ db, viewer, value, reply }) {
        const result = await releaseHold(db, { holdId: value.holdId, arId: viewer.id });
        if (!result.ok) {
          return result.reason === "missing" ? reply({ formErrors: [HOLD_TEXT.noSuchHold], status: 404 }) : reply({ formErrors: [HOLD_TEXT.alreadyClosed], status: 409 });
        }
        const message = result.was === "granted" ? HOLD_TEXT.releasedToast(result.songTitle) : HOLD_TEXT.withdrawnToast(result.songTitle);
        return redirectWithToast("/ar/holds", { type: "success", message });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

export default function ArHoldsRoute() {
  const { holds } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply;
  const refusedRequest = replyFor(reply, "request");
  const requestedSong = refusedRequest?.initialValue?.songId;
  const requestedTitle = holds.find((hold) => hold.songId === requestedSong)?.songTitle;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow="A&R" title={HOLD_TEXT.title} lead={HOLD_TEXT.arLead} />
      <ArNav />
      {refusedRequest && typeof requestedSong === "string" ? (
        <section className={page.card} aria-labelledby="hold-refused">
          <Alert variant="destructive" title={<span id="hold-refused">{HOLD_TEXT.requestFailedTitle}</span>}>
            {(refusedRequest.error?.[""] ?? refusedRequest.error?.songId ?? []).join(" ") || null}
          </Alert>
          <HoldRequestForm songId={requestedSong} songTitle={requestedTitle ?? "this song"} lastResult={refusedRequest} headingLevel={2} />
        </section>
      ) : null}
      {holds.length === 0 ? (
        <EmptyState icon="music" title={HOLD_TEXT.emptyAr}>
          {HOLD_TEXT.emptyArBody}
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label={HOLD_TEXT.title}>
          {holds.map((hold) => (
            <ArHoldCard key={hold.id} hold={hold} lastResult={replyFor(reply, "release", hold.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
