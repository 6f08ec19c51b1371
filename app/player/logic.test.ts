import { describe, expect, it } from "vitest";
import {
  clampVolume,
  close,
  decideOnAudioError,
  formatTime,
  initialPlayerState,
  isStorageUrl,
  parseTrackId,
  playAt,
  playTrack,
  replaceTrackUrl,
  resolveStep,
  setDuration,
  setVolume,
  toggleMute,
  togglePlaying,
  trackEnded,
  wrapIndex,
  type PlayerState,
  type Track,
} from "./logic";

const track = (id: string, extra: Partial<Track> = {}): Track => ({
  id,
  url: `/audio/${id}.wav`,
  title: `Title ${id}`,
  artist: `Artist ${id}`,
  ...extra,
});

function playing(list: Track[], index: number): PlayerState {
  return playTrack(initialPlayerState, list[index], list);
}

describe("parseTrackId", () => {
  it("reads the applicant before the first hyphen and the mode from the second segment", () => {
    expect(parseTrackId("a1-collab-2")).toEqual({ applicantId: "a1", mode: "collab" });
    expect(parseTrackId("a1-solo-1")).toEqual({ applicantId: "a1", mode: "solo" });
    expect(parseTrackId("a1-demo-1")).toEqual({ applicantId: "a1", mode: null });
    expect(parseTrackId("a1-collab")).toEqual({ applicantId: "a1", mode: "collab" });
  });

  it("names no applicant without a hyphen or with an empty prefix", () => {
    expect(parseTrackId("plain")).toBeNull();
    expect(parseTrackId("-collab-1")).toBeNull();
  });
});

describe("playTrack", () => {
  it("sets the track, shows the player and plays", () => {
    const list = [track("a"), track("b"), track("c")];
    const state = playTrack(initialPlayerState, list[1], list);
    expect(state.track).toBe(list[1]);
    expect(state.currentIndex).toBe(1);
    expect(state.visible).toBe(true);
    expect(state.playing).toBe(true);
    expect(state.playlist).toBe(list);
  });

  it("replaces the previous audio: a new load even for the same track", () => {
    const first = playTrack(initialPlayerState, track("a"));
    const again = playTrack(first, track("a"));
    expect(again.loadKey).toBeGreaterThan(first.loadKey);
    expect(again.playlist).toHaveLength(1);
  });

  it("makes a playlist of one when the track is not in the given playlist", () => {
    const state = playTrack(initialPlayerState, track("x"), [track("a"), track("b")]);
    expect(state.playlist.map((t) => t.id)).toEqual(["x"]);
    expect(state.currentIndex).toBe(0);
  });
});

describe("play/pause and end of track", () => {
  it("toggles playing, and the end of a track sets not-playing", () => {
    const state = playing([track("a")], 0);
    const paused = togglePlaying(state);
    expect(paused.playing).toBe(false);
    expect(togglePlaying(paused).playing).toBe(true);
    expect(trackEnded(state).playing).toBe(false);
  });

  it("cannot resume with no track", () => {
    expect(togglePlaying(initialPlayerState).playing).toBe(false);
  });
});

describe("next and previous", () => {
  const list = [track("a"), track("b"), track("c")];

  it("wraps last to first and first to last", () => {
    expect(wrapIndex(2, "next", 3)).toBe(0);
    expect(wrapIndex(0, "previous", 3)).toBe(2);
    expect(resolveStep(playing(list, 2), "next")).toEqual({ kind: "play", index: 0 });
    expect(resolveStep(playing(list, 0), "previous")).toEqual({ kind: "play", index: 2 });
    expect(resolveStep(playing(list, 1), "next")).toEqual({ kind: "play", index: 2 });
  });

  it("has nowhere to go without a playlist", () => {
    expect(resolveStep(initialPlayerState, "next")).toEqual({ kind: "none" });
  });

  it("playAt plays a playlist entry and ignores unknown indexes", () => {
    const state = playAt(togglePlaying(playing(list, 0)), 2);
    expect(state.track?.id).toBe("c");
    expect(state.playing).toBe(true);
    expect(playAt(state, 7)).toBe(state);
  });
});

describe("applicant navigation", () => {
  const applicants = [
    track("ann-collab-1"),
    track("ann-collab-2"),
    track("ann-solo-1"),
    track("bob-collab-1"),
    track("bob-solo-1"),
  ];

  it("next from a collab track into another applicant navigates instead of playing", () => {
    expect(resolveStep(playing(applicants, 1), "next")).toEqual({ kind: "play", index: 2 });
    const crossing = [track("ann-solo-1"), track("ann-collab-1"), track("bob-collab-1")];
    expect(resolveStep(playing(crossing, 1), "next")).toEqual({
      kind: "applicant",
      direction: "next",
      fromApplicantId: "ann",
      toApplicantId: "bob",
      index: 2,
    });
  });

  it("next from a solo track crosses applicants as an ordinary step", () => {
    expect(resolveStep(playing(applicants, 2), "next")).toEqual({ kind: "play", index: 3 });
  });

  it("previous from a solo track into another applicant navigates instead of playing", () => {
    const list = [track("ann-collab-1"), track("bob-solo-1")];
    expect(resolveStep(playing(list, 1), "previous")).toEqual({
      kind: "applicant",
      direction: "previous",
      fromApplicantId: "bob",
      toApplicantId: "ann",
      index: 0,
    });
  });

  it("previous from a collab track crosses applicants as an ordinary step", () => {
    expect(resolveStep(playing(applicants, 3), "previous")).toEqual({ kind: "play", index: 2 });
  });

  it("counts the wrap-around as a crossing too", () => {
    expect(resolveStep(playing(applicants, 4), "next")).toEqual({ kind: "play", index: 0 });
    const wrapList = [track("ann-solo-1"), track("bob-collab-1")];
    expect(resolveStep(playing(wrapList, 1), "next")).toMatchObject({ kind: "applicant", toApplicantId: "ann", index: 0 });
    expect(resolveStep(playing(wrapList, 0), "previous")).toMatchObject({ kind: "applicant", toApplicantId: "bob", index: 1 });
  });

  it("ignores ids that name no applicant", () => {
    const list = [track("plain"), track("bob-collab-1")];
    expect(resolveStep(playing(list, 1), "next")).toEqual({ kind: "play", index: 0 });
  });
});

describe("volume and mute", () => {
  it("clamps the volume to 0..1, unparseable input to 0", () => {
    expect(clampVolume(1.4)).toBe(1);
    expect(clampVolume(-0.2)).toBe(0);
    expect(clampVolume(0.37)).toBe(0.37);
    expect(clampVolume(Number.NaN)).toBe(0);
    expect(setVolume(initialPlayerState, 3).volume).toBe(1);
  });

  it("defaults to 1 and unmuted", () => {
    expect(initialPlayerState.volume).toBe(1);
    expect(initialPlayerState.muted).toBe(false);
  });

  it("mute sets volume 0; unmute restores the previous volume", () => {
    const at60 = setVolume(initialPlayerState, 0.6);
    const muted = toggleMute(at60);
    expect(muted.volume).toBe(0);
    expect(muted.muted).toBe(true);
    const unmuted = toggleMute(muted);
    expect(unmuted.volume).toBe(0.6);
    expect(unmuted.muted).toBe(false);
  });

  it("volume 0 means muted, and unmute then restores full volume", () => {
    const silent = setVolume(setVolume(initialPlayerState, 0.4), 0);
    expect(silent.muted).toBe(true);
    expect(toggleMute(silent).volume).toBe(1);
  });

  it("moving the slider while muted unmutes", () => {
    const muted = toggleMute(setVolume(initialPlayerState, 0.5));
    const moved = setVolume(muted, 0.2);
    expect(moved.muted).toBe(false);
    expect(toggleMute(toggleMute(moved)).volume).toBe(0.2);
  });
});

describe("close", () => {
  it("hides the player and stops, keeping the volume", () => {
    const state = close(setVolume(playing([track("a"), track("b")], 1), 0.3));
    expect(state.visible).toBe(false);
    expect(state.playing).toBe(false);
    expect(state.track).toBeNull();
    expect(state.playlist).toEqual([]);
    expect(state.volume).toBe(0.3);
  });
});

describe("audio errors", () => {
  const storageTrack = track("s1", { url: "/storage/v1/object/sign/audio/s1.wav?token=abc", songId: "s1" });

  it("recognises storage object URLs, relative or absolute", () => {
    expect(isStorageUrl("/storage/v1/object/sign/audio/x.wav?token=1")).toBe(true);
    expect(isStorageUrl("https://proj.supabase.co/storage/v1/object/public/audio/x.mp3")).toBe(true);
    expect(isStorageUrl("/audio/x.wav")).toBe(false);
    expect(isStorageUrl("https://example.com/x.mp3")).toBe(false);
    expect(isStorageUrl("/storage/v1/object/sign/audio/x.wav")).toBe(false);
  });

  it("retries a storage URL of a known song once, then stops", () => {
    const state = playTrack(initialPlayerState, storageTrack);
    expect(decideOnAudioError(state)).toBe("refresh");
    const retried = replaceTrackUrl(state, "/storage/v1/object/sign/audio/s1.wav?token=fresh");
    expect(retried.track?.url).toContain("token=fresh");
    expect(retried.playlist[0].url).toContain("token=fresh");
    expect(retried.loadKey).toBeGreaterThan(state.loadKey);
    expect(decideOnAudioError(retried)).toBe("stop");
  });

  it("stops at once for URLs that are not from storage or have no song", () => {
    expect(decideOnAudioError(playTrack(initialPlayerState, track("x")))).toBe("stop");
    expect(decideOnAudioError(playTrack(initialPlayerState, { ...storageTrack, songId: undefined }))).toBe("stop");
    expect(decideOnAudioError(initialPlayerState)).toBe("stop");
  });

  it("gives every newly played track its own retry", () => {
    const retried = replaceTrackUrl(playTrack(initialPlayerState, storageTrack, [storageTrack, track("b")]), "/storage/v1/object/sign/audio/s1.wav?token=new");
    expect(decideOnAudioError(playAt(retried, 0))).toBe("refresh");
  });
});

describe("formatTime and duration", () => {
  it("formats m:ss", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(5.9)).toBe("0:05");
    expect(formatTime(83)).toBe("1:23");
    expect(formatTime(3725)).toBe("62:05");
    expect(formatTime(Number.NaN)).toBe("0:00");
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe("0:00");
  });

  it("keeps only finite positive durations", () => {
    expect(setDuration(initialPlayerState, 180).duration).toBe(180);
    expect(setDuration(initialPlayerState, Number.POSITIVE_INFINITY).duration).toBe(0);
  });
});
