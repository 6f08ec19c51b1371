// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PlayerProvider } from "../context";
import { PlayerController } from "../controller";
import type { Track } from "../logic";
import { PlayerHost, preloadFloatingPlayer } from "../PlayerHost";
import PlayerShortcuts from "./PlayerShortcuts";
import { SHORTCUTS_STORAGE_KEY, closeShortcutsList } from "./store";

beforeAll(async () => {
  await preloadFloatingPlayer();
  await import("./ShortcutsDialog");
});

beforeEach(() => localStorage.clear());

afterEach(() => {
  act(() => closeShortcutsList());
  cleanup();
});

const track = (id: string): Track => ({ id, url: `https://cdn.example/${id}.wav`, title: `Song ${id}`, artist: `Writer ${id}` });

function setup() {
  const controller = new PlayerController(async () => null);
  const view = render(
    <PlayerProvider controller={controller}>
      <label>
        Search
        <input type="search" name="q" />
      </label>
      <PlayerHost />
      <PlayerShortcuts />
    </PlayerProvider>,
  );
  const audio = view.container.querySelector("audio")!;
  Object.defineProperty(audio, "duration", { configurable: true, get: () => 200 });
  return { controller, audio };
}

const key = (init: KeyboardEventInit, target: Element = document.body) => act(() => void fireEvent.keyDown(target, init));

describe("player shortcuts", () => {
  it("do nothing until a track is loaded", () => {
    const { controller } = setup();
    key({ key: "k" });
    key({ key: "?" });
    expect(controller.getState().playing).toBe(false);
    expect(screen.queryByRole("dialog")).toBeNull();
    // No live region on pages that play nothing.
    expect(screen.queryByTestId("player-announcer")).toBeNull();
  });

  it("k plays and pauses, j and l seek 10 s and say so, m mutes and says so", () => {
    const { controller, audio } = setup();
    act(() => controller.playTrack(track("a")));
    act(() => void fireEvent(audio, new Event("loadedmetadata")));

    key({ key: "k" });
    expect(controller.getState().playing).toBe(false);
    expect(audio.paused).toBe(true);
    key({ key: "k" });
    expect(controller.getState().playing).toBe(true);

    key({ key: "l" });
    key({ key: "l" });
    expect(audio.currentTime).toBe(20);
    expect(screen.getByTestId("player-announcer").textContent).toBe("Forward 10 seconds, 0:20");
    key({ key: "j" });
    expect(audio.currentTime).toBe(10);
    expect(screen.getByTestId("player-announcer").textContent).toBe("Back 10 seconds, 0:10");

    key({ key: "m" });
    expect(audio.volume).toBe(0);
    expect(screen.getByTestId("player-announcer").textContent).toBe("Muted");
    key({ key: "m" });
    expect(audio.volume).toBe(1);
    expect(screen.getByTestId("player-announcer").textContent).toBe("Unmuted");
  });

  it("Shift+N and Shift+P step through the playlist", () => {
    const { controller } = setup();
    const list = [track("a"), track("b"), track("c")];
    act(() => controller.playTrack(list[0], list));
    key({ key: "N", shiftKey: true });
    expect(controller.getState().currentIndex).toBe(1);
    key({ key: "P", shiftKey: true });
    key({ key: "P", shiftKey: true });
    expect(controller.getState().currentIndex).toBe(2);
  });

  it("are ignored while typing in a field and with Ctrl", () => {
    const { controller } = setup();
    act(() => controller.playTrack(track("a")));
    key({ key: "k" }, screen.getByRole("searchbox"));
    key({ key: "k", ctrlKey: true });
    expect(controller.getState().playing).toBe(true);
  });

  it("K with focus in the player toggles once, not twice", () => {
    const { controller } = setup();
    act(() => controller.playTrack(track("a")));
    key({ key: "k" }, screen.getByRole("button", { name: "Pause" }));
    expect(controller.getState().playing).toBe(false);
  });

  it("? opens the list; its switch turns single-key shortcuts off, remembered in this browser", async () => {
    const { controller } = setup();
    act(() => controller.playTrack(track("a")));
    key({ key: "?", shiftKey: true });
    const dialog = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    const toggle = within(dialog).getByRole("switch", { name: "Single-key shortcuts" });
    expect(document.activeElement).toBe(toggle);
    expect(within(dialog).getByRole("row", { name: /Shift \+ N Next track/ })).toBeTruthy();

    fireEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(localStorage.getItem(SHORTCUTS_STORAGE_KEY)).toBe("off");
    key({ key: "k" });
    expect(controller.getState().playing).toBe(true);

    fireEvent.click(toggle);
    expect(localStorage.getItem(SHORTCUTS_STORAGE_KEY)).toBeNull();
    key({ key: "k" });
    expect(controller.getState().playing).toBe(false);

    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("the expanded player's button opens the same list", async () => {
    const { controller } = setup();
    act(() => controller.playTrack(track("a")));
    act(() => controller.setExpanded(true));
    fireEvent.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeTruthy();
  });

  it("stay out of another modal dialog's way", () => {
    const { controller } = setup();
    act(() => controller.playTrack(track("a")));
    const other = document.createElement("div");
    other.setAttribute("role", "dialog");
    other.setAttribute("aria-modal", "true");
    document.body.append(other);
    key({ key: "k" }, other);
    expect(controller.getState().playing).toBe(true);
    other.remove();
  });
});
