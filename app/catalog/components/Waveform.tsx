/**
 * The song's waveform, drawn on the server from the stored peaks (an SVG, no
 * JavaScript needed). With JavaScript, a click seeks: in the floating player
 * when this song is playing there, otherwise it starts the song at that point.
 * The played part is tinted while this song is the player's track.
 */
import { useMemo, type MouseEvent } from "react";
import { usePlayer, usePlayerSelector, usePlayerTime } from "~/player/context";
import type { Track } from "~/player/logic";
import { useMounted } from "~/ui/useMounted";
import * as styles from "./catalog.css";

const BAR = 4;
const HEIGHT = 100;

/** One path of bars (cheaper than 200 <rect> elements). */
export function waveformPath(peaks: number[]): string {
  return peaks
    .map((raw, i) => {
      const peak = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 0;
      const height = Math.max(2, peak * (HEIGHT - 4));
      const y = (HEIGHT - height) / 2;
      return `M${i * BAR} ${y.toFixed(1)}h${BAR - 1.4}v${height.toFixed(1)}h-${BAR - 1.4}z`;
    })
    .join("");
}

function Bars({ d, width, className }: { d: string; width: number; className: string }) {
  return (
    <svg className={styles.waveformSvg} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path className={className} d={d} />
    </svg>
  );
}

function PlayedOverlay({ d, width, durationSeconds }: { d: string; width: number; durationSeconds: number }) {
  const time = usePlayerTime();
  const loaded = usePlayerSelector((s) => s.duration);
  const duration = loaded > 0 ? loaded : durationSeconds;
  const percent = duration > 0 ? Math.min(100, (time / duration) * 100) : 0;
  return (
    <div className={styles.waveformLayer} style={{ clipPath: `inset(0 ${100 - percent}% 0 0)` }}>
      <Bars d={d} width={width} className={styles.waveformPlayed} />
    </div>
  );
}

export function Waveform({ peaks, track, durationSeconds, title }: { peaks: number[]; track: Track | null; durationSeconds: number; title: string }) {
  const mounted = useMounted();
  const player = usePlayer();
  const isCurrent = usePlayerSelector((s) => track !== null && s.track?.id === track.id);
  const d = useMemo(() => waveformPath(peaks), [peaks]);
  if (peaks.length === 0) return null;
  const width = peaks.length * BAR;
  const seekable = mounted && track !== null;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!seekable || !track) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const fraction = rect.width > 0 ? Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)) : 0;
    if (isCurrent) {
      const loaded = player.getState().duration;
      player.seek(fraction * (loaded > 0 ? loaded : durationSeconds));
      if (!player.getState().playing) player.resume();
    } else {
      player.playTrack(track, undefined, { startAt: fraction * durationSeconds });
    }
  };

  return (
    <div
      className={styles.waveform}
      role="img"
      aria-label={`Waveform of ${title}`}
      data-seekable={seekable}
      data-testid="waveform"
      onClick={seekable ? onClick : undefined}
    >
      <Bars d={d} width={width} className={styles.waveformBase} />
      {isCurrent ? <PlayedOverlay d={d} width={width} durationSeconds={durationSeconds} /> : null}
    </div>
  );
}
