/**
 * Mounted once in app/root.tsx, outside the route outlet: the one <audio>
 * element of the tab lives here, so a track keeps playing across client-side
 * navigation. Without JavaScript nothing here shows (pages offer native
 * <audio controls> instead).
 */
import { useEffect, useRef } from "react";
import { usePlayer, usePlayerSelector } from "./context";
import { FloatingPlayer } from "./FloatingPlayer";
import * as styles from "./player.css";

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
      <FloatingPlayer />
      {visible ? <div className={styles.spacer} aria-hidden="true" /> : null}
    </>
  );
}
