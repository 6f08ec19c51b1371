/**
 * The floating player's rules (SPEC §3 "Player state", §4 "Audio", §5
 * sliders) as pure functions over plain data, so every rule is unit-tested
 * without an <audio> element. The controller (controller.ts) applies these
 * and then makes the one <audio> element match the result.
 *
 * The current playback time is deliberately NOT part of PlayerState: it
 * changes several times a second and lives in its own store (see
 * docs/decisions/ "player state split").
 */
import { parseStorageUrl } from "~/platform/storage/parse-url";
import { DEFAULT_VOLUME, VOLUME_MAX, VOLUME_MIN } from "~/shared/constants";

/** SPEC §3 Track, plus the catalogue song it came from (for a fresh signed URL). */
export interface Track {
  /** "<applicantId>-collab-<n>" / "<applicantId>-solo-<n>" for applicant tracks; a song id otherwise. */
  id: string;
  url: string;
  title: string;
  artist: string;
  /** The catalogue song behind the URL: lets the player ask for a fresh signed URL after an error. */
  songId?: string;
  /**
   * For audio that is not a catalogue song (showcase tracks): the same-origin
   * JSON endpoint answering `{ url }` with a fresh signed URL, used for the retry instead.
   */
  freshUrlEndpoint?: string;
  artworkUrl?: string | null;
}

export interface PlayerState {
  track: Track | null;
  visible: boolean;
  playing: boolean;
  expanded: boolean;
  playlist: Track[];
  currentIndex: number;
  /** Seconds; 0 until the audio's metadata has loaded. */
  duration: number;
  /** 0..1; 0 means muted. */
  volume: number;
  muted: boolean;
  /** The volume before the last mute, restored by unmute. */
  volumeBeforeMute: number;
  /** Bumped on every (re)load request, so replaying the same URL still reloads it. */
  loadKey: number;
  /** The single retry with a fresh URL (SPEC §9 "Audio retry 1 per track") was used for the current track. */
  retryUsed: boolean;
}

export const initialPlayerState: PlayerState = {
  track: null,
  visible: false,
  playing: false,
  expanded: false,
  playlist: [],
  currentIndex: -1,
  duration: 0,
  volume: DEFAULT_VOLUME,
  muted: false,
  volumeBeforeMute: DEFAULT_VOLUME,
  loadKey: 0,
  retryUsed: false,
};

export type Direction = "next" | "previous";
export type TrackMode = "collab" | "solo";

export interface ParsedTrackId {
  applicantId: string;
  mode: TrackMode | null;
}

/**
 * SPEC §3: the part before the first hyphen names the applicant; the second
 * segment may be 'collab' or 'solo'. Ids without a hyphen name no applicant.
 */
export function parseTrackId(id: string): ParsedTrackId | null {
  const hyphen = id.indexOf("-");
  if (hyphen <= 0) return null;
  const applicantId = id.slice(0, hyphen);
  const second = id.slice(hyphen + 1).split("-")[0];
  const mode = second === "collab" || second === "solo" ? second : null;
  return { applicantId, mode };
}

/** Next wraps last→first, previous wraps first→last (SPEC §4). */
export function wrapIndex(index: number, direction: Direction, length: number): number {
  if (length <= 0) return -1;
  const step = direction === "next" ? 1 : -1;
  return (((index + step) % length) + length) % length;
}

export type StepOutcome =
  | { kind: "none" }
  | { kind: "play"; index: number }
  /** The applicant-navigation callback runs instead of playing (SPEC §4). */
  | { kind: "applicant"; direction: Direction; fromApplicantId: string; toApplicantId: string; index: number };

/**
 * Where next/previous leads from the current track. Crossing to another
 * applicant is an applicant navigation when moving next from a 'collab'
 * track, or previous from a 'solo' track.
 */
export function resolveStep(state: Pick<PlayerState, "playlist" | "currentIndex">, direction: Direction): StepOutcome {
  const { playlist, currentIndex } = state;
  if (playlist.length === 0 || currentIndex < 0) return { kind: "none" };
  const index = wrapIndex(currentIndex, direction, playlist.length);
  const from = parseTrackId(playlist[currentIndex].id);
  const to = parseTrackId(playlist[index].id);
  if (from && to && from.applicantId !== to.applicantId) {
    const crossingMode: TrackMode = direction === "next" ? "collab" : "solo";
    if (from.mode === crossingMode) {
      return { kind: "applicant", direction, fromApplicantId: from.applicantId, toApplicantId: to.applicantId, index };
    }
  }
  return { kind: "play", index };
}

/** SPEC §5: volume 0..1; anything unparseable counts as silence. */
export function clampVolume(value: number): number {
  if (Number.isNaN(value)) return VOLUME_MIN;
  return Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, value));
}

/* ------------------------------------------------------------------ */
/* Transitions                                                          */
/* ------------------------------------------------------------------ */

/**
 * playTrack: set the track, show the player, play, and replace whatever was
 * loaded. Without a playlist (or one that doesn't contain the track) the
 * track becomes a playlist of one.
 */
export function playTrack(state: PlayerState, track: Track, playlist?: Track[]): PlayerState {
  let list = playlist && playlist.length > 0 ? playlist : [track];
  let index = list.findIndex((t) => t.id === track.id);
  if (index === -1) {
    list = [track];
    index = 0;
  }
  return {
    ...state,
    track: list[index],
    playlist: list,
    currentIndex: index,
    visible: true,
    playing: true,
    duration: 0,
    loadKey: state.loadKey + 1,
    retryUsed: false,
  };
}

/** Plays the playlist entry at `index` (a click on the list, or a step). */
export function playAt(state: PlayerState, index: number): PlayerState {
  const track = state.playlist[index];
  if (!track) return state;
  return {
    ...state,
    track,
    currentIndex: index,
    visible: true,
    playing: true,
    duration: 0,
    loadKey: state.loadKey + 1,
    retryUsed: false,
  };
}

export function setPlaying(state: PlayerState, playing: boolean): PlayerState {
  if (state.playing === playing) return state;
  // Nothing to resume without a track.
  if (playing && !state.track) return state;
  return { ...state, playing };
}

export function togglePlaying(state: PlayerState): PlayerState {
  return setPlaying(state, !state.playing);
}

/** End of track: not playing (SPEC §4). No auto-advance. */
export function trackEnded(state: PlayerState): PlayerState {
  return setPlaying(state, false);
}

export function setDuration(state: PlayerState, duration: number): PlayerState {
  const value = Number.isFinite(duration) && duration > 0 ? duration : 0;
  return value === state.duration ? state : { ...state, duration: value };
}

/** Volume slider. Volume 0 means muted; dragging to 0 makes unmute restore full volume. */
export function setVolume(state: PlayerState, value: number): PlayerState {
  const volume = clampVolume(value);
  if (volume === state.volume) return state;
  return { ...state, volume, muted: volume === 0, volumeBeforeMute: volume === 0 ? 0 : state.volumeBeforeMute };
}

/** Mute sets volume 0; unmute restores the previous volume, or 1 if that was 0 (SPEC §4). */
export function toggleMute(state: PlayerState): PlayerState {
  if (state.volume === 0) {
    const restored = state.volumeBeforeMute > 0 ? state.volumeBeforeMute : VOLUME_MAX;
    return { ...state, volume: restored, muted: false };
  }
  return { ...state, volumeBeforeMute: state.volume, volume: 0, muted: true };
}

export function setExpanded(state: PlayerState, expanded: boolean): PlayerState {
  return state.expanded === expanded ? state : { ...state, expanded };
}

/** Close hides the player and stops playback; the volume choice survives. */
export function close(state: PlayerState): PlayerState {
  return {
    ...initialPlayerState,
    volume: state.volume,
    muted: state.muted,
    volumeBeforeMute: state.volumeBeforeMute,
    loadKey: state.loadKey + 1,
  };
}

/* ------------------------------------------------------------------ */
/* Audio errors                                                          */
/* ------------------------------------------------------------------ */

/**
 * A public or signed object-storage URL (Supabase's, or the local adapter's
 * that mirrors its paths): only these can be re-signed.
 */
export function isStorageUrl(url: string): boolean {
  return parseStorageUrl(url) !== null;
}

/**
 * SPEC §4: on an audio error, one retry per track with a fresh signed URL
 * (storage URLs of a known song only), otherwise stop.
 */
export function decideOnAudioError(state: PlayerState): "refresh" | "stop" {
  const track = state.track;
  if (!track || state.retryUsed) return "stop";
  if (!(track.songId || track.freshUrlEndpoint) || !isStorageUrl(track.url)) return "stop";
  return "refresh";
}

/** The retry: the same track with its fresh URL, reloaded; the playlist entry is updated too. */
export function replaceTrackUrl(state: PlayerState, url: string): PlayerState {
  if (!state.track) return state;
  const track = { ...state.track, url };
  const playlist = state.playlist.map((t, i) => (i === state.currentIndex ? track : t));
  return { ...state, track, playlist, playing: true, retryUsed: true, loadKey: state.loadKey + 1 };
}

/** m:ss (SPEC §2); minutes keep counting past an hour. Unknown times read 0:00. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${rest.toString().padStart(2, "0")}`;
}
