/**
 * /admin/archive/song/{songId} (admin guard; /archive/song/{songId}
 * redirects here): one archived song with its details, credits and lyrics,
 * its audio (the floating player with JavaScript, the browser's own player
 * without), its history (creation, then every admin action on it from the
 * audit log) and a Restore form. A song that is not (or no longer) archived
 * says so, with its history and where it lives now; an unknown id is 404.
 * ADR 0083.
 */
import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { ARCHIVE_TEXT } from "~/admin/archive";
import { getArchiveSongPage, restoreSong, SongStateError, type HistoryEvent } from "~/admin/archive.server";
import * as styles from "~/admin/archive.css";
import { songArtist } from "~/catalog/songs.server";
import { CreditsTable } from "~/catalog/components/CreditsTable";
import { songTrack } from "~/catalog/components/tracks";
import * as catalogStyles from "~/catalog/components/catalog.css";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import * as memberStyles from "~/members/members.css";
import { formatTime } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && "song" in loaded ? loaded.song.title : "Archived song"} | Admin | ${PRODUCT_NAME}` },
];

const restoreSchema = z.object({ expected: z.literal("archived", { errorMap: () => ({ message: ARCHIVE_TEXT.reloadAndRetry }) }) });

const route = defineRoute({
  access: "admin",
  async load({ db, params }) {
    const songId = params.songId ?? "";
    const found = await getArchiveSongPage(db, songId);
    if (!found) return data({ state: "missing", missing: songId.slice(0, 100) } as const, { status: 404 });
    if (found.state === "not_archived") return { state: "not_archived", song: found.song, history: found.history } as const;
    const { song, audioUrl, artworkUrl, archivedAt, history } = found;
    return {
      state: "archived",
      song: {
        id: song.id,
        title: song.title,
        artist: songArtist(song),
        credits: song.credits,
        genre: song.genre,
        moods: song.moods,
        bpm: song.bpm,
        musicalKey: song.musicalKey,
        durationSeconds: song.durationSeconds,
        lyrics: song.lyrics,
        createdAt: song.createdAt,
      },
      audioUrl,
      artworkUrl,
      archivedAt,
      history,
    } as const;
  },
  forms: {
    restore: form({
      // The state the admin saw: an empty or stray post restores nothing (400).
      schema: restoreSchema,
      async handle({ db, params, viewer, reply }) {
        const songId = params.songId ?? "";
        try {
          const restored = await restoreSong(db, viewer!, songId);
          return redirectWithToast(`/admin/archive/song/${restored.id}`, { type: "success", message: ARCHIVE_TEXT.restored(restored.title) });
        } catch (error) {
          if (!(error instanceof SongStateError)) throw error;
          if (error.kind === "not_found") return reply({ formErrors: [ARCHIVE_TEXT.noSuchSong], status: 404 });
          return reply({ formErrors: [error.kind === "already" ? ARCHIVE_TEXT.alreadyRestored : ARCHIVE_TEXT.notRestorable], status: 409 });
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

interface FormActionData {
  intent: string;
  result: SubmissionResult<string[]>;
}

function RestoreErrors() {
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const errors = actionData?.intent === "restore" ? (actionData.result.error?.[""] ?? undefined) : undefined;
  if (!errors?.length) return null;
  return (
    <div role="alert" className={styles.alert}>
      <FieldErrors id="restore-errors" errors={errors} />
    </div>
  );
}

function History({ events, truncated }: { events: HistoryEvent[]; truncated: boolean }) {
  return (
    <section className={page.card} aria-labelledby="history-title">
      <h2 id="history-title" className={page.sectionTitle}>
        History
      </h2>
      <ol className={styles.timeline}>
        {events.map((event) => (
          <li key={event.key} className={styles.event}>
            <span className={styles.eventDot} aria-hidden="true" />
            <span className={styles.eventTitle}>{event.label}</span>
            <span className={styles.eventMeta}>
              <time dateTime={event.at}>{dateTimeFormat.format(new Date(event.at))} UTC</time>
              {event.actor ? <span>{` · by ${event.actor}`}</span> : null}
            </span>
            {event.changes.length > 0 ? (
              <ul className={styles.changeList} aria-label="Changes">
                {event.changes.map((change) => (
                  <li key={change.field}>{`${change.field}: ${change.before} → ${change.after}`}</li>
                ))}
              </ul>
            ) : null}
            {event.link ? (
              <Link className={page.textLink} to={event.link.to}>
                {event.link.text}
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
      {truncated ? <p className={page.muted}>Only the latest entries are shown; the audit log on the overview has them all.</p> : null}
    </section>
  );
}

export default function AdminArchivedSongRoute() {
  const loaded = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "restore";

  if (loaded.state === "missing") {
    return (
      <>
        <PageHeader eyebrow="Admin · Archive" title="Archived song" />
        <RestoreErrors />
        <EmptyState
          icon="archive"
          title={ARCHIVE_TEXT.notFoundTitle}
          actions={
            <ButtonLink to="/admin/archive/browse" variant="outline">
              {ARCHIVE_TEXT.browse}
            </ButtonLink>
          }
        >
          No song has the id <code>{loaded.missing}</code>. It may have been deleted, or the address is mistyped.
        </EmptyState>
      </>
    );
  }

  if (loaded.state === "not_archived") {
    const { song, history } = loaded;
    const live = song.status === "catalogue";
    return (
      <>
        <nav aria-label="Breadcrumb">
          <Link to="/admin/archive/browse">← Archive</Link>
        </nav>
        <PageHeader eyebrow="Admin · Archive" title={song.title} lead={ARCHIVE_TEXT.notArchivedTitle} />
        <RestoreErrors />
        <section className={page.card} aria-labelledby="where-title">
          <h2 id="where-title" className={page.sectionTitle}>
            {live ? "It is in the catalogue" : "It is a draft"}
          </h2>
          <p>
            {live
              ? "This song is in the public catalogue and search. Edit it, or archive it again, from the admin catalogue."
              : "This song is an unpublished draft: it has never been in the catalogue, so it cannot be archived or restored. Publish or delete it from the audio uploads."}
          </p>
          <div className={styles.actionsRow}>
            <ButtonLink to={`/admin/catalog/${song.id}`} variant="secondary">
              Open in the admin catalogue
            </ButtonLink>
            {live ? (
              <ButtonLink to={`/song/${song.id}`} variant="outline">
                View the public page
              </ButtonLink>
            ) : (
              <ButtonLink to="/admin/audio" variant="outline">
                Audio uploads
              </ButtonLink>
            )}
          </div>
        </section>
        <History events={history.events} truncated={history.truncated} />
      </>
    );
  }

  const { song, audioUrl, artworkUrl, archivedAt, history } = loaded;
  const track = songTrack({ id: song.id, title: song.title, artist: song.artist, audioUrl, artworkUrl });
  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to="/admin/archive/browse">← Archive</Link>
      </nav>
      <PageHeader
        eyebrow="Admin · Archived song"
        title={song.title}
        lead={`Archived ${dateFormat.format(new Date(archivedAt))}. Not visible in the public catalogue or search.`}
        actions={
          <>
            {track ? <PlayButton track={track} fallbackHref="#listen" variant="uber" size="lg" /> : null}
            <ButtonLink to={`/admin/catalog/${song.id}`} variant="outline" size="lg">
              Edit details
            </ButtonLink>
          </>
        }
      />
      <RestoreErrors />
      <section className={page.card} aria-labelledby="restore-title">
        <h2 id="restore-title" className={page.sectionTitle}>
          Restore
        </h2>
        <Form method="post" className={formStyles.form} preventScrollReset>
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="expected" value="archived" />
          <p className={formStyles.hint}>{ARCHIVE_TEXT.restoreHint}</p>
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              {ARCHIVE_TEXT.restore}
            </Button>
          </div>
        </Form>
      </section>
      <section id="listen" className={page.card} aria-labelledby="listen-title">
        <h2 id="listen-title" className={page.sectionTitle}>
          Listen
        </h2>
        <audio className={catalogStyles.nativeAudio} controls preload="none" src={audioUrl} aria-label={`Audio of ${song.title}`}>
          <a href={audioUrl}>Download {song.title}</a>
        </audio>
      </section>
      <div className={memberStyles.profileGrid}>
        <section className={page.card} aria-labelledby="credits-title">
          <h2 id="credits-title" className={page.sectionTitle}>
            Credits
          </h2>
          <CreditsTable credits={song.credits} />
        </section>
        <section className={page.card} aria-labelledby="details-title">
          <h2 id="details-title" className={page.sectionTitle}>
            Details
          </h2>
          <dl className={memberStyles.detailList}>
            {[
              ["Genre", song.genre],
              ["Moods", song.moods.join(", ") || "None listed"],
              ["Tempo and key", `${song.bpm} BPM · ${song.musicalKey}`],
              ["Length", formatTime(song.durationSeconds)],
              ["Added", dateFormat.format(new Date(song.createdAt))],
            ].map(([term, value]) => (
              <div key={term}>
                <dt className={memberStyles.detailTerm}>{term}</dt>
                <dd className={memberStyles.detailValue}>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <History events={history.events} truncated={history.truncated} />
      {song.lyrics ? (
        <section className={page.card} aria-labelledby="lyrics-title">
          <h2 id="lyrics-title" className={page.sectionTitle}>
            Lyrics
          </h2>
          <p className={memberStyles.bio}>{song.lyrics}</p>
        </section>
      ) : null}
    </>
  );
}
