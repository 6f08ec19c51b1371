/**
 * Keyboard shortcuts for the floating player, on every page once hydrated
 * (rendered by app/enhance/Enhancements.tsx; ADR 0097). Light on purpose: one
 * keydown listener that reads the player's state when a key is pressed (no
 * subscription, so nothing here re-renders while music plays), a polite live
 * region for changes nobody sees (mute, seek) while a track is loaded, and
 * the list of shortcuts, whose dialog is its own chunk loaded when first opened.
 *
 * The listener is on document in the bubbling phase: React's handlers run
 * first, so a key the floating player already took (K or Space while focus
 * is in it) arrives here default-prevented and is left alone.
 */
import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from "react";
import { usePlayer, usePlayerSelector } from "../context";
import type { PlayerController } from "../controller";
import { formatTime } from "../logic";
import { DEFAULT_SEEK_OFFSET_SECONDS } from "../media-session";
import { otherModalOpen, shortcutToRun, type ShortcutAction } from "./shortcuts";
import { closeShortcutsList, isShortcutsListOpen, openShortcutsList, shortcutsEnabled, subscribeShortcutsList } from "./store";

const ShortcutsDialog = lazy(() => import("./ShortcutsDialog"));

export const ANNOUNCE = {
  muted: "Muted",
  unmuted: "Unmuted",
  back: (at: string) => `Back ${DEFAULT_SEEK_OFFSET_SECONDS} seconds, ${at}`,
  forward: (at: string) => `Forward ${DEFAULT_SEEK_OFFSET_SECONDS} seconds, ${at}`,
} as const;

/** Runs one shortcut; returns what to announce, if the change is one nobody would see. */
function run(player: PlayerController, action: ShortcutAction): string | null {
  switch (action) {
    case "togglePlay":
      player.togglePlay();
      return null;
    case "seekBackward":
      player.seekBy(-DEFAULT_SEEK_OFFSET_SECONDS);
      return ANNOUNCE.back(formatTime(player.getTime()));
    case "seekForward":
      player.seekBy(DEFAULT_SEEK_OFFSET_SECONDS);
      return ANNOUNCE.forward(formatTime(player.getTime()));
    case "next":
      player.next();
      return null;
    case "previous":
      player.previous();
      return null;
    case "toggleMute":
      player.toggleMute();
      return player.getState().muted ? ANNOUNCE.muted : ANNOUNCE.unmuted;
    case "showShortcuts":
      openShortcutsList();
      return null;
  }
}

export default function PlayerShortcuts() {
  const player = usePlayer();
  const [announcement, setAnnouncement] = useState("");
  // Re-renders when a track comes or goes, never as it plays.
  const trackLoaded = usePlayerSelector((state) => state.track !== null);
  const listOpen = useSyncExternalStore(subscribeShortcutsList, isShortcutsListOpen, () => false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutToRun(event, {
        trackLoaded: player.getState().track !== null,
        enabled: shortcutsEnabled(),
        otherModalOpen: otherModalOpen(document),
        target: event.target,
      });
      if (!shortcut) return;
      event.preventDefault();
      const message = run(player, shortcut.action);
      if (message) setAnnouncement(message);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [player]);

  // A closed player's last news is not news for the next track.
  useEffect(() => {
    if (!trackLoaded) setAnnouncement("");
  }, [trackLoaded]);

  return (
    <>
      {trackLoaded ? (
        <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="player-announcer">
          {announcement}
        </div>
      ) : null}
      {listOpen ? (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={closeShortcutsList} />
        </Suspense>
      ) : null}
    </>
  );
}
