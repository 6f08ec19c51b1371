/**
 * /camps/:campId/sessions/:sessionId (issue 13 §4, ADR 0090): one camp
 * session (camp, day, time in the venue's zone and the member's own, room,
 * who was in it), the songs it wrote with their rough audio, and each song's
 * split sheet with who has confirmed.
 *
 * Seen by the camp's accepted participants and admins (anyone else, unknown
 * ids, a session of another camp: 404). Changed only by the session's own
 * members and admins, once the camp has started. Every form is a plain POST:
 * the page works without JavaScript.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { Viewer } from "~/auth/viewer";
import { SplitSheetForm, SplitSheetTable, SheetStateBadge, type FieldErrorMap } from "~/camps/SplitSheetPanel";
import { campRoleLabel } from "~/camps/roles";
import { addSongSchema, confirmShareSchema, editSongSchema, removeSongSchema, sheetSchema, withdrawShareSchema, NOTES_MAX, WORKING_TITLE_MAX } from "~/camps/songs-schema";
import { CampSongRefusedError, createCampSong, removeCampSong, sessionForViewer, sessionSongs, updateCampSong, type CampSessionAccess } from "~/camps/songs.server";
import { campSongAudioUrlPath, sessionPath } from "~/camps/songs-paths";
import { SONG_TEXT, SPLIT_TEXT } from "~/camps/songs-text";
import * as styles from "~/camps/songs.css";
import { confirmShare, saveSplitSheet, withdrawConfirmation } from "~/camps/split-sheets.server";
import { formatCampDay, formatInZone, zoneAbbreviation } from "~/camps/time";
import { UploadRejectedError } from "~/catalog/upload.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import type { Database } from "~/platform/db/connect.server";
import type { Track } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { form, type FormContext } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME, SIGNED_URL_TTL_S } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button } from "~/ui/Button";
import { RATE_LIMITS } from "~/platform/rate-limit.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "session" in data ? `${data.session.roomName}, ${data.session.campName}` : SONG_TEXT.sessionHeading} | ${PRODUCT_NAME}` },
];

function validZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

const notFound = () => new Response(null, { status: 404 });

/** The session as the viewer may see it; 404 for anyone else. */
async function sessionOr404(db: Database, viewer: Viewer, params: Record<string, string | undefined>): Promise<CampSessionAccess> {
  const session = await sessionForViewer(db, viewer, params.campId ?? "", params.sessionId ?? "");
  if (!session) throw notFound();
  return session;
}

type AnyFormContext = FormContext<"member", typeof addSongSchema>;

/** A refusal of the sheet's functions as a reply under the form. */
function refusal(reply: AnyFormContext["reply"], outcome: { status: number; message: string }) {
  return reply({ formErrors: [outcome.message], status: outcome.status });
}

async function audioBytes(file: File | undefined): Promise<Uint8Array | null> {
  if (!file || (file.size === 0 && !file.name)) return null;
  return new Uint8Array(await file.arrayBuffer());
}

const route = defineRoute({
  access: "member",
  async load({ db, storage, viewer, params }) {
    const session = await sessionOr404(db, viewer, params);
    const [songs, profile] = await Promise.all([
      sessionSongs(db, session.sessionId),
      db.selectFrom("profiles").select("time_zone").where("user_id", "=", viewer.id).executeTakeFirst(),
    ]);
    // One query for the files of every song with audio, then their signed URLs.
    const files = songs.some((s) => s.hasAudio)
      ? await db
          .selectFrom("camp_songs")
          .select(["id", "audio_bucket", "audio_path"])
          .where("session_id", "=", session.sessionId)
          .where("audio_path", "is not", null)
          .execute()
      : [];
    const withAudio = await Promise.all(
      songs.map(async (song) => {
        const file = files.find((f) => f.id === song.id);
        return { ...song, audioUrl: file ? await storage.createSignedUrl(file.audio_bucket!, file.audio_path!, SIGNED_URL_TTL_S) : null };
      }),
    );
    return {
      session,
      songs: withAudio,
      viewer: { id: viewer.id, isAdmin: viewer.isAdmin },
      memberZone: validZone(profile?.time_zone),
    };
  },
  forms: {
    addSong: form({
      schema: addSongSchema,
      rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, storage, viewer, params, value, reply }) {
        const session = await sessionOr404(db, viewer!, params);
        try {
          await createCampSong({ db, storage, access: session, actorId: viewer!.id, workingTitle: value.workingTitle, notes: value.notes, audio: await audioBytes(value.audio) });
        } catch (error) {
          if (error instanceof UploadRejectedError) return reply({ fieldErrors: { audio: [error.message] }, status: 422 });
          if (error instanceof CampSongRefusedError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
        return redirectWithToast(sessionPath(session.campId, session.sessionId), { type: "success", message: SONG_TEXT.songAdded });
      },
    }),
    editSong: form({
      schema: editSongSchema,
      rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, storage, viewer, params, value, reply }) {
        const session = await sessionOr404(db, viewer!, params);
        try {
          await updateCampSong({ db, storage, access: session, actorId: viewer!.id, campSongId: value.campSongId, workingTitle: value.workingTitle, notes: value.notes, audio: await audioBytes(value.audio) });
        } catch (error) {
          if (error instanceof UploadRejectedError) return reply({ fieldErrors: { audio: [error.message] }, status: 422 });
          if (error instanceof CampSongRefusedError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
        return redirectWithToast(sessionPath(session.campId, session.sessionId), { type: "success", message: SONG_TEXT.songSaved });
      },
    }),
    removeSong: form({
      schema: removeSongSchema,
      async handle({ db, storage, viewer, params, value, reply }) {
        const session = await sessionOr404(db, viewer!, params);
        try {
          await removeCampSong({ db, storage, access: session, campSongId: value.campSongId, actor: viewer! });
        } catch (error) {
          if (error instanceof CampSongRefusedError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
        return redirectWithToast(sessionPath(session.campId, session.sessionId), { type: "success", message: SONG_TEXT.songRemoved });
      },
    }),
    saveSheet: form({
      schema: sheetSchema,
      async handle({ db, viewer, params, value, reply }) {
        const session = await sessionOr404(db, viewer!, params);
        if (!session.canEdit) return reply({ formErrors: [SONG_TEXT.notInSession], status: 403 });
        if (!session.canRecord) return reply({ formErrors: [SONG_TEXT.campNotStarted], status: 409 });
        const song = await db.selectFrom("camp_songs").select("id").where("id", "=", value.campSongId).where("session_id", "=", session.sessionId).executeTakeFirst();
        if (!song) return reply({ formErrors: [SONG_TEXT.songNotFound], status: 404 });
        const link = sessionPath(session.campId, session.sessionId);
        const outcome = await saveSplitSheet(db, { campSongId: song.id, version: value.version, rows: value.rows, actor: viewer!, link });
        if (!outcome.ok) return refusal(reply, outcome);
        return redirectWithToast(link, { type: "success", message: SPLIT_TEXT.sheetSaved });
      },
    }),
    confirmShare: form({
      schema: confirmShareSchema,
      async handle({ db, viewer, params, value, reply }) {
        const session = await sessionOr404(db, viewer!, params);
        const song = await db.selectFrom("camp_songs").select("id").where("id", "=", value.campSongId).where("session_id", "=", session.sessionId).executeTakeFirst();
        if (!song) return reply({ formErrors: [SONG_TEXT.songNotFound], status: 404 });
        const outcome = await confirmShare(db, { campSongId: song.id, rowId: value.rowId, version: value.version, actor: viewer! });
        if (!outcome.ok) return refusal(reply, outcome);
        return redirectWithToast(sessionPath(session.campId, session.sessionId), {
          type: "success",
          message: outcome.confirmedAs === "admin" ? SPLIT_TEXT.confirmedGuest : SPLIT_TEXT.confirmed,
        });
      },
    }),
    withdrawShare: form({
      schema: withdrawShareSchema,
      async handle({ db, viewer, params, value, reply }) {
        const session = await sessionOr404(db, viewer!, params);
        const song = await db.selectFrom("camp_songs").select("id").where("id", "=", value.campSongId).where("session_id", "=", session.sessionId).executeTakeFirst();
        if (!song) return reply({ formErrors: [SONG_TEXT.songNotFound], status: 404 });
        const outcome = await withdrawConfirmation(db, { campSongId: song.id, rowId: value.rowId, version: value.version, actor: viewer! });
        if (!outcome.ok) return refusal(reply, outcome);
        return redirectWithToast(sessionPath(session.campId, session.sessionId), { type: "success", message: SPLIT_TEXT.withdrawn });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type SongData = LoaderData["songs"][number];

function track(song: SongData, campName: string): Track {
  return { id: `camp-song-${song.id}`, url: song.audioUrl ?? "", title: song.workingTitle, artist: campName, freshUrlEndpoint: campSongAudioUrlPath(song.id) };
}

function SongFields({ idBase, errors, song }: { idBase: string; errors?: FieldErrorMap; song?: SongData }) {
  const err = (field: string) => errors?.[field] ?? undefined;
  return (
    <>
      <Field label={SONG_TEXT.workingTitleLabel} htmlFor={`${idBase}-title`} errorId={`${idBase}-title-error`} errors={err("workingTitle")}>
        <input
          id={`${idBase}-title`}
          name="workingTitle"
          required
          defaultValue={song?.workingTitle}
          maxLength={WORKING_TITLE_MAX + 20}
          className={formStyles.control}
          aria-describedby={err("workingTitle") ? `${idBase}-title-error` : undefined}
        />
      </Field>
      <Field label={SONG_TEXT.notesLabel} htmlFor={`${idBase}-notes`} errorId={`${idBase}-notes-error`} errors={err("notes")}>
        <textarea id={`${idBase}-notes`} name="notes" defaultValue={song?.notes ?? ""} maxLength={NOTES_MAX + 100} rows={3} className={formStyles.textarea} aria-describedby={err("notes") ? `${idBase}-notes-error` : undefined} />
      </Field>
      <Field
        label={song ? SONG_TEXT.replaceAudioLabel : SONG_TEXT.audioLabel}
        htmlFor={`${idBase}-audio`}
        hint={SONG_TEXT.audioHint}
        hintId={`${idBase}-audio-hint`}
        errorId={`${idBase}-audio-error`}
        errors={err("audio")}
      >
        <input
          id={`${idBase}-audio`}
          name="audio"
          type="file"
          accept="audio/*,.mp3,.wav,.flac,.m4a,.ogg"
          className={formStyles.control}
          aria-describedby={`${idBase}-audio-hint${err("audio") ? ` ${idBase}-audio-error` : ""}`}
        />
      </Field>
    </>
  );
}

function SongCard({ song, data, reply }: { song: SongData; data: LoaderData; reply: { intent: string; errors: FieldErrorMap; values: Record<string, unknown> | null } | null }) {
  const { session, viewer } = data;
  const mine = reply && reply.values?.campSongId === song.id ? reply : null;
  const errorsFor = (intent: string) => (mine?.intent === intent ? mine.errors : undefined);
  const formErrors = mine && mine.intent !== "saveSheet" && mine.intent !== "editSong" ? (mine.errors?.[""] ?? mine.errors?.confirm ?? mine.errors?.rowId ?? undefined) : undefined;
  const named = song.sheet.rows.some((r) => r.memberId === viewer.id);
  const headingId = `song-${song.id}`;
  return (
    <li className={styles.song} aria-labelledby={headingId} data-camp-song={song.id}>
      <div className={styles.stack}>
        <div className={styles.tightStack}>
          <h3 id={headingId} className={styles.songTitle}>
            {song.workingTitle}
          </h3>
          <div>
            <SheetStateBadge sheet={song.sheet} />
          </div>
          {song.notes ? <p className={styles.notes}>{song.notes}</p> : null}
        </div>
        <FieldErrors id={`${headingId}-error`} errors={formErrors ?? undefined} />
        <section aria-label={`${SONG_TEXT.roughAudio}: ${song.workingTitle}`} className={styles.tightStack}>
          {song.audioUrl ? (
            <>
              <div>
                <PlayButton track={track(song, session.campName)} fallbackHref={`#camp-song-audio-${song.id}`} />
              </div>
              <audio id={`camp-song-audio-${song.id}`} className={styles.audio} controls preload="none" src={song.audioUrl} aria-label={SONG_TEXT.playRough(song.workingTitle)} />
            </>
          ) : (
            <p className={styles.note}>{SONG_TEXT.noRoughAudio}</p>
          )}
        </section>
        <section aria-label={`${SPLIT_TEXT.heading}: ${song.workingTitle}`} className={styles.tightStack}>
          <h4 className={formStyles.label}>{SPLIT_TEXT.heading}</h4>
          <SplitSheetTable campSongId={song.id} title={song.workingTitle} sheet={song.sheet} viewer={viewer} canSubmit={session.inSession || named} />
          {session.canRecord && !song.sheet.locked ? (
            <SplitSheetForm
              campSongId={song.id}
              title={song.workingTitle}
              sheet={song.sheet}
              group={session.group}
              errors={errorsFor("saveSheet")}
              values={mine?.intent === "saveSheet" ? (mine.values as { rows?: [] }) : null}
            />
          ) : null}
        </section>
        {session.canRecord ? (
          <details className={styles.details} open={mine?.intent === "editSong"}>
            <summary className={styles.summary}>{SONG_TEXT.editSongSummary}</summary>
            <Form method="post" encType="multipart/form-data" className={formStyles.form} aria-label={`${SONG_TEXT.editSongSummary}: ${song.workingTitle}`}>
              <input type="hidden" name="intent" value="editSong" />
              <input type="hidden" name="campSongId" value={song.id} />
              <FieldErrors id={`${headingId}-edit-error`} errors={errorsFor("editSong")?.[""] ?? undefined} />
              <SongFields idBase={`edit-${song.id}`} errors={errorsFor("editSong")} song={song} />
              <div className={formStyles.actions}>
                <Button type="submit">{SONG_TEXT.saveSong}</Button>
              </div>
            </Form>
            {!song.sheet.locked ? (
              <Form method="post" className={formStyles.form} aria-label={`${SONG_TEXT.removeSong}: ${song.workingTitle}`}>
                <input type="hidden" name="intent" value="removeSong" />
                <input type="hidden" name="campSongId" value={song.id} />
                <label className={formStyles.check}>
                  <input type="checkbox" name="confirm" value="yes" required />
                  <span>{SONG_TEXT.removeSongConfirm}</span>
                </label>
                <div className={formStyles.actions}>
                  <Button type="submit" variant="destructive">
                    {SONG_TEXT.removeSong}
                  </Button>
                </div>
              </Form>
            ) : null}
          </details>
        ) : null}
      </div>
    </li>
  );
}

export default function CampSessionRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { session, songs, memberZone } = data;
  const reply = actionData
    ? { intent: actionData.intent, errors: (actionData.result.error ?? undefined) as FieldErrorMap, values: (actionData.result.initialValue ?? null) as Record<string, unknown> | null }
    : null;
  const addErrors = reply?.intent === "addSong" ? reply.errors : undefined;
  const starts = new Date(session.startsAtUtc);
  const ends = new Date(session.endsAtUtc);
  const venueZone = zoneAbbreviation(starts, session.timeZone);
  const ownZone = zoneAbbreviation(starts, memberZone);
  return (
    <div className={`${container} ${page.page}`}>
      <nav aria-label="Breadcrumb">
        <Link to={`/camps/${session.campId}`} className={page.textLink}>
          <span aria-hidden="true">←</span> {SONG_TEXT.backToCamp}
        </Link>
      </nav>
      <PageHeader eyebrow={session.campName} title={SONG_TEXT.pageTitle(session.roomName, formatCampDay(session.day))} />
      <section className={page.card} aria-labelledby="session-facts">
        <h2 id="session-facts" className={page.sectionTitle}>
          {SONG_TEXT.sessionHeading}
        </h2>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>{SONG_TEXT.venueTime(venueZone)}</dt>
            <dd className={styles.factValue} data-testid="venue-time">
              {`${formatInZone(starts, session.timeZone)}–${formatInZone(ends, session.timeZone, { withDate: false })}`}
            </dd>
          </div>
          {memberZone !== session.timeZone ? (
            <div className={styles.fact}>
              <dt className={styles.factLabel}>{SONG_TEXT.yourTime(ownZone)}</dt>
              <dd className={styles.factValue} data-testid="own-time">
                {`${formatInZone(starts, memberZone)}–${formatInZone(ends, memberZone, { withDate: false })}`}
              </dd>
            </div>
          ) : null}
          <div className={styles.fact}>
            <dt className={styles.factLabel}>Room</dt>
            <dd className={styles.factValue}>{session.roomName}</dd>
          </div>
          <div className={styles.fact}>
            <dt className={styles.factLabel}>Venue</dt>
            <dd className={styles.factValue}>{session.venue}</dd>
          </div>
        </dl>
        <h3 className={formStyles.label}>{SONG_TEXT.groupHeading}</h3>
        {session.group.length === 0 ? (
          <p className={styles.note}>{SONG_TEXT.emptyGroup}</p>
        ) : (
          <ul className={styles.people}>
            {session.group.map((p) => (
              <li key={p.memberId} className={styles.person}>
                {`${p.displayName} · ${campRoleLabel(p.campRole)}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.stack} aria-labelledby="session-songs">
        <h2 id="session-songs" className={page.sectionTitle}>
          {SONG_TEXT.songsHeading}
        </h2>
        {!session.canEdit ? <p className={styles.note}>{SONG_TEXT.readOnlyNote}</p> : null}
        {session.canEdit && !session.canRecord ? <p className={styles.note}>{SONG_TEXT.campNotStarted}</p> : null}
        {songs.length === 0 ? (
          <p className={styles.note}>{SONG_TEXT.noSongs}</p>
        ) : (
          <ul className={styles.songList}>
            {songs.map((song) => (
              <SongCard key={song.id} song={song} data={data} reply={reply} />
            ))}
          </ul>
        )}
      </section>
      {session.canRecord ? (
        <section className={page.card} aria-labelledby="add-song">
          <h2 id="add-song" className={page.sectionTitle}>
            {SONG_TEXT.addSongHeading}
          </h2>
          <Form method="post" encType="multipart/form-data" className={formStyles.form}>
            <input type="hidden" name="intent" value="addSong" />
            <FieldErrors id="add-song-error" errors={addErrors?.[""] ?? undefined} />
            <SongFields idBase="add-song" errors={addErrors} />
            <div className={formStyles.actions}>
              <Button type="submit">{SONG_TEXT.addSong}</Button>
            </div>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
