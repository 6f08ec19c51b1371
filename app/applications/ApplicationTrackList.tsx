/**
 * An application's sample tracks in one group (collab or solo), each playable
 * in the floating player: the whole application is the playlist (collab
 * first), and the ids are the track keys SPEC section 3 describes. Without
 * JavaScript, Play is a link to the audio file itself.
 *
 * `children(track)` adds controls under a track (the draft's Remove form).
 */
import type { ReactNode } from "react";
import { Waveform } from "~/catalog/components/Waveform";
import { PlayButton } from "~/player/PlayButton";
import { formatTime, type Track } from "~/player/logic";
import * as styles from "~/showcase/showcase.css";
import type { TrackMode } from "./track-ids";
import { MODE_TEXT } from "./constants";

/** What the list needs of a track (ApplicationTrackView from the server). */
export interface ListedTrack {
  id: string;
  trackId: string;
  url: string;
  title: string;
  artist: string;
  mode: TrackMode;
  durationSeconds: number;
  peaks: number[];
  freshUrlEndpoint: string;
}

export const playerTrack = (track: ListedTrack): Track => ({
  id: track.id,
  url: track.url,
  title: track.title,
  artist: track.artist,
  freshUrlEndpoint: track.freshUrlEndpoint,
});

export function ApplicationTrackList({
  tracks,
  mode,
  headingLevel = 4,
  children,
}: {
  /** Every track of the application (the playlist); only `mode`'s are listed. */
  tracks: ListedTrack[];
  mode: TrackMode;
  headingLevel?: 3 | 4;
  children?: (track: ListedTrack) => ReactNode;
}) {
  const listed = tracks.filter((track) => track.mode === mode);
  if (listed.length === 0) return <p className={styles.trackMeta}>{MODE_TEXT[mode].empty}</p>;
  const playlist = tracks.map(playerTrack);
  const Heading = `h${headingLevel}` as const;
  return (
    <ol className={styles.list} aria-label={MODE_TEXT[mode].title} data-testid={`application-tracks-${mode}`}>
      {listed.map((track) => {
        const index = tracks.indexOf(track);
        return (
          <li key={track.id} className={styles.track} data-testid="application-track" data-track-key={track.id}>
            <PlayButton track={playlist[index]!} playlist={playlist} fallbackHref={track.url} showText={false} />
            <div className={styles.trackText}>
              <Heading className={styles.trackTitle} data-track-title="">
                {track.title}
              </Heading>
              <span className={styles.trackMeta}>
                <span className="visually-hidden">Length </span>
                {formatTime(track.durationSeconds)}
              </span>
            </div>
            <div className={styles.trackWave}>
              {track.peaks.length > 0 ? (
                <Waveform peaks={track.peaks} track={playlist[index]!} durationSeconds={track.durationSeconds} title={track.title} />
              ) : (
                <div className={styles.flatWave} role="img" aria-label="No waveform for this format" />
              )}
            </div>
            {children ? <div className={styles.actions}>{children(track)}</div> : null}
          </li>
        );
      })}
    </ol>
  );
}
