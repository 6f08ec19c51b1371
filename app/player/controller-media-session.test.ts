// @vitest-environment happy-dom
/**
 * The controller's wiring to navigator.mediaSession, against a recording
 * stand-in for the browser's session (happy-dom has none). The real API is
 * driven in a browser by tests/e2e/player-keys.spec.ts. The bridge is a chunk
 * loaded when something first plays: `loaded()` waits for it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PRODUCT_NAME } from "~/shared/constants";
import { PlayerController } from "./controller";
import type { Track } from "./logic";

class RecordingSession {
  metadata: { title: string; artist: string; album: string; artwork: MediaImage[] } | null = null;
  playbackState: MediaSessionPlaybackState = "none";
  readonly handlers = new Map<string, MediaSessionActionHandler>();
  positions: Array<MediaPositionState | undefined> = [];
  /** Actions this pretend browser does not know (older ones lack stop and seekto). */
  readonly unknown = new Set<string>();
  refusals = 0;
  setActionHandler(action: string, handler: MediaSessionActionHandler | null) {
    if (this.unknown.has(action)) {
      this.refusals += 1;
      throw new TypeError(`The provided value '${action}' is not a valid enum value of type MediaSessionAction.`);
    }
    if (handler) this.handlers.set(action, handler);
    else this.handlers.delete(action);
  }
  setPositionState(state?: MediaPositionState) {
    this.positions.push(state);
  }
  call(action: string, details: Partial<MediaSessionActionDetails> = {}) {
    const handler = this.handlers.get(action);
    if (!handler) throw new Error(`no handler for ${action}`);
    handler({ action: action as MediaSessionAction, ...details });
  }
}

let session: RecordingSession;

beforeEach(() => {
  session = new RecordingSession();
  Object.defineProperty(navigator, "mediaSession", { configurable: true, value: session });
  Object.defineProperty(globalThis, "MediaMetadata", {
    configurable: true,
    value: class {
      constructor(init: object) {
        Object.assign(this, init);
      }
    },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, "mediaSession");
  Reflect.deleteProperty(globalThis, "MediaMetadata");
});

const track = (id: string, extra: Partial<Track> = {}): Track => ({ id, url: `https://cdn.example/${id}.wav`, title: `Song ${id}`, artist: `Writer ${id}`, ...extra });

/** Waits for the Media Session chunk the first track loads. */
const loaded = () => vi.dynamicImportSettled();

function setup() {
  const controller = new PlayerController(async () => null, () => undefined);
  const audio = document.createElement("audio");
  Object.defineProperty(audio, "duration", { configurable: true, get: () => 120 });
  document.body.append(audio);
  const detach = controller.attach(audio);
  return { controller, audio, detach };
}

describe("Media Session", () => {
  it("registers no handler until a track is loaded, and removes them all at close", async () => {
    const { controller } = setup();
    expect([...session.handlers.keys()]).toEqual([]);
    controller.playTrack(track("a"));
    await loaded();
    expect([...session.handlers.keys()].sort()).toEqual(["pause", "play", "seekbackward", "seekforward", "seekto", "stop"]);
    controller.close();
    expect([...session.handlers.keys()]).toEqual([]);
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe("none");
  });

  it("publishes the track's metadata with the cover, or the app icon", async () => {
    const { controller } = setup();
    controller.playTrack(track("a", { artworkUrl: "/covers/a.jpg" }));
    await loaded();
    expect(session.metadata).toMatchObject({ title: "Song a", artist: "Writer a", album: PRODUCT_NAME, artwork: [{ src: "/covers/a.jpg" }] });
    expect(session.playbackState).toBe("playing");
    controller.playTrack(track("b"));
    expect(session.metadata?.artwork).toEqual([{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }]);
  });

  it("offers previous and next only with somewhere to go", async () => {
    const { controller } = setup();
    const list = [track("a"), track("b")];
    controller.playTrack(list[0], list);
    await loaded();
    expect(session.handlers.has("nexttrack")).toBe(true);
    session.call("nexttrack");
    expect(controller.getState().track?.id).toBe("b");
    session.call("previoustrack");
    expect(controller.getState().track?.id).toBe("a");
    controller.playTrack(track("solo"));
    expect(session.handlers.has("nexttrack")).toBe(false);
    expect(session.handlers.has("previoustrack")).toBe(false);
  });

  it("play, pause and stop drive the player", async () => {
    const { controller, audio } = setup();
    controller.playTrack(track("a"));
    await loaded();
    session.call("pause");
    expect(audio.paused).toBe(true);
    expect(session.playbackState).toBe("paused");
    session.call("play");
    expect(audio.paused).toBe(false);
    expect(session.playbackState).toBe("playing");
    session.call("stop");
    expect(controller.getState().visible).toBe(false);
    expect(audio.getAttribute("src")).toBeNull();
    // The position is forgotten with the track.
    expect(session.positions.at(-1)).toBeUndefined();
  });

  it("seeks to a time, and back and forward by the offset asked for or 10 s", async () => {
    const { controller, audio } = setup();
    controller.playTrack(track("a"));
    await loaded();
    audio.dispatchEvent(new Event("loadedmetadata"));
    session.call("seekto", { seekTime: 60 });
    expect(audio.currentTime).toBe(60);
    session.call("seekforward");
    expect(audio.currentTime).toBe(70);
    session.call("seekbackward", { seekOffset: 5 });
    expect(audio.currentTime).toBe(65);
    session.call("seekbackward", { seekOffset: 500 });
    expect(audio.currentTime).toBe(0);
    session.call("seekforward", { seekOffset: 500 });
    expect(audio.currentTime).toBe(120);
    session.call("seekto", {});
    expect(audio.currentTime).toBe(120);
  });

  it("reports the position when the metadata loads and after a seek", async () => {
    const { controller, audio } = setup();
    controller.playTrack(track("a"));
    await loaded();
    audio.dispatchEvent(new Event("loadedmetadata"));
    expect(session.positions.at(-1)).toEqual({ duration: 120, position: 0, playbackRate: 1 });
    audio.currentTime = 30;
    audio.dispatchEvent(new Event("seeked"));
    expect(session.positions.at(-1)).toEqual({ duration: 120, position: 30, playbackRate: 1 });
  });

  it("skips an action the browser does not know, once", async () => {
    session.unknown.add("stop");
    const { controller } = setup();
    controller.playTrack(track("a"));
    await loaded();
    controller.pause();
    controller.resume();
    expect(session.handlers.has("play")).toBe(true);
    expect(session.handlers.has("stop")).toBe(false);
    expect(session.refusals).toBe(1);
  });

  it("removes its handlers when the audio element goes", async () => {
    const { controller, detach } = setup();
    controller.playTrack(track("a"));
    await loaded();
    detach();
    expect([...session.handlers.keys()]).toEqual([]);
  });
});
