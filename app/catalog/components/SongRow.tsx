/** One song in a result list: play, title (to the song page), credits line, genre, BPM, key, duration. */
import { Link } from "@remix-run/react";
import { usePlayerSelector } from "~/player/context";
import { formatTime, type Track } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import * as styles from "./catalog.css";
import { songTrack, type SongRowData } from "./tracks";

export function SongRow({ song, playlist }: { song: SongRowData; playlist: Track[] }) {
  const track = songTrack(song);
  const isCurrent = usePlayerSelector((s) => s.track?.id === song.id);
  const href = `/song/${song.id}`;
  return (
    <li>
      <article className={styles.trackRow} data-current={isCurrent || undefined} aria-labelledby={`song-${song.id}`}>
        {track ? (
          <PlayButton track={track} playlist={playlist} fallbackHref={href} showText={false} variant="uberSubtle" className={styles.trackPlay} />
        ) : null}
        <div className={styles.trackMain}>
          <h3 className={styles.trackTitle} id={`song-${song.id}`}>
            <Link to={href} prefetch="intent">
              {song.title}
            </Link>
            {song.featured ? <span className={styles.featuredBadge}>Featured</span> : null}
          </h3>
          {song.artist ? <p className={styles.trackArtist}>{song.artist}</p> : null}
        </div>
        {/* dt/dd pairs straight in the list: the labels are visually hidden, so a
            wrapper per pair would add elements and change nothing on screen. */}
        <dl className={styles.trackMeta}>
          <dt>Genre</dt>
          <dd className={styles.genreChip}>{song.genre}</dd>
          <dt>Tempo</dt>
          <dd>
            <span className={styles.numeric}>{song.bpm}</span> BPM
          </dd>
          <dt>Key</dt>
          <dd>{song.musicalKey}</dd>
          <dt>Duration</dt>
          <dd className={styles.numeric}>{formatTime(song.durationSeconds)}</dd>
        </dl>
      </article>
    </li>
  );
}
