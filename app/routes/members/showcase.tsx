/**
 * /showcase: the member's own showcase (SPEC section 3: up to 5 tracks).
 * Upload (title + audio), reorder (move up/down) and delete (after a
 * confirmation), all working without JavaScript; with it, uploads show a
 * progress bar and can be cancelled, and deleting asks in a dialog.
 * Also the onboarding tour's showcase step. docs/decisions/0064-showcase.md
 */
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import type { MetaFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { UploadRejectedError } from "~/catalog/upload.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { SHOWCASE_LIMIT, SHOWCASE_PATH, SHOWCASE_TEXT } from "~/showcase/constants";
import { deleteSchema, moveSchema, uploadSchema } from "~/showcase/showcase-schema";
import { addShowcaseTrack, deleteShowcaseTrack, isTrackId, listShowcase, moveShowcaseTrack, ShowcaseFullError, type ShowcaseTrackView } from "~/showcase/showcase.server";
import * as styles from "~/showcase/showcase.css";
import { ShowcaseList } from "~/showcase/ShowcaseList";
import { UploadForm } from "~/showcase/UploadForm";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";
import { Dialog } from "~/ui/Dialog";
import { useMounted } from "~/ui/useMounted";

export const meta: MetaFunction = () => [{ title: `${SHOWCASE_TEXT.pageTitle} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "member",
  async load({ db, storage, viewer, url }) {
    // Tracks an admin hid stay on the member's own list, marked (ADR 0081).
    const tracks = await listShowcase(db, storage, viewer.id, { includeHidden: true });
    const asked = url.searchParams.get("delete");
    // The no-JavaScript confirmation step: only for one of the viewer's own tracks.
    const confirmDelete = isTrackId(asked) ? (tracks.find((track) => track.id === asked)?.id ?? null) : null;
    return { tracks, artist: viewer.displayName, confirmDelete };
  },
  forms: {
    upload: form({
      schema: uploadSchema,
      rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, storage, viewer, value, reply }) {
        try {
          const audio = new Uint8Array(await value.audio.arrayBuffer());
          const track = await addShowcaseTrack({ db, storage, userId: viewer!.id, title: value.title, audio, fileName: value.audio.name });
          return redirectWithToast(SHOWCASE_PATH, { type: "success", message: SHOWCASE_TEXT.uploaded(track.title) });
        } catch (error) {
          if (error instanceof ShowcaseFullError) return reply({ formErrors: [SHOWCASE_TEXT.full], status: 409 });
          if (error instanceof UploadRejectedError) return reply({ fieldErrors: { audio: [error.message] }, status: 422 });
          throw error;
        }
      },
    }),
    move: form({
      schema: moveSchema,
      async handle({ db, viewer, value, reply }) {
        const moved = await moveShowcaseTrack(db, viewer!.id, value.trackId, value.direction);
        if (!moved) return reply({ formErrors: [SHOWCASE_TEXT.notFound], status: 404 });
        return redirectWithToast(SHOWCASE_PATH, { type: "success", message: SHOWCASE_TEXT.moved(moved.title) });
      },
    }),
    delete: form({
      schema: deleteSchema,
      async handle({ db, storage, viewer, value, reply }) {
        const deleted = await deleteShowcaseTrack(db, storage, viewer!.id, value.trackId);
        if (!deleted) return reply({ formErrors: [SHOWCASE_TEXT.notFound], status: 404 });
        return redirectWithToast(SHOWCASE_PATH, { type: "success", message: SHOWCASE_TEXT.deleted(deleted.title) });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function MoveForm({ track, index, count }: { track: ShowcaseTrackView; index: number; count: number }) {
  return (
    <Form method="post" action={SHOWCASE_PATH} className={styles.inlineForm}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="trackId" value={track.id} />
      {index > 0 ? (
        <Button type="submit" name="direction" value="up" variant="outline" aria-label={`${SHOWCASE_TEXT.moveUp}: ${track.title}`}>
          {SHOWCASE_TEXT.moveUp}
        </Button>
      ) : null}
      {index < count - 1 ? (
        <Button type="submit" name="direction" value="down" variant="outline" aria-label={`${SHOWCASE_TEXT.moveDown}: ${track.title}`}>
          {SHOWCASE_TEXT.moveDown}
        </Button>
      ) : null}
    </Form>
  );
}

/** The confirmed delete: a form whose `confirm` only this step sends. */
function DeleteForm({ track }: { track: ShowcaseTrackView }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("trackId") === track.id;
  return (
    <Form method="post" action={SHOWCASE_PATH} className={styles.confirmActions}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="trackId" value={track.id} />
      <input type="hidden" name="confirm" value="yes" />
      <Button type="submit" variant="destructive" disabled={busy}>
        {SHOWCASE_TEXT.deleteConfirmButton}
      </Button>
      <ButtonLink to={SHOWCASE_PATH} variant="outline" preventScrollReset replace>
        {SHOWCASE_TEXT.keep}
      </ButtonLink>
    </Form>
  );
}

/** Without JavaScript a link to the confirmation step; with it, a button opening a dialog. */
function DeleteControl({ track }: { track: ShowcaseTrackView }) {
  const mounted = useMounted();
  const [open, setOpen] = useState(false);
  const label = `${SHOWCASE_TEXT.delete}: ${track.title}`;
  if (!mounted) {
    return (
      <ButtonLink to={`${SHOWCASE_PATH}?delete=${track.id}`} variant="outline" aria-label={label}>
        {SHOWCASE_TEXT.delete}
      </ButtonLink>
    );
  }
  return (
    <>
      <Button type="button" variant="outline" aria-label={label} onClick={() => setOpen(true)}>
        {SHOWCASE_TEXT.delete}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={SHOWCASE_TEXT.deleteConfirmTitle} description={SHOWCASE_TEXT.deleteConfirmText(track.title)}>
        <DeleteForm track={track} />
      </Dialog>
    </>
  );
}

export default function ShowcaseRoute() {
  const { tracks, artist, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const mounted = useMounted();
  const full = tracks.length >= SHOWCASE_LIMIT;
  const confirming = !mounted && confirmDelete ? tracks.find((track) => track.id === confirmDelete) : undefined;
  const listErrors = actionData && actionData.intent !== "upload" ? actionData.result.error?.[""] ?? undefined : undefined;
  const confirmErrors = actionData?.intent === "delete" ? actionData.result.error?.confirm ?? undefined : undefined;

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="Your profile"
        title={SHOWCASE_TEXT.pageTitle}
        lead={SHOWCASE_TEXT.lead}
        actions={<span className={styles.count} data-testid="showcase-count">{SHOWCASE_TEXT.count(tracks.length)}</span>}
      />
      <section className={page.card} aria-labelledby="showcase-tracks-title">
        <h2 id="showcase-tracks-title" className={page.sectionTitle}>
          {SHOWCASE_TEXT.listTitle}
        </h2>
        <FieldErrors id="showcase-list-error" errors={listErrors ?? confirmErrors} />
        {confirming ? (
          <div className={styles.confirm} role="region" aria-labelledby="showcase-confirm-title">
            <h3 id="showcase-confirm-title" className={page.sectionTitle}>
              {SHOWCASE_TEXT.deleteConfirmTitle}
            </h3>
            <p>{SHOWCASE_TEXT.deleteConfirmText(confirming.title)}</p>
            <DeleteForm track={confirming} />
          </div>
        ) : null}
        <ShowcaseList tracks={tracks} artist={artist} emptyText={SHOWCASE_TEXT.empty}>
          {(track, index) => (
            <>
              <MoveForm track={track} index={index} count={tracks.length} />
              <DeleteControl track={track} />
            </>
          )}
        </ShowcaseList>
      </section>
      <section className={page.card} aria-labelledby="showcase-upload-heading">
        <h2 id="showcase-upload-heading" className={page.sectionTitle}>
          {SHOWCASE_TEXT.uploadTitle}
        </h2>
        {full ? (
          <p className={page.muted} data-testid="showcase-full">
            {SHOWCASE_TEXT.fullHint}
          </p>
        ) : null}
        {/* Still offered when full: the server answers a sixth with the reason (SPEC: up to 5 tracks). */}
        <UploadForm lastResult={actionData?.intent === "upload" ? actionData.result : null} disabled={false} />
        {full ? null : (
          <p className={page.muted}>
            <Link to="/profile" className={page.textLink}>
              Edit your profile
            </Link>{" "}
            to choose who can see your showcase.
          </p>
        )}
      </section>
    </div>
  );
}
