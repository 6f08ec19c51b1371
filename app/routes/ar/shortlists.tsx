/**
 * /ar/shortlists: the A&R's shortlists (approved A&R and administrators).
 * Lists the viewer's own and creates new ones; an administrator also sees
 * everybody else's, to open read-only. docs/decisions/0074-shortlists-and-share-links.md
 */
import type { MetaFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ArNav } from "~/ar/ArNav";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { SHORTLIST_TEXT, SHORTLIST_TITLE_MAX, shortlistPath } from "~/shortlists/constants";
import { addToListSchema, createShortlistSchema } from "~/shortlists/shortlist-schema";
import { addSong, createShortlist, listShortlists, ShortlistLimitError, type ShortlistSummary } from "~/shortlists/shortlists.server";
import * as styles from "~/shortlists/shortlists.css";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${SHORTLIST_TEXT.pageTitle} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "approved-ar",
  async load({ db, viewer }) {
    return listShortlists(db, viewer);
  },
  forms: {
    create: form({
      schema: createShortlistSchema,
      async handle({ db, viewer, value, reply }) {
        try {
          const { id, added } = await createShortlist(db, viewer!.id, value.title, value.songId);
          const message = added ? `${SHORTLIST_TEXT.created(value.title)} with the song` : SHORTLIST_TEXT.created(value.title);
          return redirectWithToast(shortlistPath(id), { type: "success", message });
        } catch (error) {
          if (error instanceof ShortlistLimitError) return reply({ formErrors: [SHORTLIST_TEXT.tooMany], status: 409 });
          throw error;
        }
      },
    }),
    // "Add to shortlist" on a song page: the shortlist is chosen in the form; only the viewer's own are found.
    add: form({
      schema: addToListSchema,
      async handle({ db, viewer, value, reply }) {
        const outcome = await addSong(db, viewer!.id, value.shortlistId, value.songId, value.note);
        switch (outcome.kind) {
          case "added": {
            const target = value.returnTo === "shortlist" ? shortlistPath(value.shortlistId) : `/song/${value.songId}`;
            return redirectWithToast(target, { type: "success", message: SHORTLIST_TEXT.added(outcome.title, outcome.shortlistTitle) });
          }
          case "duplicate":
            return redirectWithToast(`/song/${value.songId}`, { type: "error", message: SHORTLIST_TEXT.duplicate });
          case "full":
            return reply({ formErrors: [SHORTLIST_TEXT.full], status: 409 });
          case "no-song":
            return reply({ fieldErrors: { songId: [SHORTLIST_TEXT.songNotFound] }, status: 404 });
          case "no-shortlist":
            return reply({ fieldErrors: { shortlistId: [SHORTLIST_TEXT.pickShortlist] }, status: 404 });
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function ShortlistRows({ lists, headingId }: { lists: ShortlistSummary[]; headingId: string }) {
  return (
    <ul className={styles.list} aria-labelledby={headingId}>
      {lists.map((list) => (
        <li key={list.id} className={styles.listRow}>
          <div className={styles.grow}>
            <Link to={shortlistPath(list.id)} className={`${page.textLink} ${styles.rowTitle}`}>
              {list.title}
            </Link>
            <p className={styles.meta}>
              {list.ownerName ? <span>{list.ownerName}</span> : null}
              <span>{SHORTLIST_TEXT.songCount(list.songs)}</span>
              <span>{SHORTLIST_TEXT.liveShares(list.liveShares)}</span>
            </p>
          </div>
          <ButtonLink to={shortlistPath(list.id)} variant="outline" aria-label={`${SHORTLIST_TEXT.open}: ${list.title}`}>
            {SHORTLIST_TEXT.open}
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}

export default function ShortlistsRoute() {
  const { own, others } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const errors = actionData?.intent === "create" ? actionData.result.error : undefined;
  const titleErrors = errors?.title ?? undefined;

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow={SHORTLIST_TEXT.eyebrow} title={SHORTLIST_TEXT.pageTitle} lead={SHORTLIST_TEXT.lead} />
      <ArNav />
      <div className={styles.stack}>
        <section aria-labelledby="shortlists-own">
          <h2 id="shortlists-own" className={page.sectionTitle}>
            {SHORTLIST_TEXT.listTitle}
          </h2>
          {own.length === 0 ? <p className={page.muted}>{SHORTLIST_TEXT.empty}</p> : <ShortlistRows lists={own} headingId="shortlists-own" />}
        </section>

        <section className={page.card} aria-labelledby="shortlist-create">
          <h2 id="shortlist-create" className={page.sectionTitle}>
            {SHORTLIST_TEXT.createTitle}
          </h2>
          <Form method="post" className={formStyles.form} noValidate>
            <input type="hidden" name="intent" value="create" />
            <FieldErrors id="shortlist-create-error" errors={errors?.[""] ?? undefined} />
            <Field
              label={SHORTLIST_TEXT.titleLabel}
              htmlFor="shortlist-title"
              hint={SHORTLIST_TEXT.titleHint}
              hintId="shortlist-title-hint"
              errorId="shortlist-title-error"
              errors={titleErrors}
            >
              <input
                id="shortlist-title"
                name="title"
                className={formStyles.control}
                required
                maxLength={SHORTLIST_TITLE_MAX}
                aria-invalid={titleErrors ? true : undefined}
                aria-describedby={titleErrors ? "shortlist-title-hint shortlist-title-error" : "shortlist-title-hint"}
              />
            </Field>
            <div>
              <Button type="submit" variant="uber" disabled={busy}>
                {SHORTLIST_TEXT.create}
              </Button>
            </div>
          </Form>
        </section>

        {others.length > 0 ? (
          <section aria-labelledby="shortlists-others">
            <h2 id="shortlists-others" className={page.sectionTitle}>
              {SHORTLIST_TEXT.othersTitle}
            </h2>
            <p className={page.muted}>{SHORTLIST_TEXT.othersLead}</p>
            <ShortlistRows lists={others} headingId="shortlists-others" />
          </section>
        ) : null}
      </div>
    </div>
  );
}
