/**
 * /admin/audio (admin only; /admin/audio-upload redirects here): bulk audio
 * uploads into draft songs, and the drafts waiting to be published (issue 12
 * §7, docs/decisions/0085-audio-uploads-tus-drafts.md).
 *
 *  - With JavaScript: many files at once, each with its own progress bar,
 *    resumable (tus; app/admin/AudioUploader.tsx).
 *  - Without: a plain multipart form, one file at a time, through the same
 *    pipeline (sniffed, tags read, stored with its draft all or nothing).
 *  - The drafts: edit (the catalogue editor), publish (with the fields the
 *    catalogue needs) and delete (after a confirmation step); each a form
 *    that works without JavaScript, each recorded in the audit log.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AudioUploader } from "~/admin/AudioUploader";
import * as styles from "~/admin/audio.css";
import { AUDIO_PAGE_PATH, AUDIO_TEXT, PLAIN_UPLOAD_MAX_BYTES } from "~/audio-uploads/constants";
import { DraftActionError, createDraftFromAudio, deleteDraft, listDrafts, publishDraft, type DraftView } from "~/audio-uploads/drafts.server";
import { deleteDraftSchema, plainUploadSchema, publishSchema } from "~/audio-uploads/schema";
import { UploadRejectedError } from "~/catalog/upload.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { formatTime } from "~/player/logic";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";

const T = AUDIO_TEXT;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: MetaFunction = () => [{ title: `${T.pageTitle} | Admin | ${PRODUCT_NAME}` }];

const draftMessages = { notFound: T.notFound, notDraft: T.notDraft, credits: T.creditsProblem };

const route = defineRoute({
  access: "admin",
  adminSection: { label: T.section.label, to: AUDIO_PAGE_PATH, summary: T.section.summary, order: 100 },
  async load({ db, url }) {
    const drafts = await listDrafts(db);
    const pick = (name: string) => {
      const asked = url.searchParams.get(name);
      return asked && UUID.test(asked) ? (drafts.find((draft) => draft.id === asked)?.id ?? null) : null;
    };
    return { drafts, publishing: pick("publish"), confirmDelete: pick("delete") };
  },
  forms: {
    upload: form({
      schema: plainUploadSchema,
      rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, storage, viewer, value, reply }) {
        try {
          const bytes = new Uint8Array(await value.audio.arrayBuffer());
          const draft = await createDraftFromAudio({ db, storage, actor: viewer!, bytes, fileName: value.audio.name, maxBytes: PLAIN_UPLOAD_MAX_BYTES });
          return redirectWithToast(AUDIO_PAGE_PATH, { type: "success", message: T.uploaded(draft.title) });
        } catch (error) {
          if (error instanceof UploadRejectedError) return reply({ fieldErrors: { audio: [error.message] }, status: 422 });
          throw error;
        }
      },
    }),
    publish: form({
      schema: publishSchema,
      async handle({ db, viewer, value, reply }) {
        try {
          const published = await publishDraft(db, viewer!, value.songId, value, draftMessages);
          return redirectWithToast(AUDIO_PAGE_PATH, { type: "success", message: T.published(published.title) });
        } catch (error) {
          if (error instanceof DraftActionError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
      },
    }),
    delete: form({
      schema: deleteDraftSchema,
      async handle({ db, storage, viewer, value, reply }) {
        try {
          const deleted = await deleteDraft(db, storage, viewer!, value.songId, draftMessages);
          return redirectWithToast(AUDIO_PAGE_PATH, { type: "success", message: T.deleted(deleted.title) });
        } catch (error) {
          if (error instanceof DraftActionError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

type Result = SubmissionResult<string[]> | null;

function PlainUploadForm({ result }: { result: Result }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const errors = result?.error?.audio ?? undefined;
  const formErrors = result?.error?.[""] ?? undefined;
  return (
    <Form method="post" action={AUDIO_PAGE_PATH} encType="multipart/form-data" className={formStyles.form} aria-labelledby="audio-plain-title">
      <input type="hidden" name="intent" value="upload" />
      <h3 id="audio-plain-title" className={formStyles.label}>
        {T.plainTitle}
      </h3>
      <FieldErrors id="audio-plain-form-error" errors={formErrors} />
      <Field label={T.plainLabel} htmlFor="audio-plain-file" hint={`${T.plainHint} ${T.uploadHint}`} hintId="audio-plain-hint" errorId="audio-plain-error" errors={errors}>
        <input
          id="audio-plain-file"
          name="audio"
          type="file"
          accept="audio/*,.mp3,.wav,.ogg,.flac,.m4a,.aac"
          required
          className={formStyles.control}
          aria-describedby={errors ? "audio-plain-hint audio-plain-error" : "audio-plain-hint"}
          aria-invalid={errors ? true : undefined}
        />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" variant="uber" disabled={busy}>
          {T.plainSubmit}
        </Button>
      </div>
    </Form>
  );
}

function PublishPanel({ draft, result }: { draft: DraftView; result: Result }) {
  const initial = (result?.initialValue ?? {}) as Record<string, string | undefined>;
  const errors = result?.error ?? {};
  const value = (name: string, fallback: string) => initial[name] ?? fallback;
  const missing = new Set(draft.missing);
  const fields: { name: "title" | "genre" | "bpm" | "musicalKey"; label: string; fallback: string; inputMode?: "numeric" }[] = [
    { name: "title", label: T.labels.title, fallback: draft.title },
    { name: "genre", label: T.labels.genre, fallback: missing.has("genre") ? "" : draft.genre },
    { name: "bpm", label: T.labels.bpm, fallback: missing.has("bpm") ? "" : String(draft.bpm), inputMode: "numeric" },
    { name: "musicalKey", label: T.labels.key, fallback: missing.has("musical_key") ? "" : draft.musicalKey },
  ];
  return (
    <section className={styles.panel} aria-labelledby="audio-publish-heading" data-testid="audio-publish">
      <h3 id="audio-publish-heading" className={page.sectionTitle}>
        {T.publishTitle(draft.title)}
      </h3>
      <p>{T.publishLead}</p>
      <Form method="post" action={`${AUDIO_PAGE_PATH}?publish=${draft.id}`} className={formStyles.form}>
        <input type="hidden" name="intent" value="publish" />
        <input type="hidden" name="songId" value={draft.id} />
        <FieldErrors id="audio-publish-error" errors={errors[""] ?? errors.songId ?? undefined} />
        <div className={styles.fieldGrid}>
          {fields.map((field) => {
            const fieldErrors = errors[field.name] ?? undefined;
            const id = `audio-publish-${field.name}`;
            return (
              <Field key={field.name} label={field.label} htmlFor={id} errorId={`${id}-error`} errors={fieldErrors}>
                <input
                  id={id}
                  name={field.name}
                  defaultValue={value(field.name, field.fallback)}
                  inputMode={field.inputMode}
                  required
                  className={formStyles.control}
                  aria-invalid={fieldErrors ? true : undefined}
                  aria-describedby={fieldErrors ? `${id}-error` : undefined}
                />
              </Field>
            );
          })}
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="uber">
            {T.publishSubmit}
          </Button>
          <ButtonLink to={AUDIO_PAGE_PATH} variant="outline" preventScrollReset>
            {T.keep}
          </ButtonLink>
        </div>
      </Form>
    </section>
  );
}

function DeletePanel({ draft, result }: { draft: DraftView; result: Result }) {
  const errors = result?.error?.[""] ?? result?.error?.confirm ?? undefined;
  return (
    <section className={styles.panel} aria-labelledby="audio-delete-title" data-testid="audio-delete">
      <h3 id="audio-delete-title" className={page.sectionTitle}>
        {T.deleteTitle(draft.title)}
      </h3>
      <p>{T.deleteText}</p>
      <FieldErrors id="audio-delete-error" errors={errors} />
      <Form method="post" action={AUDIO_PAGE_PATH} className={styles.actions}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="songId" value={draft.id} />
        <input type="hidden" name="confirm" value="yes" />
        <Button type="submit" variant="destructive">
          {T.deleteConfirm}
        </Button>
        <ButtonLink to={AUDIO_PAGE_PATH} variant="outline" preventScrollReset>
          {T.keep}
        </ButtonLink>
      </Form>
    </section>
  );
}

function DraftsTable({ drafts }: { drafts: DraftView[] }) {
  return (
    <div className={page.tableWrap} role="region" aria-label={T.draftsTableLabel} tabIndex={0}>
      <table className={page.table} data-testid="audio-drafts">
        <thead>
          <tr>
            <th scope="col">{T.columns.title}</th>
            <th scope="col">{T.columns.duration}</th>
            <th scope="col">{T.columns.format}</th>
            <th scope="col">{T.columns.uploaded}</th>
            <th scope="col">{T.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft) => (
            <tr key={draft.id} data-testid="audio-draft" data-song-id={draft.id}>
              <th scope="row">
                <Link to={`/admin/catalog/${draft.id}`} className={page.textLink} aria-label={T.editLabel(draft.title)}>
                  {draft.title}
                </Link>
                {draft.sourceFileName ? <div className={styles.hint}>{T.fromFile(draft.sourceFileName)}</div> : null}
                {draft.tagArtist ? <div className={styles.hint}>{T.artistHint(draft.tagArtist)}</div> : null}
                {draft.missing.length ? <div className={styles.hint}>{T.missingHint}</div> : null}
              </th>
              <td>{formatTime(draft.durationSeconds)}</td>
              <td>{draft.format}</td>
              <td>
                {draft.uploadedByName || "An admin"},{" "}
                <time dateTime={draft.uploadedAt}>{dateFormat.format(new Date(draft.uploadedAt))} UTC</time>
              </td>
              <td>
                <div className={styles.actions}>
                  <ButtonLink to={`/admin/catalog/${draft.id}`} variant="outline" aria-label={T.editLabel(draft.title)}>
                    {T.edit}
                  </ButtonLink>
                  <ButtonLink to={`${AUDIO_PAGE_PATH}?publish=${draft.id}`} variant="secondary" aria-label={T.publishLabel(draft.title)} preventScrollReset>
                    {T.publish}
                  </ButtonLink>
                  <ButtonLink to={`${AUDIO_PAGE_PATH}?delete=${draft.id}`} variant="outline" aria-label={T.deleteLabel(draft.title)} preventScrollReset>
                    {T.deleteDraft}
                  </ButtonLink>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminAudioRoute() {
  const { drafts, publishing, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const mounted = useMounted();
  const resultFor = (intent: string): Result => (actionData && actionData.intent === intent ? actionData.result : null);
  const publishDraftView = publishing ? drafts.find((draft) => draft.id === publishing) : undefined;
  const deleteDraftView = confirmDelete ? drafts.find((draft) => draft.id === confirmDelete) : undefined;
  const deleteResult = resultFor("delete");
  const publishResult = resultFor("publish");
  // A publish or delete refused for a draft no longer listed (published or deleted meanwhile).
  const orphanErrors = !publishDraftView && !deleteDraftView ? (publishResult?.error?.[""] ?? deleteResult?.error?.[""] ?? undefined) : undefined;

  return (
    <div className={styles.stack}>
      <PageHeader eyebrow={T.eyebrow} title={T.pageTitle} lead={T.lead} />
      <section className={page.card} aria-labelledby="audio-upload-title">
        <h2 id="audio-upload-title" className={page.sectionTitle}>
          {T.uploadTitle}
        </h2>
        {mounted ? <AudioUploader /> : <PlainUploadForm result={resultFor("upload")} />}
      </section>
      <section className={page.card} aria-labelledby="audio-drafts-title">
        <h2 id="audio-drafts-title" className={page.sectionTitle}>
          {T.draftsTitle} <span className={styles.hint}>({T.draftsCount(drafts.length)})</span>
        </h2>
        <FieldErrors id="audio-drafts-error" errors={orphanErrors} />
        {publishDraftView ? <PublishPanel draft={publishDraftView} result={publishResult} /> : null}
        {deleteDraftView ? <DeletePanel draft={deleteDraftView} result={deleteResult} /> : null}
        {drafts.length ? <DraftsTable drafts={drafts} /> : <p className={page.muted}>{T.draftsEmpty}</p>}
      </section>
    </div>
  );
}
