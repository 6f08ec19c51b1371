/**
 * "Play" for a song anywhere on a page. With JavaScript it plays the track in
 * the floating player (or pauses/resumes it if it is the current one);
 * before hydration and without JavaScript it is a link to a page that plays
 * the audio natively (the song page).
 *
 * The fallback is a plain <a>, not a Remix <Link>: it only exists where no
 * JavaScript handles clicks (the server render, the hydration render, and
 * browsers without JavaScript), and the first effect replaces it with the
 * button. A <Link> would cost a route resolution per row on every server
 * render and change nothing a visitor can see or do.
 */
import { useMounted } from "~/ui/useMounted";
import { buttonClass, type ButtonSize, type ButtonVariant } from "~/ui/Button";
import { usePlayer, usePlayerSelector } from "./context";
import type { Track } from "./logic";
import { PlayerIcon } from "./icons";

export interface PlayButtonProps {
  track: Track;
  /** The list next/previous walk through (e.g. the page of results). */
  playlist?: Track[];
  /** Where the no-JS link goes. */
  fallbackHref: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Visible text; the accessible name always includes the title. */
  showText?: boolean;
}

export function PlayButton({ track, playlist, fallbackHref, variant = "secondary", size = "sm", className, showText = true }: PlayButtonProps) {
  const mounted = useMounted();
  const player = usePlayer();
  const isCurrent = usePlayerSelector((s) => s.track?.id === track.id);
  const isPlaying = usePlayerSelector((s) => s.track?.id === track.id && s.playing);
  const classes = buttonClass({ variant, size: showText ? size : "icon", className });
  const verb = isPlaying ? "Pause" : "Play";

  if (!mounted) {
    return (
      <a href={fallbackHref} className={classes} aria-label={`Play ${track.title}`}>
        <PlayerIcon name="play" />
        {showText ? <span aria-hidden="true">Play</span> : null}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      aria-label={`${verb} ${track.title}`}
      data-playing={isPlaying}
      onClick={() => (isCurrent ? player.togglePlay() : player.playTrack(track, playlist))}
    >
      <PlayerIcon name={isPlaying ? "pause" : "play"} />
      {showText ? <span aria-hidden="true">{verb}</span> : null}
    </button>
  );
}
