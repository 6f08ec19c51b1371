/**
 * A member's showcase tracks, each playable in the floating player (the list
 * is the playlist, so next/previous walk through it) with its waveform. Used
 * on /showcase, /members/{userId} and /dashboard. Without JavaScript, Play is
 * a link to the audio file itself, which the browser plays.
 *
 * `children(track, index)` adds controls under a track (the owner's reorder
 * and delete forms on /showcase).
 */
import type { ReactNode } from "react";
import { Waveform } from "~/catalog/components/Waveform";
import { PlayButton } from "~/player/PlayButton";
import { formatTime, type Track } from "~/player/logic";
import { showcaseAudioUrlPath, SHOWCASE_TEXT } from "./constants";
import type { ShowcaseTrackView } from "./showcase.server";
import * as styles from "./showcase.css";

export function showcaseTrack(track: ShowcaseTrackView, artist: string): Track {
  return { id: track.id, url: track.url, title: track.title, artist, freshUrlEndpoint: showcaseAudioUrlPath(track.id) };
}

export function ShowcaseList(props: {
  tracks: ShowcaseTrackView[];
  artist: string;
  emptyText?: string;
  /** Heading level of each track's title (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** What a hidden track says under its title (the member's own pages by default; the admin pages their own words). */
  hiddenNote?: string;
  children?: (track: ShowcaseTrackView, index: number) => ReactNode;
}): JSX.Element {
  const { tracks, artist, emptyText, headingLevel = 3, hiddenNote = SHOWCASE_TEXT.hiddenNote, children } = props;
  if (tracks.length === 0) return <p className={styles.trackMeta}>{emptyText ?? SHOWCASE_TEXT.emptyPublic}</p>;
  const playlist = tracks.map((track) => showcaseTrack(track, artist));
  const Heading = `h${headingLevel}` as const;
  return (
    <ol className={styles.list} aria-label={`Showcase of ${artist}`} data-testid="showcase-list">
      {tracks.map((track, index) => (
        <li key={track.id} className={styles.track} data-testid="showcase-track">
          <PlayButton track={playlist[index]!} playlist={playlist} fallbackHref={track.url} showText={false} />
          <div className={styles.trackText}>
            <Heading className={styles.trackTitle} data-track-title="">
              {track.title}
            </Heading>
            <span className={styles.trackMeta}>
              <span className="visually-hidden">Length </span>
              {formatTime(track.durationSeconds)}
            </span>
            {track.hidden ? (
              <span className={styles.hiddenLine} data-testid="showcase-hidden">
                <span className={styles.hiddenBadge}>{SHOWCASE_TEXT.hiddenBadge}</span> <span className={styles.trackMeta}>{hiddenNote}</span>
              </span>
            ) : null}
          </div>
          <div className={styles.trackWave}>
            {track.peaks.length > 0 ? (
              <Waveform peaks={track.peaks} track={playlist[index]!} durationSeconds={track.durationSeconds} title={track.title} />
            ) : (
              <div className={styles.flatWave} role="img" aria-label={SHOWCASE_TEXT.noWaveform} />
            )}
          </div>
          {children ? <div className={styles.actions}>{children(track, index)}</div> : null}
        </li>
      ))}
    </ol>
  );
}
