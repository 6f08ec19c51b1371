/**
 * React access to the player. The context carries only the controller, an
 * object whose identity never changes, so the context itself never causes a
 * re-render. Components subscribe to exactly what they read:
 * - usePlayerSelector(s => s.playing) re-renders when `playing` changes;
 * - usePlayerTime() is for the seek slider and time labels only.
 *
 * One controller per browser tab (created on first use). On the server every
 * request reads the initial state: actions only ever run in event handlers.
 */
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { PlayerController, type ApplicantNavigationHandler } from "./controller";
import { initialPlayerState, type PlayerState } from "./logic";

let browserController: PlayerController | null = null;

function defaultController(): PlayerController {
  if (typeof document === "undefined") return serverController;
  browserController ??= new PlayerController();
  return browserController;
}
// Never mutated: nothing calls an action during a server render.
const serverController = new PlayerController();

const PlayerContext = createContext<PlayerController | null>(null);

/**
 * The tab's player state outside React, or null before anything used the
 * player: the offline worker's registration asks it whether a play is a
 * catalogue song (app/enhance/offline/register.client.ts).
 */
export function browserPlayerState(): PlayerState | null {
  return browserController?.getState() ?? null;
}

/** For tests (a fresh controller each); the app uses the tab-wide default. */
export function PlayerProvider({ controller, children }: { controller: PlayerController; children: ReactNode }) {
  return <PlayerContext.Provider value={controller}>{children}</PlayerContext.Provider>;
}

/** The actions: playTrack, togglePlay, next, previous, seek, setVolume, toggleMute, ... */
export function usePlayer(): PlayerController {
  return useContext(PlayerContext) ?? defaultController();
}

const serverSnapshot = () => initialPlayerState;

/** Subscribes to one slice of PlayerState; re-renders only when that slice changes (Object.is). */
export function usePlayerSelector<T>(selector: (state: PlayerState) => T): T {
  const player = usePlayer();
  return useSyncExternalStore(
    player.subscribe,
    () => selector(player.getState()),
    () => selector(serverSnapshot()),
  );
}

/** The playback position in seconds. Changes several times a second: subscribe sparingly. */
export function usePlayerTime(): number {
  const player = usePlayer();
  return useSyncExternalStore(player.subscribeTime, player.getTime, () => 0);
}

/** Registers the page's applicant-navigation callback while the component is mounted. */
export function useApplicantNavigation(handler: ApplicantNavigationHandler) {
  const player = usePlayer();
  useEffect(() => player.setApplicantNavigationHandler(handler), [player, handler]);
}
