/**
 * What the floating player tells the operating system through the Media
 * Session API (lock screens, media keys, the browser's media hub), as pure
 * rules over PlayerState. The controller applies them to
 * navigator.mediaSession (ADR 0097).
 */
import { PRODUCT_NAME } from "~/shared/constants";
import type { PlayerState, Track } from "./logic";

/** Seconds a seek backward/forward moves when the caller names no offset (also the j/l shortcuts). */
export const DEFAULT_SEEK_OFFSET_SECONDS = 10;

/**
 * Only catalogue songs carry a cover; everything else (showcase, applicant
 * and camp tracks) shows the app's icon, so a lock screen never falls back to
 * the browser's own logo.
 */
export const FALLBACK_ARTWORK: readonly MediaImage[] = [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }];

export interface MetadataInit {
  title: string;
  artist: string;
  album: string;
  artwork: MediaImage[];
}

/** The lock screen's card for a track: title, artist, the product as album, the cover or the app icon. */
export function metadataFor(track: Track): MetadataInit {
  const artwork = track.artworkUrl ? [{ src: track.artworkUrl }] : FALLBACK_ARTWORK.map((image) => ({ ...image }));
  return { title: track.title, artist: track.artist, album: PRODUCT_NAME, artwork };
}

export function playbackStateFor(state: Pick<PlayerState, "track" | "playing">): MediaSessionPlaybackState {
  if (!state.track) return "none";
  return state.playing ? "playing" : "paused";
}

/** Every action the player answers; the order is the order they are registered in. */
export const PLAYER_ACTIONS = [
  "play",
  "pause",
  "stop",
  "seekto",
  "seekbackward",
  "seekforward",
  "previoustrack",
  "nexttrack",
] as const satisfies readonly MediaSessionAction[];
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

/**
 * The actions that should have a handler now. Nothing without a track: the
 * browser's defaults then apply to whatever else plays on the page (a
 * listening party's own audio). Previous and next only with somewhere to go
 * (more than one track): without a handler the lock screen greys them out.
 */
export function actionsFor(state: Pick<PlayerState, "track" | "playlist">): ReadonlySet<PlayerAction> {
  if (!state.track) return new Set();
  const canStep = state.playlist.length > 1;
  return new Set(PLAYER_ACTIONS.filter((action) => canStep || (action !== "previoustrack" && action !== "nexttrack")));
}

/** seekbackward/seekforward: the offset the caller asked for (a positive number of seconds), otherwise 10 s. */
export function seekOffsetFrom(details: Pick<MediaSessionActionDetails, "seekOffset"> | undefined): number {
  const offset = details?.seekOffset;
  return typeof offset === "number" && Number.isFinite(offset) && offset > 0 ? offset : DEFAULT_SEEK_OFFSET_SECONDS;
}

/**
 * A position state the browser accepts (it throws on a position past the
 * duration or a non-positive rate); null while the duration is unknown.
 */
export function positionStateFor(duration: number, position: number, playbackRate: number): MediaPositionState | null {
  if (!Number.isFinite(duration) || duration <= 0) return null;
  const at = Number.isFinite(position) ? Math.min(Math.max(0, position), duration) : 0;
  const rate = Number.isFinite(playbackRate) && playbackRate > 0 ? playbackRate : 1;
  return { duration, position: at, playbackRate: rate };
}
