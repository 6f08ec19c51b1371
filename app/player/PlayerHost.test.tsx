// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PlayerProvider, usePlayerSelector } from "./context";
import { PlayerController } from "./controller";
import type { Track } from "./logic";
import { PlayerHost, preloadFloatingPlayer } from "./PlayerHost";

// The floating player is a lazily loaded chunk (it shows only once something plays); loaded first, it renders at once.
beforeAll(async () => {
  await preloadFloatingPlayer();
});

afterEach(cleanup);

const track = (id: string, extra: Partial<Track> = {}): Track => ({
  id,
  url: `https://cdn.example/${id}.wav`,
  title: `Song ${id}`,
  artist: `Writer ${id}`,
  ...extra,
});

const renders = { playing: 0 };

/** Reads only `playing`: must not re-render while the time moves. */
function PlayingProbe() {
  const playing = usePlayerSelector((s) => s.playing);
  renders.playing += 1;
  const own = useRef(0);
  own.current += 1;
  return <p data-testid="probe">{playing ? "playing" : "stopped"}</p>;
}

function setup(controller = new PlayerController(async () => null)) {
  renders.playing = 0;
  const view = render(
    <PlayerProvider controller={controller}>
      <PlayerHost />
      <PlayingProbe />
    </PlayerProvider>,
  );
  const audio = view.container.querySelector("audio")!;
  return { controller, audio, view };
}

function timeUpdate(audio: HTMLAudioElement, seconds: number) {
  audio.currentTime = seconds;
  fireEvent(audio, new Event("timeupdate"));
}

function loadMetadata(audio: HTMLAudioElement, duration: number) {
  Object.defineProperty(audio, "duration", { configurable: true, get: () => duration });
  fireEvent(audio, new Event("loadedmetadata"));
}

describe("render isolation", () => {
  it("a consumer of `playing` does not re-render on timeupdate, while the time display does", () => {
    const { controller, audio } = setup();
    act(() => controller.playTrack(track("a")));
    act(() => loadMetadata(audio, 200));
    act(() => controller.setExpanded(true));
    const before = renders.playing;

    for (let second = 1; second <= 30; second += 1) {
      act(() => timeUpdate(audio, second));
    }

    expect(screen.getByTestId("player-elapsed").textContent).toBe("0:30");
    expect(screen.getByTestId("player-duration").textContent).toBe("3:20");
    expect(renders.playing).toBe(before);

    // The probe is live: a change of `playing` does re-render it.
    act(() => controller.togglePlay());
    expect(renders.playing).toBe(before + 1);
    expect(screen.getByTestId("probe").textContent).toBe("stopped");
  });
});

describe("floating player", () => {
  it("is hidden until a track plays, then shows title and artist and plays the audio", () => {
    const { controller, audio } = setup();
    expect(screen.queryByRole("region", { name: "Audio player" })).toBeNull();
    act(() => controller.playTrack(track("a")));
    const region = screen.getByRole("region", { name: "Audio player" });
    expect(within(region).getByText("Song a")).toBeTruthy();
    expect(within(region).getByText("Writer a")).toBeTruthy();
    expect(audio.getAttribute("src")).toBe("https://cdn.example/a.wav");
    expect(audio.paused).toBe(false);

    fireEvent.click(within(region).getByRole("button", { name: "Pause" }));
    expect(audio.paused).toBe(true);
    fireEvent.click(within(region).getByRole("button", { name: "Play" }));
    expect(audio.paused).toBe(false);
  });

  it("end of track sets not-playing", () => {
    const { controller, audio } = setup();
    act(() => controller.playTrack(track("a")));
    act(() => {
      fireEvent(audio, new Event("ended"));
    });
    expect(controller.getState().playing).toBe(false);
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
  });

  it("shows the playlist with a counter only for more than one track; a click plays the entry", () => {
    const { controller, audio } = setup();
    act(() => controller.playTrack(track("solo")));
    fireEvent.click(screen.getByRole("button", { name: "Expand player" }));
    expect(screen.getByText("Now Playing")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Playlist" })).toBeNull();
    expect(screen.getByRole("button", { name: "Collapse player" })).toBe(document.activeElement);

    const list = [track("a"), track("b"), track("c")];
    act(() => controller.playTrack(list[0], list));
    const playlist = screen.getByRole("list", { name: "Playlist" });
    expect(screen.getByTestId("player-counter").textContent).toBe("1 / 3");
    fireEvent.click(within(playlist).getByRole("button", { name: /Song c/ }));
    expect(screen.getByTestId("player-counter").textContent).toBe("3 / 3");
    expect(audio.getAttribute("src")).toBe("https://cdn.example/c.wav");

    fireEvent.click(screen.getByRole("button", { name: "Next track" }));
    expect(screen.getByTestId("player-counter").textContent).toBe("1 / 3");
    fireEvent.click(screen.getByRole("button", { name: "Previous track" }));
    expect(screen.getByTestId("player-counter").textContent).toBe("3 / 3");
  });

  it("mute and unmute drive the audio volume; the volume slider sets it", () => {
    const { controller, audio } = setup();
    act(() => controller.playTrack(track("a")));
    act(() => controller.setExpanded(true));
    const volume = screen.getByRole("slider", { name: "Volume" }) as HTMLInputElement;
    expect(volume.value).toBe("1");
    fireEvent.change(volume, { target: { value: "0.4" } });
    expect(audio.volume).toBeCloseTo(0.4);
    fireEvent.click(screen.getByRole("button", { name: "Mute" }));
    expect(audio.volume).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Unmute" }));
    expect(audio.volume).toBeCloseTo(0.4);
  });

  it("seeks the audio from the seek slider", () => {
    const { controller, audio } = setup();
    act(() => controller.playTrack(track("a")));
    act(() => loadMetadata(audio, 120));
    act(() => controller.setExpanded(true));
    fireEvent.change(screen.getByRole("slider", { name: "Seek" }), { target: { value: "61.5" } });
    expect(audio.currentTime).toBeCloseTo(61.5);
    expect(screen.getByTestId("player-elapsed").textContent).toBe("1:01");
  });

  it("close hides the player and stops the audio", () => {
    const { controller, audio } = setup();
    act(() => controller.playTrack(track("a")));
    fireEvent.click(screen.getByRole("button", { name: "Close player" }));
    expect(screen.queryByRole("region", { name: "Audio player" })).toBeNull();
    expect(audio.paused).toBe(true);
    expect(audio.getAttribute("src")).toBeNull();
  });

  it("K and Space toggle play while focus is in the player", () => {
    const { controller } = setup();
    act(() => controller.playTrack(track("a")));
    act(() => controller.setExpanded(true));
    const slider = screen.getByRole("slider", { name: "Volume" });
    fireEvent.keyDown(slider, { key: "k" });
    expect(controller.getState().playing).toBe(false);
    fireEvent.keyDown(slider, { key: " " });
    expect(controller.getState().playing).toBe(true);
  });

  it("invokes the applicant-navigation callback instead of playing when next leaves a collab applicant", () => {
    const { controller, audio } = setup();
    const list = [track("ann-collab-1"), track("bob-collab-1")];
    const handler = vi.fn();
    controller.setApplicantNavigationHandler(handler);
    act(() => controller.playTrack(list[0], list));
    act(() => controller.next());
    expect(handler).toHaveBeenCalledWith({ direction: "next", fromApplicantId: "ann", toApplicantId: "bob" });
    expect(controller.getState().track?.id).toBe("ann-collab-1");
    expect(audio.getAttribute("src")).toBe("https://cdn.example/ann-collab-1.wav");
  });

  it("a rejected play() sets not-playing silently", async () => {
    const { controller, audio } = setup();
    audio.play = () => Promise.reject(new DOMException("blocked", "NotAllowedError"));
    await act(async () => controller.playTrack(track("a")));
    expect(controller.getState().playing).toBe(false);
    expect(controller.getState().visible).toBe(true);
  });
});

describe("audio errors", () => {
  const storage = (token: string) => `/storage/v1/object/sign/audio/song-1.wav?token=${token}`;

  it("retries once with a fresh signed URL, then stops", async () => {
    const refresh = vi.fn(async (songId: string) => (songId === "song-1" ? storage("fresh") : null));
    const { controller, audio } = setup(new PlayerController(refresh));
    act(() => controller.playTrack(track("song-1", { url: storage("old"), songId: "song-1" })));

    await act(async () => {
      fireEvent(audio, new Event("error"));
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(audio.getAttribute("src")).toBe(storage("fresh"));
    expect(controller.getState().playing).toBe(true);

    await act(async () => {
      fireEvent(audio, new Event("error"));
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(controller.getState().playing).toBe(false);
  });

  it("stops at once for a URL that is not from storage", async () => {
    const refresh = vi.fn(async () => "/never");
    const { controller, audio } = setup(new PlayerController(refresh));
    act(() => controller.playTrack(track("x", { songId: "x" })));
    await act(async () => {
      fireEvent(audio, new Event("error"));
    });
    expect(refresh).not.toHaveBeenCalled();
    expect(controller.getState().playing).toBe(false);
  });
});
