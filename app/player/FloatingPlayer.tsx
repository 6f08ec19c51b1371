/**
 * The floating player UI (SPEC §2 "Floating audio player"). Hidden until a
 * track plays. Each part subscribes only to the slice of state it shows; only
 * SeekControl and MiniProgress read the fast-changing playback time.
 */
import { useEffect, useRef, type KeyboardEvent } from "react";
import { SEEK_STEP, TEXT, VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from "~/shared/constants";
import { Slider } from "~/ui/Slider";
import { usePlayer, usePlayerSelector, usePlayerTime } from "./context";
import { formatTime } from "./logic";
import { PlayerIcon } from "./icons";
import * as styles from "./player.css";
import { openShortcutsList } from "./shortcuts/store";

export const PLAYER_TEXT = {
  region: "Audio player",
  nowPlaying: TEXT.nowPlaying,
  previous: "Previous track",
  next: "Next track",
  play: "Play",
  pause: "Pause",
  expand: "Expand player",
  collapse: "Collapse player",
  close: "Close player",
  mute: "Mute",
  unmute: "Unmute",
  seek: "Seek",
  volume: "Volume",
  playlist: "Playlist",
  shortcuts: "Keyboard shortcuts",
} as const;

/** Space/K toggle play while focus is inside the player; Space keeps its usual job on buttons. */
function isKeyForButton(target: EventTarget) {
  return target instanceof HTMLElement && target.closest("button, a, select, textarea, input:not([type='range'])") !== null;
}

export function FloatingPlayer() {
  const player = usePlayer();
  const visible = usePlayerSelector((s) => s.visible);
  const expanded = usePlayerSelector((s) => s.expanded);
  const expandRef = useRef<HTMLButtonElement>(null);
  const collapseRef = useRef<HTMLButtonElement>(null);
  // Focus follows the toggle, which is replaced when the view changes; the
  // first render (no user action yet) leaves focus alone.
  const lastExpanded = useRef(expanded);
  useEffect(() => {
    if (lastExpanded.current === expanded) return;
    lastExpanded.current = expanded;
    (expanded ? collapseRef : expandRef).current?.focus();
  }, [expanded]);

  if (!visible) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const isK = event.key === "k" || event.key === "K";
    const isSpace = event.key === " " && !isKeyForButton(event.target);
    if (isK || isSpace) {
      event.preventDefault();
      player.togglePlay();
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      player.setExpanded(false);
    }
  };

  return (
    <section className={styles.dock} aria-label={PLAYER_TEXT.region} onKeyDown={onKeyDown} data-player="floating">
      <div className={styles.card}>
        {expanded ? <ExpandedPanel collapseRef={collapseRef} /> : <MiniBar expandRef={expandRef} />}
      </div>
    </section>
  );
}

function PlayPauseButton({ large = false }: { large?: boolean }) {
  const player = usePlayer();
  const playing = usePlayerSelector((s) => s.playing);
  return (
    <button
      type="button"
      className={large ? styles.playButtonLarge : styles.playButton}
      aria-label={playing ? PLAYER_TEXT.pause : PLAYER_TEXT.play}
      onClick={player.togglePlay}
      data-playing={playing}
    >
      <PlayerIcon name={playing ? "pause" : "play"} />
    </button>
  );
}

function Transport({ large = false }: { large?: boolean }) {
  const player = usePlayer();
  return (
    <div className={styles.transport}>
      <button type="button" className={styles.iconButton} aria-label={PLAYER_TEXT.previous} onClick={player.previous}>
        <PlayerIcon name="previous" />
      </button>
      <PlayPauseButton large={large} />
      <button type="button" className={styles.iconButton} aria-label={PLAYER_TEXT.next} onClick={player.next}>
        <PlayerIcon name="next" />
      </button>
    </div>
  );
}

function CloseButton() {
  const player = usePlayer();
  return (
    <button type="button" className={styles.iconButton} aria-label={PLAYER_TEXT.close} onClick={player.close}>
      <PlayerIcon name="close" />
    </button>
  );
}

function MiniBar({ expandRef }: { expandRef: React.RefObject<HTMLButtonElement> }) {
  const player = usePlayer();
  const track = usePlayerSelector((s) => s.track);
  return (
    <div className={styles.bar}>
      <MiniProgress />
      <Transport />
      <div className={styles.meta}>
        <p className={styles.title} data-testid="player-title">
          {track?.title}
        </p>
        <p className={styles.artist}>{track?.artist}</p>
      </div>
      <button
        ref={expandRef}
        type="button"
        className={styles.iconButton}
        aria-label={PLAYER_TEXT.expand}
        aria-expanded={false}
        onClick={() => player.setExpanded(true)}
      >
        <PlayerIcon name="expand" />
      </button>
      <CloseButton />
    </div>
  );
}

/** Decorative: the expanded panel's seek slider is the accessible version. */
function MiniProgress() {
  const time = usePlayerTime();
  const duration = usePlayerSelector((s) => s.duration);
  const fraction = duration > 0 ? Math.min(1, time / duration) : 0;
  return (
    <div className={styles.miniProgress} aria-hidden="true">
      <div className={styles.miniProgressFill} style={{ transform: `scaleX(${fraction})` }} />
    </div>
  );
}

function ExpandedPanel({ collapseRef }: { collapseRef: React.RefObject<HTMLButtonElement> }) {
  const player = usePlayer();
  const track = usePlayerSelector((s) => s.track);
  const showPlaylist = usePlayerSelector((s) => s.playlist.length > 1);
  return (
    <div className={styles.panel}>
      <div className={styles.panelHeader}>
        <h2 className={styles.eyebrow}>{PLAYER_TEXT.nowPlaying}</h2>
        {/* The same list "?" opens (app/player/shortcuts, ADR 0097): how keyboard users find the keys. */}
        <button
          type="button"
          className={styles.iconButton}
          aria-label={PLAYER_TEXT.shortcuts}
          aria-haspopup="dialog"
          title={PLAYER_TEXT.shortcuts}
          onClick={openShortcutsList}
        >
          <PlayerIcon name="keyboard" />
        </button>
        <button
          ref={collapseRef}
          type="button"
          className={styles.iconButton}
          aria-label={PLAYER_TEXT.collapse}
          aria-expanded={true}
          onClick={() => player.setExpanded(false)}
        >
          <PlayerIcon name="collapse" />
        </button>
        <CloseButton />
      </div>
      <div className={styles.nowPlaying}>
        {track?.artworkUrl ? (
          <img className={styles.artwork} src={track.artworkUrl} alt="" width={56} height={56} />
        ) : (
          <div className={styles.artwork} aria-hidden="true" />
        )}
        <div className={styles.meta}>
          <p className={styles.panelTitle} data-testid="player-title">
            {track?.title}
          </p>
          <p className={styles.artist}>{track?.artist}</p>
        </div>
      </div>
      <SeekControl />
      <div className={styles.controlsRow}>
        <Transport large />
      </div>
      <VolumeControl />
      {showPlaylist ? <Playlist /> : null}
    </div>
  );
}

function SeekControl() {
  const player = usePlayer();
  const time = usePlayerTime();
  const duration = usePlayerSelector((s) => s.duration);
  const elapsed = formatTime(time);
  const total = formatTime(duration);
  return (
    <div className={styles.seekRow}>
      <Slider
        label={PLAYER_TEXT.seek}
        hideLabel
        min={0}
        max={duration > 0 ? duration : 0}
        step={SEEK_STEP}
        value={Math.min(time, duration)}
        valueText={`${elapsed} of ${total}`}
        onChange={player.seek}
        disabled={duration <= 0}
      />
      <div className={styles.times}>
        <span data-testid="player-elapsed">{elapsed}</span>
        <span data-testid="player-duration">{total}</span>
      </div>
    </div>
  );
}

function VolumeControl() {
  const player = usePlayer();
  const volume = usePlayerSelector((s) => s.volume);
  const muted = volume === 0;
  return (
    <div className={styles.volumeRow}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={muted ? PLAYER_TEXT.unmute : PLAYER_TEXT.mute}
        onClick={player.toggleMute}
        data-muted={muted}
      >
        <PlayerIcon name={muted ? "muted" : "volume"} />
      </button>
      <Slider
        className={styles.volumeSlider}
        label={PLAYER_TEXT.volume}
        hideLabel
        min={VOLUME_MIN}
        max={VOLUME_MAX}
        step={VOLUME_STEP}
        value={volume}
        valueText={`${Math.round(volume * 100)}%`}
        onChange={player.setVolume}
      />
    </div>
  );
}

function Playlist() {
  const player = usePlayer();
  const playlist = usePlayerSelector((s) => s.playlist);
  const currentIndex = usePlayerSelector((s) => s.currentIndex);
  return (
    <div>
      <div className={styles.playlistHeader}>
        <h3 className={styles.playlistHeading} id="player-playlist-heading">
          {PLAYER_TEXT.playlist}
        </h3>
        <span className={styles.counter} data-testid="player-counter">
          {currentIndex + 1} / {playlist.length}
        </span>
      </div>
      <ol className={styles.playlist} aria-labelledby="player-playlist-heading">
        {playlist.map((entry, index) => (
          <li key={`${entry.id}-${index}`}>
            <button
              type="button"
              className={styles.playlistItem}
              aria-current={index === currentIndex ? "true" : undefined}
              onClick={() => player.playAt(index)}
            >
              <span className={styles.playlistIndex}>{index + 1}</span>
              <span className={styles.playlistText}>
                <span>{entry.title}</span>
                <span>{entry.artist}</span>
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
