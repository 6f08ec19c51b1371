/**
 * /admin/showcase (admin guard): every member's showcase tracks, and the
 * landing page's choice of them. Feature a track on the landing page (it goes
 * last), order the landing page's tracks (each Move up / Move down button
 * posts the whole order it makes: plain forms, no JavaScript needed), take a
 * track off, hide a track (out of the public profile, the landing page and
 * every listing; its member still sees it, marked) and show it again. Search
 * by title or member and filter with one GET form. Every action records an
 * audit entry. docs/decisions/0081-member-featuring-and-showcase-curation.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import {
  CurationError,
  featureOnLanding,
  hideTrack,
  listAdminShowcase,
  listLandingQueue,
  parseShowcaseQuery,
  reorderLanding,
  takeOffLanding,
  unhideTrack,
  type AdminShowcaseRow,
} from "~/admin/showcase.server";
import { reorderSchema, trackActionSchema } from "~/admin/members-showcase-schema";
import { showcaseSearch } from "~/admin/members-showcase-query";
import { ADMIN_SHOWCASE_TEXT as T, LANDING_TRACKS_MAX, SHOWCASE_FILTER_LABELS, SHOWCASE_FILTERS } from "~/admin/members-showcase-text";
import * as styles from "~/admin/members-showcase.css";
import { AdminSearchForm } from "~/admin/AdminSearchForm";
import { Pagination } from "~/catalog/components/Pagination";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { formatTime, type Track } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { form, type FormReply, type ReplyOptions } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME, SHOWCASE_MAX_TRACKS } from "~/shared/constants";
import { showcaseAudioUrlPath } from "~/showcase/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${T.title} | Admin | ${PRODUCT_NAME}` }];

const PATH = "/admin/showcase";
/** Back to the page as the admin had it (search, filter, page). */
const selfHref = (url: URL) => `${PATH}${url.search}`;

function refusal(error: CurationError, reply: (options: ReplyOptions) => FormReply): FormReply {
  const title = error.track?.title ?? "";
  const name = error.track?.memberName ?? "";
  const message = {
    "not-found": T.notFound,
    "already-on-landing": T.alreadyOnLanding(title),
    "not-on-landing": T.notOnLanding(title),
    "landing-full": T.landingFull(LANDING_TRACKS_MAX),
    hidden: T.hiddenCannotFeature(title),
    private: T.privateCannotFeature(name),
    "not-member": T.notMemberCannotFeature(name),
    "already-hidden": T.alreadyHidden(title),
    "not-hidden": T.notHidden(title),
    "order-stale": T.orderStale,
  }[error.reason];
  return reply({ formErrors: [message], status: error.reason === "not-found" ? 404 : 409 });
}

/** Runs an action; a CurationError becomes the form's refusal. */
async function attempt(reply: (options: ReplyOptions) => FormReply, run: () => Promise<Response>): Promise<Response | FormReply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CurationError) return refusal(error, reply);
    throw error;
  }
}

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Showcase", to: PATH, summary: `Members' showcase tracks, up to ${SHOWCASE_MAX_TRACKS} each, and the landing page's choice of them.`, order: 50 },
  async load({ db, storage, url }) {
    const query = parseShowcaseQuery(url.searchParams);
    const [landing, list] = await Promise.all([listLandingQueue(db, storage), listAdminShowcase(db, storage, query)]);
    return { landing, ...list, query: { ...query, page: list.page } };
  },
  forms: {
    feature: form({
      schema: trackActionSchema,
      handle: ({ db, viewer, value, reply, url }) =>
        attempt(reply, async () => {
          const done = await featureOnLanding(db, viewer!, value.trackId);
          return redirectWithToast(selfHref(url), { type: "success", message: T.featured(done.title) });
        }),
    }),
    unfeature: form({
      schema: trackActionSchema,
      handle: ({ db, viewer, value, reply, url }) =>
        attempt(reply, async () => {
          const done = await takeOffLanding(db, viewer!, value.trackId);
          return redirectWithToast(selfHref(url), { type: "success", message: T.unfeatured(done.title) });
        }),
    }),
    reorder: form({
      schema: reorderSchema,
      handle: ({ db, viewer, value, reply, url }) =>
        attempt(reply, async () => {
          await reorderLanding(db, viewer!, value.order);
          return redirectWithToast(selfHref(url), { type: "success", message: T.reordered });
        }),
    }),
    hide: form({
      schema: trackActionSchema,
      handle: ({ db, viewer, value, reply, url }) =>
        attempt(reply, async () => {
          const done = await hideTrack(db, viewer!, value.trackId);
          return redirectWithToast(selfHref(url), { type: "success", message: T.hiddenDone(done.title) });
        }),
    }),
    unhide: form({
      schema: trackActionSchema,
      handle: ({ db, viewer, value, reply, url }) =>
        attempt(reply, async () => {
          const done = await unhideTrack(db, viewer!, value.trackId);
          return redirectWithToast(selfHref(url), { type: "success", message: T.unhiddenDone(done.title) });
        }),
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

interface ActionData {
  intent: string;
  result: SubmissionResult<string[]>;
}

const playerTrack = (row: AdminShowcaseRow): Track => ({
  id: row.id,
  url: row.url,
  title: row.title,
  artist: row.memberName,
  freshUrlEndpoint: showcaseAudioUrlPath(row.id),
});

/** One track-wide action: a form with the track's id and one button. */
function TrackAction({ intent, row, label, action }: { intent: string; row: AdminShowcaseRow; label: string; action: string }) {
  return (
    <Form method="post" action={action} className={styles.inlineForm}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="trackId" value={row.id} />
      <Button type="submit" variant="outline" aria-label={`${label}: ${row.title}`}>
        {label}
      </Button>
    </Form>
  );
}

/** Move up / down: the whole order with this track moved one place (a stale order is refused). */
function MoveForm({ order, index, row, action }: { order: string[]; index: number; row: AdminShowcaseRow; action: string }) {
  const moved = (to: number) => {
    const next = [...order];
    [next[index], next[to]] = [next[to]!, next[index]!];
    return next;
  };
  const button = (to: number, label: string) => (
    <Form method="post" action={action} className={styles.inlineForm}>
      <input type="hidden" name="intent" value="reorder" />
      {moved(to).map((id) => (
        <input key={id} type="hidden" name="order" value={id} />
      ))}
      <Button type="submit" variant="outline" aria-label={`${label}: ${row.title}`}>
        {label}
      </Button>
    </Form>
  );
  return (
    <>
      {index > 0 ? button(index - 1, T.moveUp) : null}
      {index < order.length - 1 ? button(index + 1, T.moveDown) : null}
    </>
  );
}

function Status({ row }: { row: AdminShowcaseRow }) {
  return (
    <span className={styles.badgeRow}>
      {row.landingPosition ? <span className={styles.statusBadge}>{T.onLanding(row.landingPosition)}</span> : null}
      {row.hiddenAt ? (
        <>
          <span className={styles.statusBadgePlain}>{T.hidden}</span>
          <span className={styles.trackMeta}>{T.hiddenOn(dateFormat.format(new Date(row.hiddenAt)), row.hiddenByName)}</span>
        </>
      ) : null}
      {!row.isMember ? <span className={styles.trackMeta}>{T.notMember}</span> : !row.listed ? <span className={styles.trackMeta}>{T.privateProfile}</span> : null}
    </span>
  );
}

function TrackText({ row }: { row: AdminShowcaseRow }) {
  return (
    <div className={styles.trackText}>
      <h3 className={styles.trackTitle} data-track-title="">
        {row.title}
      </h3>
      <span className={styles.trackMeta}>
        {T.byPrefix}{" "}
        <Link to={`/admin/members/${row.memberId}`} className={page.textLink}>
          {row.memberName}
        </Link>
        {" · "}
        <span className="visually-hidden">Length </span>
        {formatTime(row.durationSeconds)}
      </span>
      <Status row={row} />
    </div>
  );
}

export default function AdminShowcaseRoute() {
  const { landing, rows, total, page: pageNumber, pageCount, counts, query } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const action = `${PATH}${location.search}`;
  const errors = actionData ? [...(actionData.result.error?.[""] ?? []), ...(actionData.result.error?.order ?? []), ...(actionData.result.error?.trackId ?? [])] : undefined;
  const landingOrder = landing.map((row) => row.id);
  const landingPlaylist = landing.map(playerTrack);
  const listPlaylist = rows.map(playerTrack);
  const filtered = Boolean(query.q) || query.filter !== "all";

  return (
    <>
      <PageHeader eyebrow="Admin" title={T.title} lead={T.lead} />
      <FieldErrors id="showcase-action-error" errors={errors} />
      {/* Not a card: at 320px a card's padding leaves a track's title too little room. */}
      <section className={styles.stack} aria-labelledby="landing-title" data-testid="landing-queue">
        <h2 id="landing-title" className={page.sectionTitle}>
          {T.landingTitle} <span className={page.muted}>({T.landingCount(landing.length, LANDING_TRACKS_MAX)})</span>
        </h2>
        <p className={page.muted}>{T.landingLead(LANDING_TRACKS_MAX)}</p>
        {landing.length === 0 ? (
          <p>{T.landingEmpty}</p>
        ) : (
          <ol className={styles.trackList} aria-label={T.landingTitle}>
            {landing.map((row, index) => (
              <li key={row.id} className={styles.trackRow} data-testid="landing-queue-track">
                <PlayButton track={landingPlaylist[index]!} playlist={landingPlaylist} fallbackHref={row.url} showText={false} />
                <TrackText row={row} />
                <div className={styles.trackActions}>
                  <MoveForm order={landingOrder} index={index} row={row} action={action} />
                  <TrackAction intent="unfeature" row={row} label={T.unfeature} action={action} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className={styles.stack} aria-labelledby="tracks-title">
        <h2 id="tracks-title" className={page.sectionTitle}>
          {T.allTitle}
        </h2>
        <AdminSearchForm
          path={PATH}
          idPrefix="showcase"
          text={T}
          q={query.q}
          filter={{
            name: "filter",
            label: T.filterLabel,
            value: query.filter === "all" ? "" : query.filter,
            options: SHOWCASE_FILTERS.map((filter) => ({ value: filter === "all" ? "" : filter, label: `${SHOWCASE_FILTER_LABELS[filter]} (${counts[filter]})` })),
          }}
          filtered={filtered}
        />
        <p className={styles.resultCount} aria-live="polite" data-testid="admin-showcase-count">
          {T.count(total)}
        </p>
        {rows.length === 0 ? (
          <EmptyState
            icon={filtered ? "search" : "music"}
            title={filtered ? T.noMatchesTitle : T.emptyTitle}
            headingLevel={3}
            actions={
              filtered ? (
                <ButtonLink to={PATH} variant="outline">
                  {T.clear}
                </ButtonLink>
              ) : null
            }
          >
            {filtered ? T.noMatchesText : T.emptyText}
          </EmptyState>
        ) : (
          <ol className={styles.trackList} aria-label={T.allTitle}>
            {rows.map((row, index) => (
              <li key={row.id} className={styles.trackRow} data-testid="admin-showcase-track">
                <PlayButton track={listPlaylist[index]!} playlist={listPlaylist} fallbackHref={row.url} showText={false} />
                <TrackText row={row} />
                <div className={styles.trackActions}>
                  {row.landingPosition ? (
                    <TrackAction intent="unfeature" row={row} label={T.unfeature} action={action} />
                  ) : !row.hiddenAt ? (
                    <TrackAction intent="feature" row={row} label={T.feature} action={action} />
                  ) : null}
                  {row.hiddenAt ? (
                    <TrackAction intent="unhide" row={row} label={T.unhide} action={action} />
                  ) : (
                    <TrackAction intent="hide" row={row} label={T.hide} action={action} />
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
        <Pagination page={pageNumber} pageCount={pageCount} hrefFor={(n) => `${PATH}${showcaseSearch(query, { page: n })}`} />
      </section>
    </>
  );
}
