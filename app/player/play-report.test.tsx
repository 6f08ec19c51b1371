// @vitest-environment happy-dom
/**
 * The floating player's play reports (ADR 0079) through the real controller
 * and the real <audio> element's events: once per play of a catalogue song
 * after 30 s of playback, never for a seek, never for audio that is not a
 * catalogue song; a new play of the same song reports again.
 */
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PlayerProvider } from "./context";
import { PlayerController } from "./controller";
import type { Track } from "./logic";
import { PlayerHost } from "./PlayerHost";

afterEach(cleanup);

const song = (id: string, extra: Partial<Track> = {}): Track => ({ id, songId: id, url: `https://cdn.example/${id}.wav`, title: `Song ${id}`, artist: "Writer", ...extra });

function setup() {
  const reports: string[] = [];
  const controller = new PlayerController(async () => null, (songId) => reports.push(songId));
  const view = render(
    <PlayerProvider controller={controller}>
      <PlayerHost />
    </PlayerProvider>,
  );
  const audio = view.container.querySelector("audio")!;
  Object.defineProperty(audio, "duration", { configurable: true, get: () => 200 });
  return { controller, audio, reports };
}

function playTo(audio: HTMLAudioElement, from: number, to: number) {
  for (let t = from; t <= to + 1e-9; t += 0.25) {
    audio.currentTime = Math.round(t * 100) / 100;
    fireEvent(audio, new Event("timeupdate"));
  }
}

describe("play reports", () => {
  it("reports a catalogue song once, after 30 s of playback", () => {
    const { controller, audio, reports } = setup();
    act(() => controller.playTrack(song("s1")));
    act(() => playTo(audio, 0, 29.75));
    expect(reports).toEqual([]);
    act(() => playTo(audio, 30, 90));
    expect(reports).toEqual(["s1"]);
  });

  it("does not count a seek as listening", () => {
    const { controller, audio, reports } = setup();
    act(() => controller.playTrack(song("s2")));
    act(() => playTo(audio, 0, 10));
    act(() => {
      audio.currentTime = 150;
      fireEvent(audio, new Event("seeking"));
      fireEvent(audio, new Event("timeupdate"));
      fireEvent(audio, new Event("seeked"));
    });
    act(() => playTo(audio, 150.25, 169.5));
    expect(reports).toEqual([]);
    act(() => playTo(audio, 169.75, 171));
    expect(reports).toEqual(["s2"]);
  });

  it("reports again for a new play of the same song, and never for audio that is not a catalogue song", () => {
    const { controller, audio, reports } = setup();
    act(() => controller.playTrack(song("s3")));
    act(() => playTo(audio, 0, 31));
    act(() => controller.playTrack(song("s3")));
    act(() => playTo(audio, 0, 31));
    expect(reports).toEqual(["s3", "s3"]);
    act(() => controller.playTrack({ id: "showcase-1", url: "https://cdn.example/x.wav", title: "Demo", artist: "Member", freshUrlEndpoint: "/api/showcase/x/audio-url" }));
    act(() => playTo(audio, 0, 60));
    expect(reports).toEqual(["s3", "s3"]);
  });

  it("reports a short song heard to its end", () => {
    const { controller, audio, reports } = setup();
    Object.defineProperty(audio, "duration", { configurable: true, get: () => 12 });
    act(() => controller.playTrack(song("short")));
    act(() => playTo(audio, 0, 10));
    expect(reports).toEqual([]);
    act(() => playTo(audio, 10.25, 12));
    expect(reports).toEqual(["short"]);
    act(() => fireEvent(audio, new Event("ended")));
    expect(reports).toEqual(["short"]);
  });

  it("posts the report to the song's plays endpoint by default", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      const { reportCatalogPlay } = await import("./controller");
      reportCatalogPlay("0b7c6a4e-1111-4222-8333-944445555666");
      expect(fetchMock).toHaveBeenCalledWith("/api/songs/0b7c6a4e-1111-4222-8333-944445555666/plays", expect.objectContaining({ method: "POST", credentials: "same-origin" }));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
