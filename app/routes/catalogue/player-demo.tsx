/**
 * /audioplayer-demo: every behaviour of the floating player on real
 * catalogue audio, including applicant navigation. Track ids follow the
 * application reviews' scheme, "<applicantId>-collab-<n>" and
 * "<applicantId>-solo-<n>" (the page shows people "Solo 1", "Collaboration 2"):
 * moving next out of an applicant's collab tracks, or previous out of their
 * solo tracks, calls the page's applicant-navigation callback instead of
 * playing, and the page logs it. README.md ("Audio") says more.
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
  { name: "description", content: "Try the floating audio player: playlists, seeking, volume, media keys and moving between applicants." },
];

/** Two example applicants, each with solo and collab tracks, in review order. */
const APPLICANTS: { id: string; name: string; tracks: { mode: TrackMode; n: number }[] }[] = [
  { id: "ava", name: "Ava", tracks: [{ mode: "solo", n: 1 }, { mode: "collab", n: 1 }, { mode: "collab", n: 2 }] },
  { id: "ben", name: "Ben", tracks: [{ mode: "solo", n: 1 }, { mode: "solo", n: 2 }, { mode: "collab", n: 1 }] },
];
const DEMO_TRACK_COUNT = APPLICANTS.reduce((sum, a) => sum + a.tracks.length, 0);

const MODE_LABELS: Record<TrackMode, string> = { solo: "Solo", collab: "Collaboration" };

interface DemoTrack extends Track {
  applicantId: string;
  mode: TrackMode;
  /** What people see instead of the id: "Solo 1", "Collaboration 2". */
  label: string;
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
        label: `${MODE_LABELS[mode]} ${n}`,
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

/** `detail`: which of an applicant's tracks it is ("Solo 1"), or a plain track's artist. */
function TrackEntry({ track, playlist, detail }: { track: Track & { durationSeconds: number }; playlist: Track[]; detail: string }) {
  const mounted = useMounted();
  return (
    <li className={styles.demoTrack}>
      <div className={styles.demoTrackHead}>
        {mounted ? <PlayButton track={track} playlist={playlist} fallbackHref="#" showText={false} variant="uberSubtle" /> : null}
        <div className={styles.trackMain}>
          <p className={styles.trackTitle}>{track.title}</p>
          <p className={styles.trackArtist}>
            {detail} · {formatTime(track.durationSeconds)}
          </p>
        </div>
      </div>
      {/* Before hydration and without JavaScript: the browser's own player. */}
      {mounted ? null : <audio className={styles.nativeAudio} controls preload="none" src={track.url} aria-label={`${track.title}, ${detail}`} />}
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
        <PageHeader eyebrow="Listen" title="Audio player demo" />
        <EmptyState icon="headphones" title="No audio to play yet">
          This page plays songs from the catalogue, and the catalogue has none yet.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="Listen"
        title="Audio player demo"
        lead="Play any track: the player appears at the bottom of the screen and keeps playing while you move around the site. Expand it for seeking, volume and the playlist."
      />

      <section aria-labelledby="applicants-heading" className={styles.stack}>
        <h2 id="applicants-heading" className={page.sectionTitle}>
          Applicant review
        </h2>
        <p className={page.muted}>
          How an application review sounds: one playlist across two example applicants, Ava and Ben. Next from an applicant's last
          collaboration, or Previous from their first solo track, moves on to the other applicant (noted below) instead of playing.
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
                    <TrackEntry key={track.id} track={track} playlist={tracks} detail={track.label} />
                  ))}
              </ol>
            </article>
          ))}
        </div>
        <h3 id="log-heading">Moves between applicants</h3>
        <ol className={styles.log} aria-labelledby="log-heading" aria-live="polite" data-testid="applicant-log">
          {log.length === 0 ? <li>No moves between applicants yet.</li> : log.map((line, i) => <li key={i}>{line}</li>)}
        </ol>
      </section>

      <section aria-labelledby="plain-heading" className={styles.stack}>
        <h2 id="plain-heading" className={page.sectionTitle}>
          Plain playlist
        </h2>
        <p className={page.muted}>Songs from the catalogue: Next goes round from the last to the first, Previous from the first to the last.</p>
        <ol className={styles.trackList} aria-label="Plain playlist">
          {plain.map((track) => (
            <TrackEntry key={track.id} track={track} playlist={plain} detail={track.artist} />
          ))}
        </ol>
      </section>

      <section aria-labelledby="keys-heading" className={styles.stack}>
        <h2 id="keys-heading" className={page.sectionTitle}>
          Keyboard and media keys
        </h2>
        <ul className={styles.checklist}>
          <li>Tab into the player; Space or K plays and pauses, arrow keys move the seek and volume sliders, Escape collapses it.</li>
          <li>Headphone buttons, keyboard media keys and your phone's lock screen control it too.</li>
        </ul>
      </section>
    </div>
  );
}
