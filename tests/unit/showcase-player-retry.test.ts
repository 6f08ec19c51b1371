/**
 * The player's one retry (SPEC section 4) for showcase tracks: a track with a
 * freshUrlEndpoint gets its fresh URL from that endpoint (same origin only);
 * catalogue songs keep theirs.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchFreshAudioUrl } from "~/player/controller";
import { decideOnAudioError, initialPlayerState, type Track } from "~/player/logic";
import { showcaseAudioUrlPath } from "~/showcase/constants";

const signed = "/storage/v1/object/sign/audio/showcase/u/t.wav?token=1.x";
const track = (extra: Partial<Track>): Track => ({ id: "t", url: signed, title: "T", artist: "A", ...extra });

afterEach(() => vi.unstubAllGlobals());

function stubFetch() {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (input: string) => {
    calls.push(input);
    return Response.json({ url: "/storage/v1/object/sign/audio/fresh.wav?token=2.y" });
  });
  return calls;
}

describe("showcase tracks in the player", () => {
  it("retries a showcase track once (it names its endpoint), and not a track with neither song nor endpoint", () => {
    const state = { ...initialPlayerState, track: track({ freshUrlEndpoint: showcaseAudioUrlPath("abc") }) };
    expect(decideOnAudioError(state)).toBe("refresh");
    expect(decideOnAudioError({ ...state, retryUsed: true })).toBe("stop");
    expect(decideOnAudioError({ ...initialPlayerState, track: track({}) })).toBe("stop");
  });

  it("asks the track's own endpoint, and the song endpoint for catalogue songs", async () => {
    const calls = stubFetch();
    expect(await fetchFreshAudioUrl("abc", track({ freshUrlEndpoint: "/api/showcase/abc/audio-url" }))).toBe("/storage/v1/object/sign/audio/fresh.wav?token=2.y");
    await fetchFreshAudioUrl("song-1", track({ songId: "song-1" }));
    expect(calls).toEqual(["/api/showcase/abc/audio-url", "/api/songs/song-1/audio-url"]);
  });

  it("never follows an endpoint to another origin", async () => {
    const calls = stubFetch();
    for (const endpoint of ["//evil.example/x", "/\\evil.example/x", "https://evil.example/x"]) {
      await fetchFreshAudioUrl("id-1", track({ freshUrlEndpoint: endpoint }));
    }
    expect(calls).toEqual(["/api/songs/id-1/audio-url", "/api/songs/id-1/audio-url", "/api/songs/id-1/audio-url"]);
  });
});
