import { describe, expect, it } from "vitest";
import { PRODUCT_NAME } from "~/shared/constants";
import { initialPlayerState, playTrack, type Track } from "./logic";
import {
  DEFAULT_SEEK_OFFSET_SECONDS,
  FALLBACK_ARTWORK,
  actionsFor,
  metadataFor,
  playbackStateFor,
  positionStateFor,
  seekOffsetFrom,
} from "./media-session";

const track = (id: string, extra: Partial<Track> = {}): Track => ({ id, url: `/a/${id}.wav`, title: `Song ${id}`, artist: `Writer ${id}`, ...extra });

describe("metadataFor", () => {
  it("carries title, artist, the product as album and the song's cover", () => {
    expect(metadataFor(track("a", { artworkUrl: "/covers/a.jpg" }))).toEqual({
      title: "Song a",
      artist: "Writer a",
      album: PRODUCT_NAME,
      artwork: [{ src: "/covers/a.jpg" }],
    });
  });

  it("falls back to the app icon without a cover, as a copy the caller may keep", () => {
    for (const artworkUrl of [undefined, null, ""]) {
      const { artwork } = metadataFor(track("b", { artworkUrl }));
      expect(artwork).toEqual([{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }]);
      expect(artwork[0]).not.toBe(FALLBACK_ARTWORK[0]);
    }
  });
});

describe("playbackStateFor", () => {
  it("is none without a track, else playing or paused", () => {
    expect(playbackStateFor({ track: null, playing: false })).toBe("none");
    expect(playbackStateFor({ track: track("a"), playing: true })).toBe("playing");
    expect(playbackStateFor({ track: track("a"), playing: false })).toBe("paused");
  });
});

describe("actionsFor", () => {
  it("answers nothing without a track, so the browser's defaults apply", () => {
    expect([...actionsFor(initialPlayerState)]).toEqual([]);
  });

  it("leaves previous and next out for a single track (the lock screen greys them out)", () => {
    const state = playTrack(initialPlayerState, track("a"));
    expect([...actionsFor(state)].sort()).toEqual(["pause", "play", "seekbackward", "seekforward", "seekto", "stop"]);
  });

  it("offers previous and next with more than one track", () => {
    const list = [track("a"), track("b")];
    const state = playTrack(initialPlayerState, list[1], list);
    expect(actionsFor(state).has("previoustrack")).toBe(true);
    expect(actionsFor(state).has("nexttrack")).toBe(true);
    expect(actionsFor(state).size).toBe(8);
  });
});

describe("seekOffsetFrom", () => {
  it("honours the caller's offset and defaults to 10 s", () => {
    expect(DEFAULT_SEEK_OFFSET_SECONDS).toBe(10);
    expect(seekOffsetFrom({ seekOffset: 5 })).toBe(5);
    expect(seekOffsetFrom({ seekOffset: 2.5 })).toBe(2.5);
    expect(seekOffsetFrom(undefined)).toBe(10);
    expect(seekOffsetFrom({})).toBe(10);
    for (const seekOffset of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(seekOffsetFrom({ seekOffset })).toBe(10);
  });
});

describe("positionStateFor", () => {
  it("is null while the duration is unknown", () => {
    for (const duration of [0, Number.NaN, Number.POSITIVE_INFINITY, -1]) expect(positionStateFor(duration, 1, 1)).toBeNull();
  });

  it("keeps the position within the track and the rate positive (the browser throws otherwise)", () => {
    expect(positionStateFor(120, 30, 1)).toEqual({ duration: 120, position: 30, playbackRate: 1 });
    expect(positionStateFor(120, 500, 1)!.position).toBe(120);
    expect(positionStateFor(120, -3, 1)!.position).toBe(0);
    expect(positionStateFor(120, Number.NaN, 1)!.position).toBe(0);
    expect(positionStateFor(120, 10, 0)!.playbackRate).toBe(1);
    expect(positionStateFor(120, 10, 1.02)!.playbackRate).toBe(1.02);
  });
});
