/**
 * Keeps navigator.mediaSession (lock screens, media keys, the browser's media
 * hub) in step with the floating player (ADR 0097). Its own chunk: the
 * controller, part of every page's first-load JavaScript, imports it only
 * when something first plays.
 */
import type { PlayerState } from "./logic";
import { PLAYER_ACTIONS, actionsFor, metadataFor, playbackStateFor, positionStateFor, seekOffsetFrom, type PlayerAction } from "./media-session";

/** What the lock screen's buttons do: the controller's actions. */
export interface MediaSessionActions {
  resume(): void;
  pause(): void;
  close(): void;
  seek(seconds: number): void;
  seekBy(seconds: number): void;
  previous(): void;
  next(): void;
}

export class MediaSessionBridge {
  /** Actions that have our handler now, and those this browser refused. */
  private readonly installed = new Set<PlayerAction>();
  private readonly unsupported = new Set<PlayerAction>();
  /** The track whose metadata the session shows (undefined: nothing published yet). */
  private published: PlayerState["track"] | undefined = undefined;

  constructor(
    private readonly session: MediaSession,
    private readonly actions: MediaSessionActions,
  ) {}

  /** After every change of the player's state, and when the <audio> element comes or goes. */
  sync(state: PlayerState, audioAttached: boolean) {
    const { session } = this;
    if (state.track !== this.published) {
      this.published = state.track;
      if (!state.track) {
        session.metadata = null;
        this.clearPosition();
      } else if (typeof MediaMetadata !== "undefined") {
        session.metadata = new MediaMetadata(metadataFor(state.track));
      }
    }
    session.playbackState = playbackStateFor(state);
    this.syncHandlers(audioAttached ? actionsFor(state) : new Set());
  }

  /** The lock screen extrapolates the position from the last report: report at every change of pace. */
  reportPosition(audio: HTMLAudioElement) {
    if (!this.published || typeof this.session.setPositionState !== "function") return;
    const position = positionStateFor(audio.duration, audio.currentTime, audio.playbackRate);
    if (!position) return;
    try {
      this.session.setPositionState(position);
    } catch {
      // A browser that refuses it: the lock screen shows no progress, nothing else changes.
    }
  }

  private clearPosition() {
    try {
      // No argument: the spec's way to forget the position.
      this.session.setPositionState?.();
    } catch {
      // Not supported: nothing was set either.
    }
  }

  /**
   * A handler for each action that applies now, none for the rest: an action
   * without a handler is greyed out on the lock screen, and with no track at
   * all the browser's defaults apply to any other audio on the page.
   */
  private syncHandlers(wanted: ReadonlySet<PlayerAction>) {
    for (const action of PLAYER_ACTIONS) {
      const want = wanted.has(action);
      if (want === this.installed.has(action) || this.unsupported.has(action)) continue;
      try {
        this.session.setActionHandler(action, want ? this.handlerFor(action) : null);
        if (want) this.installed.add(action);
        else this.installed.delete(action);
      } catch {
        // An action this browser doesn't know: never ask again.
        this.unsupported.add(action);
      }
    }
  }

  private handlerFor(action: PlayerAction): MediaSessionActionHandler {
    const player = this.actions;
    switch (action) {
      case "play":
        return () => player.resume();
      case "pause":
        return () => player.pause();
      // The app's own stop is close (SPEC: it stops playback and hides the
      // player); the metadata goes too, so the lock screen drops its card.
      case "stop":
        return () => player.close();
      case "seekto":
        return (details) => {
          if (typeof details.seekTime === "number" && Number.isFinite(details.seekTime)) player.seek(details.seekTime);
        };
      case "seekbackward":
        return (details) => player.seekBy(-seekOffsetFrom(details));
      case "seekforward":
        return (details) => player.seekBy(seekOffsetFrom(details));
      case "previoustrack":
        return () => player.previous();
      case "nexttrack":
        return () => player.next();
    }
  }
}
