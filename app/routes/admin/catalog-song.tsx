/**
 * /admin/catalog/{songId} (admin guard): one song, whatever its status
 * (catalogue, draft, archived). Its details, its credits and splits, its
 * alternate versions (upload, play, remove), featuring and archiving. Every
 * form works without JavaScript; each change is recorded in the audit log in
 * its own transaction, and the catalogue, the song page and the search see it
 * at once. The details and credits forms carry the song's updated_at: a save
 * from a page older than another admin's save is refused with 409.
 * Unknown and malformed ids are 404. docs/decisions/0082-admin-catalogue.md
 */
import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { archiveSong, SongStateError } from "~/admin/archive.server";
import {
  creditMemberOptions,
  FeatureConflictError,
  getEditableSong,
  isSplitsViolation,
  setSongFeatured,
  SongNotFoundError,
  StaleSongError,
  UnknownCreditMemberError,
  updateSongCredits,
  updateSongDetails,
} from "~/admin/catalog.server";
import { addRowSchema, archiveSchema, creditsSchema, detailsSchema, featureSchema, removeVersionSchema, uploadVersionSchema } from "~/admin/catalog-schema";
import { ADMIN_CATALOG_PATH, adminSongPath, CATALOG_TEXT } from "~/admin/catalog-text";
import { ArchiveForm, CreditsForm, DetailsForm, FeatureForm, RemoveVersionForm, VersionUploadForm } from "~/admin/CatalogSongForms";
import * as styles from "~/admin/catalog.css";
import * as adminStyles from "~/admin/admin.css";
import { adminCampReviewPath, CAMP_CREDITS_TEXT } from "~/camps/review-text";
import { SongVersions } from "~/catalog/components/SongVersions";
import { UploadRejectedError } from "~/catalog/upload.server";
import { addSongVersion, removeSongVersion, signedSongVersions, VersionExistsError } from "~/catalog/versions.server";
import { EmptyState } from "~/layout/EmptyState";
import { FieldErrors } from "~/layout/Field";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { ButtonLink } from "~/ui/Button";

const T = CATALOG_TEXT;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && "song" in loaded ? loaded.song.title : T.notFoundTitle} | Catalogue | Admin | ${PRODUCT_NAME}` },
];

const route = defineRoute({
  access: "admin",
  async load({ db, storage, params }) {
    const song = await getEditableSong(db, params.songId ?? "");
    if (!song) return data({ missing: true } as const, { status: 404 });
    const [members, versions] = await Promise.all([creditMemberOptions(db), signedSongVersions(db, storage, song.id)]);
    return {
      song,
      members,
      versions: versions.map(({ id, kind, label, durationSeconds, audioUrl }) => ({ id, kind, label, durationSeconds, audioUrl })),
    };
  },
  forms: {
    details: form({
      schema: detailsSchema,
      async handle({ db, viewer, params, value, reply }) {
        const songId = params.songId ?? "";
        try {
          const { intent: _intent, updatedAt, ...fields } = value;
          const saved = await updateSongDetails(db, viewer!, songId, updatedAt, fields);
          const message = saved.changed.length === 0 ? T.noChanges : T.detailsSaved(saved.title);
          return redirectWithToast(adminSongPath(songId), { type: saved.changed.length === 0 ? "info" : "success", message });
        } catch (error) {
          if (error instanceof SongNotFoundError) return reply({ formErrors: [T.notFound], status: 404 });
          if (error instanceof StaleSongError) return reply({ formErrors: [T.stale], status: 409 });
          throw error;
        }
      },
    }),
    credits: form({
      schema: creditsSchema,
      async handle({ db, viewer, params, value, reply }) {
        const songId = params.songId ?? "";
        try {
          const saved = await updateSongCredits(db, viewer!, songId, value.updatedAt, value.credits);
          return redirectWithToast(adminSongPath(songId), saved.changed ? { type: "success", message: T.creditsSaved(saved.title) } : { type: "info", message: T.noChanges });
        } catch (error) {
          if (error instanceof SongNotFoundError) return reply({ formErrors: [T.notFound], status: 404 });
          if (error instanceof StaleSongError) return reply({ formErrors: [T.stale], status: 409 });
          if (error instanceof UnknownCreditMemberError) {
            // The indexes are of the credits kept (blank rows dropped): report under the credits.
            return reply({ fieldErrors: { credits: [T.errors.creditMember] }, status: 400 });
          }
          // The database's deferred check at commit: the schema refuses the same first, so only a race gets here.
          if (isSplitsViolation(error)) return reply({ fieldErrors: { credits: [T.errors.splitsSum("not 100")] }, status: 400 });
          throw error;
        }
      },
    }),
    addRow: form({
      schema: addRowSchema,
      // Nothing is saved: the form comes back as typed, with more rows (CatalogSongForms.creditRowCount).
      handle: ({ reply }) => reply({ status: 200 }),
    }),
    feature: form({
      schema: featureSchema,
      async handle({ db, viewer, params, value, reply }) {
        const songId = params.songId ?? "";
        try {
          const featured = value.featured === "yes";
          const { title } = await setSongFeatured(db, viewer!, songId, featured);
          return redirectWithToast(adminSongPath(songId), { type: "success", message: featured ? T.featured(title) : T.unfeatured(title) });
        } catch (error) {
          if (error instanceof SongNotFoundError) return reply({ formErrors: [T.notFound], status: 404 });
          if (error instanceof FeatureConflictError) return reply({ formErrors: [error.message], status: 409 });
          throw error;
        }
      },
    }),
    uploadVersion: form({
      schema: uploadVersionSchema,
      rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, storage, viewer, params, value, reply }) {
        const songId = params.songId ?? "";
        try {
          const audio = new Uint8Array(await value.audio.arrayBuffer());
          const { version, title } = await addSongVersion({ db, storage, viewer: viewer!, songId, kind: value.kind, audio });
          return redirectWithToast(adminSongPath(songId), { type: "success", message: T.versionAdded(version.label, title) });
        } catch (error) {
          if (error instanceof SongNotFoundError) return reply({ formErrors: [T.notFound], status: 404 });
          if (error instanceof VersionExistsError) return reply({ fieldErrors: { kind: [error.message] }, status: 409 });
          if (error instanceof UploadRejectedError) return reply({ fieldErrors: { audio: [error.message] }, status: 422 });
          throw error;
        }
      },
    }),
    removeVersion: form({
      schema: removeVersionSchema,
      async handle({ db, storage, viewer, params, value, reply }) {
        const songId = params.songId ?? "";
        const removed = await removeSongVersion(db, storage, viewer!, songId, value.versionId);
        if (!removed) return reply({ formErrors: [T.versionMissing], status: 404 });
        return redirectWithToast(adminSongPath(songId), { type: "success", message: T.versionRemoved(removed.label, removed.title) });
      },
    }),
    archive: form({
      schema: archiveSchema,
      async handle({ db, viewer, params, reply }) {
        const songId = params.songId ?? "";
        try {
          const { title } = await archiveSong(db, viewer!, songId);
          return redirectWithToast(adminSongPath(songId), { type: "success", message: T.archived(title) });
        } catch (error) {
          if (error instanceof SongStateError) {
            if (error.kind === "not_found") return reply({ formErrors: [T.notFound], status: 404 });
            return reply({ formErrors: [error.kind === "already" ? T.isArchived : T.isDraft], status: 409 });
          }
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

interface FormActionData {
  intent: string;
  result: SubmissionResult<string[]>;
}

export default function AdminCatalogSongRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const resultFor = (...intents: string[]) => (actionData && intents.includes(actionData.intent) ? actionData.result : undefined);

  if (!("song" in loaded)) {
    return (
      <>
        <PageHeader eyebrow="Admin · Catalogue" title={T.notFoundTitle} />
        <EmptyState
          icon="search"
          title={T.notFoundTitle}
          actions={
            <ButtonLink to={ADMIN_CATALOG_PATH} variant="outline">
              {T.back}
            </ButtonLink>
          }
        >
          {T.notFound}
        </EmptyState>
      </>
    );
  }

  const { song, members, versions } = loaded;
  const action = adminSongPath(song.id);
  const statusLabel = T.statusBadge[song.status] ?? song.status;
  const otherErrors = resultFor("feature", "archive", "removeVersion")?.error?.[""] ?? undefined;

  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to={ADMIN_CATALOG_PATH} className={page.textLink}>
          ← {T.back}
        </Link>
      </nav>
      <PageHeader
        eyebrow={`Catalogue · ${statusLabel}${song.featured ? ` · ${T.featuredYes}` : ""}`}
        title={song.title}
        actions={
          song.status === "catalogue" ? (
            <ButtonLink to={`/song/${song.id}`} variant="outline">
              {T.viewPublic}
            </ButtonLink>
          ) : song.status === "archived" ? (
            <ButtonLink to={`/admin/archive/song/${song.id}`} variant="outline">
              {T.viewArchived}
            </ButtonLink>
          ) : null
        }
      />
      {song.status !== "catalogue" ? (
        <p className={styles.statusNote} data-testid="song-status-note">
          <span className={adminStyles.badgeMuted}>{statusLabel}</span> {song.status === "archived" ? T.isArchived : T.isDraft}
        </p>
      ) : null}
      <FieldErrors id="song-actions-error" errors={otherErrors} />
      <div className={styles.stack}>
        <section className={page.card} aria-labelledby="details-title">
          <h2 id="details-title" className={page.sectionTitle}>
            {T.detailsTitle}
          </h2>
          {/* Keyed by the stamp: after a save the fields start again from what was stored. */}
          <DetailsForm key={song.updatedAt} action={action} song={song} lastResult={resultFor("details")} />
        </section>
        <section className={page.card} aria-labelledby="credits-title">
          <h2 id="credits-title" className={page.sectionTitle}>
            {T.creditsTitle}
          </h2>
          {song.splitSheet ? (
            <div className={styles.statusNote} role="note" aria-labelledby="credits-sheet-title" data-testid="credits-from-split-sheet">
              <p id="credits-sheet-title">
                <strong>{CAMP_CREDITS_TEXT.editor.title}</strong>
              </p>
              <p>{CAMP_CREDITS_TEXT.editor.body(song.splitSheet.campName)}</p>
              <p>
                <Link to={adminCampReviewPath(song.splitSheet.campId)} className={page.textLink}>
                  {CAMP_CREDITS_TEXT.editor.sheetLink}
                </Link>
              </p>
            </div>
          ) : null}
          <CreditsForm key={song.updatedAt} action={action} song={song} members={members} lastResult={resultFor("credits", "addRow")} lastIntent={actionData?.intent} />
        </section>
        <section className={page.card} aria-labelledby="versions-title">
          <h2 id="versions-title" className={page.sectionTitle}>
            {T.versionsTitle}
          </h2>
          {song.status === "catalogue" ? <p className={page.muted}>{T.versionsPublic}</p> : null}
          <SongVersions versions={versions} songId={song.id} songTitle={song.title} actions={(version) => <RemoveVersionForm action={action} version={version} />} />
          <VersionUploadForm action={action} takenKinds={versions.map((v) => v.kind)} lastResult={resultFor("uploadVersion")} />
        </section>
        <section className={page.card} aria-labelledby="feature-title">
          <h2 id="feature-title" className={page.sectionTitle}>
            {T.featureTitle}
          </h2>
          <p className={page.muted}>{T.featureHint}</p>
          <FeatureForm action={action} featured={song.featured} status={song.status} />
          {song.status === "catalogue" ? <ArchiveForm action={action} /> : null}
        </section>
      </div>
    </>
  );
}
