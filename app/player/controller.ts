/**
 * The floating player's engine: holds PlayerState (logic.ts) and the playback
 * time in two separate stores, owns the one <audio> element mounted by
 * PlayerHost, and keeps that element in step with the state.
 *
 * Two stores, because the time changes several times a second: components
 * that only care about the track or play/pause subscribe to the state store
 * and never re-render on `timeupdate` (docs/decisions: player state split).
 *
 * Audio calls (src, play, pause) happen synchronously inside the action that
 * caused them, i.e. inside the user's click, which is what mobile browsers'
 * autoplay rules require.
 */
import * as logic from "./logic";
import type { Direction, PlayerState, Track } from "./logic";
import type { MediaSessionBridge } from "./media-session-bridge";
import { PlayTally } from "./play-tally";
import { createLazyDebug } from "~/enhance/debug/lazy-debug";

/** Loads, refusals, errors and the retry, for the dev tools and debug=1 (ADR 0094). */
const debug = createLazyDebug("player");

type Listener = () => void;

export interface ApplicantNavigation {
  direction: Direction;
  fromApplicantId: string;
  toApplicantId: string;
}
export type ApplicantNavigationHandler = (navigation: ApplicantNavigation) => void;

export interface PlayOptions {
  /** Start this many seconds in (a click on a waveform before the track was loaded). */
  startAt?: number;
}

/**
 * Fetches a fresh signed URL for a catalogue song (or, given a track with a
 * freshUrlEndpoint, from that endpoint); null when none can be had.
 */
export type UrlRefresher = (songId: string, track?: Track) => Promise<string | null>;

export const fetchFreshAudioUrl: UrlRefresher = async (songId, track) => {
  // Same-origin paths only ("/x", never "//host/x" or "/\\host/x").
  const own = track?.freshUrlEndpoint && /^\/(?![/\\])/.test(track.freshUrlEndpoint) ? track.freshUrlEndpoint : null;
  const endpoint = own ?? `/api/songs/${encodeURIComponent(songId)}/audio-url`;
  const response = await fetch(endpoint, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { url?: unknown };
  return typeof body.url === "string" && body.url.length > 0 ? body.url : null;
};

/** Sends the report of one counted play of a catalogue song (ADR 0079). */
export type PlayReporter = (songId: string) => void;

export const reportCatalogPlay: PlayReporter = (songId) => {
  // No body: the address is the report. keepalive: a play that counts as the tab closes still arrives.
  void fetch(`/api/songs/${encodeURIComponent(songId)}/plays`, {
    method: "POST",
    credentials: "same-origin",
    keepalive: true,
    headers: { Accept: "application/json" },
  }).catch(() => {
    // A lost report is a lost count, nothing the listener needs to know.
  });
};

export class PlayerController {
  private state: PlayerState = logic.initialPlayerState;
  private time = 0;
  private readonly stateListeners = new Set<Listener>();
  private readonly timeListeners = new Set<Listener>();
  private audio: HTMLAudioElement | null = null;
  private loadedKey = 0;
  /** Guards play() rejections: only the latest request may flip the state. */
  private playRequest = 0;
  private pendingStartAt: number | null = null;
  private applicantHandler: ApplicantNavigationHandler | null = null;
  private readonly detachers: Array<() => void> = [];
  /** Listening of the current play, for the play count (outside every store: it changes with the position). */
  private readonly tally = new PlayTally();
  /** The lock screen's link (ADR 0097): loaded when something first plays, null before and where unsupported. */
  private mediaSession: MediaSessionBridge | null = null;
  private mediaSessionLoading = false;

  constructor(
    private readonly refreshUrl: UrlRefresher = fetchFreshAudioUrl,
    private readonly reportPlay: PlayReporter = reportCatalogPlay,
  ) {}

  /* ---------------- stores (useSyncExternalStore) ---------------- */

  subscribe = (listener: Listener): (() => void) => {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  };

  getState = (): PlayerState => this.state;

  subscribeTime = (listener: Listener): (() => void) => {
    this.timeListeners.add(listener);
    return () => void this.timeListeners.delete(listener);
  };

  getTime = (): number => this.time;

  private commit(next: PlayerState) {
    if (next === this.state) return;
    this.state = next;
    this.syncAudio();
    this.syncMediaSession();
    for (const listener of this.stateListeners) listener();
  }

  private setTime(seconds: number) {
    const value = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
    if (value === this.time) return;
    this.time = value;
    for (const listener of this.timeListeners) listener();
  }

  /* ---------------- actions ---------------- */

  playTrack = (track: Track, playlist?: Track[], options: PlayOptions = {}) => {
    this.pendingStartAt = options.startAt && options.startAt > 0 ? options.startAt : null;
    this.commit(logic.playTrack(this.state, track, playlist));
  };

  playAt = (index: number) => {
    this.pendingStartAt = null;
    this.commit(logic.playAt(this.state, index));
  };

  togglePlay = () => this.commit(logic.togglePlaying(this.state));
  pause = () => this.commit(logic.setPlaying(this.state, false));
  resume = () => this.commit(logic.setPlaying(this.state, true));

  next = () => this.step("next");
  previous = () => this.step("previous");

  private step(direction: Direction) {
    const outcome = logic.resolveStep(this.state, direction);
    if (outcome.kind === "none") return;
    // Without a page listening for applicant navigation, a crossing is an ordinary step.
    if (outcome.kind === "applicant" && this.applicantHandler) {
      this.applicantHandler({
        direction: outcome.direction,
        fromApplicantId: outcome.fromApplicantId,
        toApplicantId: outcome.toApplicantId,
      });
      return;
    }
    this.playAt(outcome.index);
  }

  seek = (seconds: number) => {
    const max = this.state.duration > 0 ? this.state.duration : Number.POSITIVE_INFINITY;
    const target = Math.min(Math.max(0, seconds), max);
    if (this.audio && this.loadedKey === this.state.loadKey) {
      try {
        this.audio.currentTime = target;
      } catch {
        // Not seekable yet (no metadata): remember it for loadedmetadata.
        this.pendingStartAt = target;
      }
    } else {
      this.pendingStartAt = target;
    }
    this.setTime(target);
  };

  /** Moves the position by `seconds` (negative: back), within the track (media keys, shortcuts). */
  seekBy = (seconds: number) => {
    if (!this.state.track) return;
    const from = this.audio && this.loadedKey === this.state.loadKey ? this.audio.currentTime : this.time;
    this.seek(from + seconds);
  };

  setVolume = (volume: number) => this.commit(logic.setVolume(this.state, volume));
  toggleMute = () => this.commit(logic.toggleMute(this.state));
  setExpanded = (expanded: boolean) => this.commit(logic.setExpanded(this.state, expanded));
  toggleExpanded = () => this.setExpanded(!this.state.expanded);

  close = () => {
    this.pendingStartAt = null;
    this.commit(logic.close(this.state));
    this.setTime(0);
  };

  /**
   * A page that groups tracks by applicant (the demo, admin review) registers
   * here while mounted. Returns the unregister function (for useEffect).
   */
  setApplicantNavigationHandler = (handler: ApplicantNavigationHandler | null): (() => void) => {
    this.applicantHandler = handler;
    return () => {
      if (this.applicantHandler === handler) this.applicantHandler = null;
    };
  };

  /* ---------------- the <audio> element ---------------- */

  attach = (audio: HTMLAudioElement): (() => void) => {
    this.detach();
    this.audio = audio;
    audio.preload = "metadata";
    const on = <K extends keyof HTMLMediaElementEventMap>(type: K, handler: (event: HTMLMediaElementEventMap[K]) => void) => {
      audio.addEventListener(type, handler);
      this.detachers.push(() => audio.removeEventListener(type, handler));
    };
    on("timeupdate", () => {
      this.setTime(audio.currentTime);
      this.countPlayback(audio, false);
    });
    on("seeking", () => this.tally.seeked(audio.currentTime));
    on("seeked", () => {
      this.setTime(audio.currentTime);
      this.updatePositionState();
    });
    // The lock screen extrapolates the position from the last report: report at every change of pace.
    on("ratechange", () => this.updatePositionState());
    on("loadedmetadata", () => {
      this.commit(logic.setDuration(this.state, audio.duration));
      if (this.pendingStartAt !== null) {
        audio.currentTime = Math.min(this.pendingStartAt, audio.duration || this.pendingStartAt);
        this.pendingStartAt = null;
      }
      this.updatePositionState();
    });
    on("durationchange", () => {
      this.commit(logic.setDuration(this.state, audio.duration));
      this.updatePositionState();
    });
    on("ended", () => {
      this.countPlayback(audio, true);
      this.commit(logic.trackEnded(this.state));
    });
    // Keep the state honest when something else (media keys, the OS) pauses or plays.
    on("pause", () => {
      if (audio.paused && this.state.playing && !audio.ended) this.commit(logic.setPlaying(this.state, false));
      this.updatePositionState();
    });
    on("play", () => {
      if (!this.state.playing && this.state.track) this.commit(logic.setPlaying(this.state, true));
      this.updatePositionState();
    });
    on("error", () => void this.handleAudioError());

    // Only one thing plays at a time: another media element on the page
    // (the song page's native player) pauses this one.
    const onOtherMediaPlay = (event: Event) => {
      if (event.target !== audio && event.target instanceof HTMLMediaElement) this.pause();
    };
    document.addEventListener("play", onOtherMediaPlay, true);
    this.detachers.push(() => document.removeEventListener("play", onOtherMediaPlay, true));

    this.loadedKey = 0;
    this.syncAudio();
    this.syncMediaSession();
    return this.detach;
  };

  detach = () => {
    while (this.detachers.length > 0) this.detachers.pop()?.();
    this.audio = null;
    this.syncMediaSession();
  };

  private syncAudio() {
    const audio = this.audio;
    if (!audio) return;
    const { track, playing, volume, loadKey } = this.state;
    if (audio.volume !== volume) audio.volume = volume;
    if (!track) {
      if (this.loadedKey !== loadKey) {
        this.loadedKey = loadKey;
        this.playRequest += 1;
        audio.pause();
        audio.removeAttribute("src");
        audio.load();
      }
      return;
    }
    if (this.loadedKey !== loadKey) {
      this.loadedKey = loadKey;
      audio.src = track.url;
      debug("load", { trackId: track.id, title: track.title });
      this.setTime(0);
    }
    if (playing && audio.paused) this.startPlayback(audio);
    else if (!playing && !audio.paused) {
      this.playRequest += 1;
      audio.pause();
    }
  }

  private startPlayback(audio: HTMLAudioElement) {
    const request = ++this.playRequest;
    for (const other of document.querySelectorAll<HTMLMediaElement>("audio, video")) {
      if (other !== audio && !other.paused) other.pause();
    }
    let promise: Promise<void> | undefined;
    try {
      promise = audio.play();
    } catch {
      this.commit(logic.setPlaying(this.state, false));
      return;
    }
    // SPEC §4: a play failure sets not-playing silently. A rejection caused by
    // a newer request (a new src, a pause) is not a failure.
    promise?.catch((reason: unknown) => {
      if (request !== this.playRequest) return;
      debug("play() refused: not playing", { reason: String(reason) });
      this.commit(logic.setPlaying(this.state, false));
    });
  }

  private async handleAudioError() {
    const audio = this.audio;
    // A src removed on close also raises an error event; nothing to retry then.
    if (!audio || !this.state.track || !audio.getAttribute("src")) return;
    debug("audio error", { trackId: this.state.track.id, code: audio.error?.code ?? null });
    if (logic.decideOnAudioError(this.state) === "stop") {
      debug("no retry left for this track: stopped");
      this.commit(logic.setPlaying(this.state, false));
      return;
    }
    const { loadKey, track } = this.state;
    // Spend the one retry before the request, so a second error while it runs stops.
    this.commit({ ...this.state, retryUsed: true });
    let url: string | null = null;
    try {
      url = await this.refreshUrl(track.songId ?? track.id, track);
    } catch {
      url = null;
    }
    // The listener moved on (another track, closed) while the URL was fetched.
    if (this.state.loadKey !== loadKey) return;
    if (!url) {
      debug("no fresh URL: stopped");
      this.commit(logic.setPlaying(this.state, false));
      return;
    }
    debug("retrying with a fresh URL");
    this.commit(logic.replaceTrackUrl(this.state, url));
  }

  /**
   * Counts playback of a catalogue song (a track with a songId) towards a
   * play: 30 s listened, or the song heard to its end (play-tally.ts). Each
   * load of a track is a new play; the report goes once per play.
   */
  private countPlayback(audio: HTMLAudioElement, ended: boolean) {
    const { track, loadKey } = this.state;
    if (!track?.songId || this.loadedKey !== loadKey) return;
    const key = `${track.songId}:${loadKey}`;
    const counted = ended ? this.tally.ended(key, audio.currentTime, audio.duration) : this.tally.tick(key, audio.currentTime, audio.duration);
    if (counted) this.reportPlay(track.songId);
  }

  /* ---------------- Media Session (lock screen, media keys; ADR 0097) ---------------- */

  /**
   * The bridge does the work (media-session-bridge.ts); it is a chunk of its
   * own, fetched the first time a track is loaded, so pages that never play
   * anything never load it.
   */
  private syncMediaSession() {
    if (this.mediaSession) {
      this.mediaSession.sync(this.state, this.audio !== null);
      return;
    }
    if (!this.state.track || this.mediaSessionLoading) return;
    if (typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    this.mediaSessionLoading = true;
    import("./media-session-bridge").then(
      ({ MediaSessionBridge }) => {
        this.mediaSession = new MediaSessionBridge(navigator.mediaSession, this);
        this.syncMediaSession();
        this.updatePositionState();
      },
      () => {
        // The chunk did not arrive (offline, a new deployment): try again at the next change.
        this.mediaSessionLoading = false;
      },
    );
  }

  private updatePositionState() {
    if (this.audio) this.mediaSession?.reportPosition(this.audio);
  }
}
