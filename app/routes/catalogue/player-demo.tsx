/**
 * /audioplayer-demo: every behaviour of the floating player on real demo
 * catalogue audio, including applicant navigation. Tracks are named the way
 * application reviews name them, "<applicantId>-collab-<n>" and
 * "<applicantId>-solo-<n>": moving next out of an applicant's collab tracks, or
 * previous out of their solo tracks, calls the page's applicant-navigation
 * callback instead of playing, and the page logs it.
 *
 * Without JavaScript every track has a native <audio controls>.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import * as styles from "~/catalog/components/catalog.css";
import { parseCatalogQuery } from "~/catalog/query-schema";
import { searchCatalog } from "~/catalog/songs.server";
import type { SongSummary } from "~/catalog/types";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { useApplicantNavigation } from "~/player/context";
import type { ApplicantNavigation } from "~/player/controller";
import type { Track, TrackMode } from "~/player/logic";
import { formatTime } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { PRODUCT_NAME } from "~/shared/constants";
import { useMounted } from "~/ui/useMounted";

export const meta: MetaFunction = () => [
  { title: `Audio player demo | ${PRODUCT_NAME}` },
  { name: "description", content: "Try the floating audio player: playlists, seeking, volume, media keys and applicant navigation." },
];

/** Two applicants, each with solo and collab tracks, in review order. */
const APPLICANTS: { id: string; name: string; tracks: { mode: TrackMode; n: number }[] }[] = [
  { id: "ava", name: "Ava (demo applicant)", tracks: [{ mode: "solo", n: 1 }, { mode: "collab", n: 1 }, { mode: "collab", n: 2 }] },
  { id: "ben", name: "Ben (demo applicant)", tracks: [{ mode: "solo", n: 1 }, { mode: "solo", n: 2 }, { mode: "collab", n: 1 }] },
];
const DEMO_TRACK_COUNT = APPLICANTS.reduce((sum, a) => sum + a.tracks.length, 0);

interface DemoTrack extends Track {
  applicantId: string;
  mode: TrackMode;
  durationSeconds: number;
}

function demoTracks(songs: SongSummary[]): DemoTrack[] {
  const tracks: DemoTrack[] = [];
  let i = 0;
  for (const applicant of APPLICANTS) {
    for (const { mode, n } of applicant.tracks) {
      const song = songs[i++ % songs.length];
      if (!song?.audioUrl) continue;
      tracks.push({
        id: `${applicant.id}-${mode}-${n}`,
        url: song.audioUrl,
        title: song.title,
        artist: applicant.name,
        songId: song.id,
        artworkUrl: song.artworkUrl ?? null,
        applicantId: applicant.id,
        mode,
        durationSeconds: song.durationSeconds,
      });
    }
  }
  return tracks;
}

const route = defineRoute({
  access: "public-viewer",
  async load({ db }) {
    const { songs } = await searchCatalog(db, parseCatalogQuery({ sort: "title", pageSize: String(DEMO_TRACK_COUNT) }));
    const plain = songs
      .filter((song) => song.audioUrl)
      .map<Track & { durationSeconds: number }>((song) => ({
        id: song.id,
        url: song.audioUrl!,
        title: song.title,
        artist: song.artist,
        songId: song.id,
        artworkUrl: song.artworkUrl ?? null,
        durationSeconds: song.durationSeconds,
      }));
    return { tracks: demoTracks(songs), plain };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

/** Applicant tracks show their id (the applicant and mode are in it); plain tracks their artist. */
function TrackEntry({ track, playlist, showId }: { track: Track & { durationSeconds: number }; playlist: Track[]; showId: boolean }) {
  const mounted = useMounted();
  return (
    <li className={styles.demoTrack}>
      <div className={styles.demoTrackHead}>
        {mounted ? <PlayButton track={track} playlist={playlist} fallbackHref="#" showText={false} variant="uberSubtle" /> : null}
        <div className={styles.trackMain}>
          <p className={styles.trackTitle}>{track.title}</p>
          <p className={styles.trackId}>
            {showId ? track.id : track.artist} · {formatTime(track.durationSeconds)}
          </p>
        </div>
      </div>
      {/* Before hydration and without JavaScript: the browser's own player. */}
      {mounted ? null : <audio className={styles.nativeAudio} controls preload="none" src={track.url} aria-label={`${track.title} (${track.id})`} />}
    </li>
  );
}

export default function AudioPlayerDemoRoute() {
  const { tracks, plain } = useLoaderData<typeof loader>();
  const [log, setLog] = useState<string[]>([]);
  const [activeApplicant, setActiveApplicant] = useState<string | null>(null);

  const onApplicantNavigation = useCallback((navigation: ApplicantNavigation) => {
    const applicant = APPLICANTS.find((a) => a.id === navigation.toApplicantId);
    setActiveApplicant(navigation.toApplicantId);
    setLog((lines) => [...lines, `Moved to applicant ${applicant?.name ?? navigation.toApplicantId} (${navigation.direction})`]);
  }, []);
  useApplicantNavigation(onApplicantNavigation);

  if (tracks.length === 0) {
    return (
      <div className={`${container} ${page.page}`}>
        <PageHeader eyebrow="Demo" title="Audio player demo" />
        <EmptyState icon="headphones" title="No audio to play yet">
          The demo plays songs from the catalogue, which is empty.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="Demo"
        title="Audio player demo"
        lead="Play any track: the floating player appears and keeps playing while you move around the site. Expand it for seeking, volume and the playlist."
      />

      <section aria-labelledby="applicants-heading" className={styles.stack}>
        <h2 id="applicants-heading" className={page.sectionTitle}>
          Applicant review
        </h2>
        <p className={page.muted}>
          One playlist across two applicants. Next from an applicant's last collab track, or previous from their first solo track,
          moves to the other applicant (logged below) instead of playing.
        </p>
        <div className={styles.applicantGrid}>
          {APPLICANTS.map((applicant) => (
            <article
              key={applicant.id}
              className={styles.applicantCard}
              data-active={activeApplicant === applicant.id}
              aria-labelledby={`applicant-${applicant.id}`}
            >
              <h3 id={`applicant-${applicant.id}`}>{applicant.name}</h3>
              <ol className={styles.trackList} aria-label={`Tracks of ${applicant.name}`}>
                {tracks
                  .filter((t) => t.applicantId === applicant.id)
                  .map((track) => (
                    <TrackEntry key={track.id} track={track} playlist={tracks} showId />
                  ))}
              </ol>
            </article>
          ))}
        </div>
        <h3 id="log-heading">Applicant navigation log</h3>
        <ol className={styles.log} aria-labelledby="log-heading" aria-live="polite" data-testid="applicant-log">
          {log.length === 0 ? <li>No applicant navigation yet.</li> : log.map((line, i) => <li key={i}>{line}</li>)}
        </ol>
      </section>

      <section aria-labelledby="plain-heading" className={styles.stack}>
        <h2 id="plain-heading" className={page.sectionTitle}>
          Plain playlist
        </h2>
        <p className={page.muted}>Catalogue songs with no applicant: next wraps from the last to the first, previous from the first to the last.</p>
        <ol className={styles.trackList} aria-label="Plain playlist">
          {plain.map((track) => (
            <TrackEntry key={track.id} track={track} playlist={plain} showId={false} />
          ))}
        </ol>
      </section>

      <section aria-labelledby="keys-heading" className={styles.stack}>
        <h2 id="keys-heading" className={page.sectionTitle}>
          Keyboard and media keys
        </h2>
        <ul className={styles.checklist}>
          <li>Tab into the player; Space or K plays and pauses, arrow keys move the seek and volume sliders, Escape collapses it.</li>
          <li>Headphone buttons, keyboard media keys and the lock screen control it too (Media Session).</li>
          <li>If a track's link has expired, the player asks for a fresh one once, then stops.</li>
        </ul>
      </section>
    </div>
  );
}
