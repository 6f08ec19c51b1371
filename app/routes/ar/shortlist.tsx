/**
 * /ar/shortlists/:shortlistId: one shortlist. The owning A&R renames it,
 * rates and annotates its songs, reorders (move up/down) and removes them,
 * adds songs from a catalogue search, and makes, lists and revokes share
 * links, each with its plays per song. Every form works without JavaScript.
 *
 * A new link's token is shown ONCE, in the reply to the form that made it
 * (never in loader data: only its SHA-256 is stored). Another A&R's
 * shortlist is a 404; an administrator sees any shortlist read-only.
 * docs/decisions/0074-shortlists-and-share-links.md
 */
import { data } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ArNav } from "~/ar/ArNav";
import { searchCatalog } from "~/catalog/songs.server";
import { getRuntime } from "~/platform/runtime.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form, type FormReply } from "~/routing/forms.server";
import { defineRoute, type RouteContext } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import {
  SHARE_EXPIRY_DAYS,
  SHORTLIST_NOTE_MAX,
  SHORTLIST_SEARCH_LIMIT,
  SHORTLIST_TEXT,
  SHORTLIST_TITLE_MAX,
  SHORTLISTS_PATH,
  listenPath,
  shortlistPath,
} from "~/shortlists/constants";
import { formatDateTime, formatDuration } from "~/shortlists/format";
import { FEEDBACK_RATINGS, feedbackLabel } from "~/shortlists/ratings";
import { addSongSchema, deleteShortlistSchema, itemSchema, moveSchema, removeSchema, renameSchema, revokeSchema, shareSchema } from "~/shortlists/shortlist-schema";
import {
  addSong,
  createShare,
  deleteShortlist,
  listItems,
  listShares,
  moveItem,
  playsBySong,
  removeItem,
  renameShortlist,
  revokeShare,
  shortlistForViewer,
  ShortlistLimitError,
  updateItem,
  type ShareView,
  type ShortlistItemView,
} from "~/shortlists/shortlists.server";
import * as styles from "~/shortlists/shortlists.css";
import { redirectWithToast } from "~/toast/toast.server";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.shortlist.title ?? SHORTLIST_TEXT.pageTitle} | ${SHORTLIST_TEXT.pageTitle} | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

const notFound = () => new Response("Not Found", { status: 404 });

/** The shortlist id of the URL when the viewer owns it; anything else is a 404 (no hint that it exists). */
async function ownedId({ db, viewer, params }: Pick<RouteContext, "db" | "viewer" | "params">): Promise<string> {
  const list = viewer ? await shortlistForViewer(db, viewer, params.shortlistId ?? "") : null;
  if (!list || !list.canEdit) throw notFound();
  return list.id;
}

function publicOrigin(url: URL): string {
  const configured = getRuntime().env.PUBLIC_ORIGIN;
  return configured ? new URL(configured).origin : url.origin;
}

const backTo = (id: string, url: URL) => {
  const q = url.searchParams.get("q");
  return q ? `${shortlistPath(id)}?${new URLSearchParams({ q })}` : shortlistPath(id);
};

const route = defineRoute({
  access: "approved-ar",
  async load({ db, viewer, params, url }) {
    const shortlist = await shortlistForViewer(db, viewer, params.shortlistId ?? "");
    if (!shortlist) throw notFound();
    const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
    const [items, shares, plays, search] = await Promise.all([
      listItems(db, shortlist.id),
      listShares(db, shortlist.id),
      playsBySong(db, shortlist.id),
      shortlist.canEdit && q ? searchCatalog(db, { search: q, pageSize: SHORTLIST_SEARCH_LIMIT, sort: "relevance" }, { facets: false }) : null,
    ]);
    return {
      shortlist,
      items,
      shares,
      plays,
      q,
      results: search ? search.songs.map((song) => ({ id: song.id, title: song.title, artist: song.artist, genre: song.genre, bpm: song.bpm })) : null,
    };
  },
  forms: {
    rename: form({
      schema: renameSchema,
      async handle(context) {
        const id = await ownedId(context);
        await renameShortlist(context.db, context.viewer!.id, id, context.value.title);
        return redirectWithToast(shortlistPath(id), { type: "success", message: SHORTLIST_TEXT.renamed });
      },
    }),
    add: form({
      schema: addSongSchema,
      async handle(context) {
        const { db, viewer, value, reply, url } = context;
        const id = await ownedId(context);
        const outcome = await addSong(db, viewer!.id, id, value.songId, value.note);
        switch (outcome.kind) {
          case "added": {
            const target = value.returnTo === "song" ? `/song/${value.songId}` : backTo(id, url);
            return redirectWithToast(target, { type: "success", message: SHORTLIST_TEXT.added(outcome.title, outcome.shortlistTitle) });
          }
          case "duplicate":
            return reply({ formErrors: [SHORTLIST_TEXT.duplicate], status: 409 });
          case "full":
            return reply({ formErrors: [SHORTLIST_TEXT.full], status: 409 });
          case "no-song":
            return reply({ fieldErrors: { songId: [SHORTLIST_TEXT.songNotFound] }, status: 404 });
          case "no-shortlist":
            throw notFound();
        }
      },
    }),
    item: form({
      schema: itemSchema,
      async handle(context) {
        const { db, viewer, value, reply } = context;
        const id = await ownedId(context);
        const saved = await updateItem(db, viewer!.id, id, value.itemId, value.note, value.rating);
        if (!saved) return reply({ formErrors: [SHORTLIST_TEXT.itemNotFound], status: 404 });
        return redirectWithToast(shortlistPath(id), { type: "success", message: SHORTLIST_TEXT.itemSaved(saved.title) });
      },
    }),
    move: form({
      schema: moveSchema,
      async handle(context) {
        const { db, viewer, value, reply } = context;
        const id = await ownedId(context);
        const moved = await moveItem(db, viewer!.id, id, value.itemId, value.direction);
        if (!moved) return reply({ formErrors: [SHORTLIST_TEXT.itemNotFound], status: 404 });
        return redirectWithToast(shortlistPath(id), { type: "success", message: SHORTLIST_TEXT.moved(moved.title) });
      },
    }),
    remove: form({
      schema: removeSchema,
      async handle(context) {
        const { db, viewer, value, reply } = context;
        const id = await ownedId(context);
        const removed = await removeItem(db, viewer!.id, id, value.itemId);
        if (!removed) return reply({ formErrors: [SHORTLIST_TEXT.itemNotFound], status: 404 });
        return redirectWithToast(shortlistPath(id), { type: "success", message: SHORTLIST_TEXT.removed(removed.title) });
      },
    }),
    share: form({
      schema: shareSchema,
      async handle(context) {
        const { db, viewer, value, reply, url, intent, submission } = context;
        const id = await ownedId(context);
        try {
          const made = await createShare(db, viewer!.id, id, value.days);
          if (!made) throw notFound();
          // The one and only time the token leaves the server: this reply, never stored or cached.
          return data(
            {
              intent,
              result: submission.reply({ resetForm: true }),
              created: { url: `${publicOrigin(url)}${listenPath(made.token)}`, expiresAt: made.expiresAt },
            },
            { status: 201, headers: { "Cache-Control": "private, no-store" } },
          ) as unknown as FormReply;
        } catch (error) {
          if (error instanceof ShortlistLimitError) return reply({ formErrors: [SHORTLIST_TEXT.tooManyShares], status: 409 });
          throw error;
        }
      },
    }),
    delete: form({
      schema: deleteShortlistSchema,
      async handle(context) {
        const id = await ownedId(context);
        const title = await deleteShortlist(context.db, context.viewer!.id, id);
        if (!title) throw notFound();
        return redirectWithToast(SHORTLISTS_PATH, { type: "success", message: SHORTLIST_TEXT.deleted(title) });
      },
    }),
    revoke: form({
      schema: revokeSchema,
      async handle(context) {
        const { db, viewer, value, reply } = context;
        const id = await ownedId(context);
        if (!(await revokeShare(db, viewer!.id, id, value.shareId))) return reply({ formErrors: [SHORTLIST_TEXT.shareNotFound], status: 404 });
        return redirectWithToast(shortlistPath(id), { type: "success", message: SHORTLIST_TEXT.revoked });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

type ActionData = { intent: string; result: { error?: Record<string, string[] | null> }; created?: { url: string; expiresAt: string } };

function errorsFor(actionData: ActionData | undefined, intent: string, field = ""): string[] | undefined {
  if (!actionData || actionData.intent !== intent) return undefined;
  return actionData.result.error?.[field] ?? undefined;
}

function ItemCard({ item, index, count, plays, canEdit }: { item: ShortlistItemView; index: number; count: number; plays: number; canEdit: boolean }) {
  const noteId = `note-${item.id}`;
  const ratingId = `rating-${item.id}`;
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <div className={styles.grow}>
          <h3 id={`item-${item.id}`} className={styles.rowTitle}>
            <span className={page.muted}>{index + 1}. </span>
            <Link to={`/song/${item.songId}`} className={page.textLink}>
              {item.title}
            </Link>
          </h3>
          <p className={styles.meta}>
            <span>{item.artist}</span>
            <span>{item.genre}</span>
            <span>{item.bpm} BPM</span>
            <span>{item.musicalKey}</span>
            <span>{formatDuration(item.durationSeconds)}</span>
            <span data-testid="item-plays">{SHORTLIST_TEXT.plays(plays)}</span>
          </p>
          {item.available ? null : <p className={styles.warning}>{SHORTLIST_TEXT.unavailable}</p>}
        </div>
        {!canEdit && item.rating ? <span className={styles.state}>{feedbackLabel(item.rating)}</span> : null}
      </div>
      {canEdit ? (
        <>
          <Form method="post" className={styles.itemForm}>
            <input type="hidden" name="intent" value="item" />
            <input type="hidden" name="itemId" value={item.id} />
            <div className={styles.inlineForm}>
              <div className={formStyles.field}>
                <label htmlFor={ratingId} className={formStyles.label}>
                  {SHORTLIST_TEXT.ratingLabel}
                </label>
                <select id={ratingId} name="rating" defaultValue={item.rating ?? ""} className={formStyles.control}>
                  <option value="">{SHORTLIST_TEXT.notRated}</option>
                  {FEEDBACK_RATINGS.map((rating) => (
                    <option key={rating.value} value={rating.value}>
                      {rating.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className={formStyles.field}>
              <label htmlFor={noteId} className={formStyles.label}>
                {SHORTLIST_TEXT.noteLabel}
              </label>
              <textarea id={noteId} name="note" defaultValue={item.note} maxLength={SHORTLIST_NOTE_MAX} className={formStyles.textarea} rows={3} />
            </div>
            <div>
              <Button type="submit" variant="default" aria-label={`${SHORTLIST_TEXT.saveItem}: ${item.title}`}>
                {SHORTLIST_TEXT.saveItem}
              </Button>
            </div>
          </Form>
          <div className={styles.actions}>
            <Form method="post" className={styles.inlineForm}>
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="itemId" value={item.id} />
              {index > 0 ? (
                <Button type="submit" name="direction" value="up" variant="outline" aria-label={`${SHORTLIST_TEXT.moveUp}: ${item.title}`}>
                  {SHORTLIST_TEXT.moveUp}
                </Button>
              ) : null}
              {index < count - 1 ? (
                <Button type="submit" name="direction" value="down" variant="outline" aria-label={`${SHORTLIST_TEXT.moveDown}: ${item.title}`}>
                  {SHORTLIST_TEXT.moveDown}
                </Button>
              ) : null}
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="itemId" value={item.id} />
              <Button type="submit" variant="outline" aria-label={`${SHORTLIST_TEXT.remove}: ${item.title}`}>
                {SHORTLIST_TEXT.remove}
              </Button>
            </Form>
          </div>
        </>
      ) : item.note ? (
        <p>
          <span className={formStyles.label}>{SHORTLIST_TEXT.noteLabel}: </span>
          {item.note}
        </p>
      ) : null}
    </li>
  );
}

function CopyButton({ text }: { text: string }) {
  const mounted = useMounted();
  const [copied, setCopied] = useState(false);
  if (!mounted || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? SHORTLIST_TEXT.copied : SHORTLIST_TEXT.copy}
    </Button>
  );
}

function NewLink({ created }: { created: { url: string; expiresAt: string } }) {
  return (
    <div className={styles.linkBox} role="status" data-testid="share-created">
      <h3 className={styles.rowTitle}>{SHORTLIST_TEXT.shareCreatedTitle}</h3>
      <p>{SHORTLIST_TEXT.shareCreatedOnce}</p>
      <div className={formStyles.field}>
        <label htmlFor="share-link" className={formStyles.label}>
          {SHORTLIST_TEXT.shareLinkLabel}
        </label>
        <input id="share-link" readOnly value={created.url} className={`${formStyles.control} ${styles.linkText}`} data-testid="share-link" />
      </div>
      <p className={page.muted}>
        {SHORTLIST_TEXT.expiresOn}: <time dateTime={created.expiresAt}>{formatDateTime(created.expiresAt)}</time>
      </p>
      <div className={styles.actions}>
        <CopyButton text={created.url} />
      </div>
    </div>
  );
}

function ShareRow({ share, canEdit }: { share: ShareView; canEdit: boolean }) {
  return (
    <li className={styles.item} data-testid="share-row" data-state={share.state}>
      <div className={styles.itemHead}>
        <p className={styles.meta}>
          <span className={styles.state}>{SHORTLIST_TEXT.shareState[share.state]}</span>
          <span>
            {SHORTLIST_TEXT.createdOn} <time dateTime={share.createdAt}>{formatDateTime(share.createdAt)}</time>
          </span>
          {share.revokedAt ? (
            <span>
              {SHORTLIST_TEXT.revokedOn} <time dateTime={share.revokedAt}>{formatDateTime(share.revokedAt)}</time>
            </span>
          ) : (
            <span>
              {SHORTLIST_TEXT.expiresOn} <time dateTime={share.expiresAt}>{formatDateTime(share.expiresAt)}</time>
            </span>
          )}
          <span data-testid="share-plays">{`${SHORTLIST_TEXT.totalPlays}: ${share.plays}`}</span>
        </p>
        {canEdit && share.state === "live" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="shareId" value={share.id} />
            <Button type="submit" variant="destructive" aria-label={`${SHORTLIST_TEXT.revoke}: link created ${formatDateTime(share.createdAt)}`}>
              {SHORTLIST_TEXT.revoke}
            </Button>
          </Form>
        ) : null}
      </div>
      {share.bySong.length > 0 ? (
        <table className={styles.playsTable}>
          <caption className={page.muted} style={{ textAlign: "start" }}>
            {SHORTLIST_TEXT.playsBySong}
          </caption>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: "start" }}>
                Song
              </th>
              <th scope="col" style={{ textAlign: "end" }}>
                {SHORTLIST_TEXT.totalPlays}
              </th>
            </tr>
          </thead>
          <tbody>
            {share.bySong.map((row) => (
              <tr key={row.songId}>
                <td>{row.title}</td>
                <td style={{ textAlign: "end" }}>{row.plays}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={page.muted}>{SHORTLIST_TEXT.noPlays}</p>
      )}
    </li>
  );
}

export default function ShortlistRoute() {
  const { shortlist, items, shares, plays, q, results } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const canEdit = shortlist.canEdit;
  const onList = new Set(items.map((item) => item.songId));
  const listErrors = ["item", "move", "remove"].map((intent) => errorsFor(actionData, intent)).find(Boolean);
  const renameErrors = errorsFor(actionData, "rename", "title");
  const addErrors = errorsFor(actionData, "add") ?? errorsFor(actionData, "add", "songId");
  const shareErrors = errorsFor(actionData, "share") ?? errorsFor(actionData, "share", "days") ?? errorsFor(actionData, "revoke");
  const created = actionData?.intent === "share" ? actionData.created : undefined;
  const addAction = q ? `?${new URLSearchParams({ q })}` : undefined;

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow={SHORTLIST_TEXT.pageTitle} title={shortlist.title} />
      <ArNav />
      <div className={styles.stack}>
        <p>
          <Link to={SHORTLISTS_PATH} className={page.textLink}>
            <span aria-hidden="true">← </span>
            {SHORTLIST_TEXT.back}
          </Link>
        </p>
        {canEdit ? null : <Alert>{SHORTLIST_TEXT.readOnly(shortlist.ownerName)}</Alert>}

        {canEdit ? (
          <section className={page.card} aria-labelledby="rename-title">
            <h2 id="rename-title" className={page.sectionTitle}>
              {SHORTLIST_TEXT.titleLabel}
            </h2>
            <Form method="post" className={styles.inlineForm}>
              <input type="hidden" name="intent" value="rename" />
              <div className={styles.grow}>
                <Field label={SHORTLIST_TEXT.titleLabel} htmlFor="rename-input" hint={SHORTLIST_TEXT.titleHint} hintId="rename-hint" errorId="rename-error" errors={renameErrors}>
                  <input
                    id="rename-input"
                    name="title"
                    defaultValue={shortlist.title}
                    required
                    maxLength={SHORTLIST_TITLE_MAX}
                    className={formStyles.control}
                    aria-invalid={renameErrors ? true : undefined}
                    aria-describedby={renameErrors ? "rename-hint rename-error" : "rename-hint"}
                  />
                </Field>
              </div>
              <Button type="submit" variant="outline" disabled={busy}>
                {SHORTLIST_TEXT.rename}
              </Button>
            </Form>
          </section>
        ) : null}

        <section aria-labelledby="songs-title">
          <h2 id="songs-title" className={page.sectionTitle}>
            {SHORTLIST_TEXT.songsTitle}
          </h2>
          {canEdit ? <p className={page.muted}>{SHORTLIST_TEXT.noteHint}</p> : null}
          <FieldErrors id="songs-error" errors={listErrors} />
          {items.length === 0 ? (
            <p className={page.muted}>{SHORTLIST_TEXT.noSongs}</p>
          ) : (
            <ol className={styles.list} data-testid="shortlist-items">
              {items.map((item, index) => (
                <ItemCard key={item.id} item={item} index={index} count={items.length} plays={plays[item.songId] ?? 0} canEdit={canEdit} />
              ))}
            </ol>
          )}
        </section>

        {canEdit ? (
          <section className={page.card} aria-labelledby="add-title">
            <h2 id="add-title" className={page.sectionTitle}>
              {SHORTLIST_TEXT.searchTitle}
            </h2>
            <Form method="get" className={styles.inlineForm} role="search" aria-label={SHORTLIST_TEXT.searchTitle}>
              <div className={styles.grow}>
                <Field label={SHORTLIST_TEXT.searchLabel} htmlFor="shortlist-search" errorId="shortlist-search-error">
                  <input id="shortlist-search" type="search" name="q" defaultValue={q} maxLength={200} className={formStyles.control} />
                </Field>
              </div>
              <Button type="submit" variant="outline">
                {SHORTLIST_TEXT.searchButton}
              </Button>
            </Form>
            <FieldErrors id="add-error" errors={addErrors} />
            {results ? (
              results.length === 0 ? (
                <p className={page.muted}>{SHORTLIST_TEXT.searchNone(q)}</p>
              ) : (
                <ul className={styles.list} aria-label="Search results">
                  {results.map((song) => (
                    <li key={song.id} className={styles.listRow}>
                      <div className={styles.grow}>
                        <Link to={`/song/${song.id}`} className={page.textLink}>
                          {song.title}
                        </Link>
                        <p className={styles.meta}>
                          <span>{song.artist}</span>
                          <span>{song.genre}</span>
                          <span>{song.bpm} BPM</span>
                        </p>
                      </div>
                      {onList.has(song.id) ? (
                        <span className={styles.state}>{SHORTLIST_TEXT.onList}</span>
                      ) : (
                        <Form method="post" action={addAction}>
                          <input type="hidden" name="intent" value="add" />
                          <input type="hidden" name="songId" value={song.id} />
                          <Button type="submit" variant="secondary" aria-label={`${SHORTLIST_TEXT.add}: ${song.title}`}>
                            {SHORTLIST_TEXT.add}
                          </Button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </section>
        ) : null}

        <section className={page.card} aria-labelledby="share-title">
          <h2 id="share-title" className={page.sectionTitle}>
            {canEdit ? SHORTLIST_TEXT.shareTitle : SHORTLIST_TEXT.sharesTitle}
          </h2>
          {canEdit ? (
            <>
              <p>{SHORTLIST_TEXT.shareLead}</p>
              {created ? <NewLink created={created} /> : null}
              <FieldErrors id="share-error" errors={shareErrors} />
              <Form method="post" className={styles.inlineForm}>
                <input type="hidden" name="intent" value="share" />
                <div className={formStyles.field}>
                  <label htmlFor="share-days" className={formStyles.label}>
                    {SHORTLIST_TEXT.expiryLabel}
                  </label>
                  <select id="share-days" name="days" defaultValue="30" className={formStyles.control}>
                    {SHARE_EXPIRY_DAYS.map((days) => (
                      <option key={days} value={days}>
                        {SHORTLIST_TEXT.expiryOption(days)}
                      </option>
                    ))}
                  </select>
                </div>
                <Button type="submit" variant="uber" disabled={busy}>
                  {SHORTLIST_TEXT.createShare}
                </Button>
              </Form>
              <h3 className={page.sectionTitle} style={{ marginTop: "1.5rem" }}>
                {SHORTLIST_TEXT.sharesTitle}
              </h3>
            </>
          ) : null}
          <p className={page.muted}>{SHORTLIST_TEXT.playRule}</p>
          {shares.length === 0 ? (
            <p className={page.muted}>{SHORTLIST_TEXT.noShares}</p>
          ) : (
            <ul className={styles.list} data-testid="share-list">
              {shares.map((share) => (
                <ShareRow key={share.id} share={share} canEdit={canEdit} />
              ))}
            </ul>
          )}
        </section>

        {canEdit ? (
          <details className={page.card}>
            <summary className={formStyles.label} style={{ cursor: "pointer", minHeight: "48px", display: "flex", alignItems: "center" }}>
              {SHORTLIST_TEXT.deleteTitle}
            </summary>
            <p>{SHORTLIST_TEXT.deleteText}</p>
            <FieldErrors id="delete-error" errors={errorsFor(actionData, "delete", "confirm")} />
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="confirm" value="yes" />
              <Button type="submit" variant="destructive">
                {SHORTLIST_TEXT.deleteButton}
              </Button>
            </Form>
          </details>
        ) : null}
      </div>
    </div>
  );
}
