/**
 * Mounted once in app/root.tsx, outside the route outlet: the one <audio>
 * element of the tab lives here, so a track keeps playing across client-side
 * navigation. Without JavaScript nothing here shows (pages offer native
 * <audio controls> instead).
 */
import { Suspense, useEffect, useRef } from "react";
import { lazyComponent } from "~/ui/lazy-component";
import { usePlayer, usePlayerSelector } from "./context";
import * as styles from "./player.css";

/**
 * The floating player's code loads when something first plays (it renders
 * nothing before, and nothing on the server): it is no part of any page's
 * first-load JavaScript (docs/decisions/0038). The <audio> element above does
 * the playing, so sound starts without waiting for it.
 */
const FloatingPlayer = lazyComponent(() => import("./FloatingPlayer").then((module) => module.FloatingPlayer));
/** Loads the floating player's code ahead of the first play (tests). */
export const preloadFloatingPlayer = FloatingPlayer.preload;

export function PlayerHost() {
  const player = usePlayer();
  const audioRef = useRef<HTMLAudioElement>(null);
  const visible = usePlayerSelector((s) => s.visible);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    return player.attach(audio);
  }, [player]);

  return (
    <>
      {/* No controls attribute: the floating player is its interface. */}
      <audio ref={audioRef} preload="metadata" data-player-audio="" />
      {visible ? (
        <Suspense fallback={null}>
          <FloatingPlayer />
        </Suspense>
      ) : null}
      {visible ? <div className={styles.spacer} aria-hidden="true" /> : null}
    </>
  );
}
