/**
 * The server's clock as this browser estimates it (app/party/sync.ts): a
 * burst of samples of /party/clock on mount, a few more every 30 s to follow
 * drift. Kept in a ref, not state: the player reads it many times a second,
 * and nothing should re-render for it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { PARTY_CLOCK_PATH } from "./constants";
import { estimateClockOffset, type ClockSample } from "./sync";

const FIRST_SAMPLES = 8;
const LATER_SAMPLES = 3;
const RESAMPLE_MS = 30_000;
const KEPT = 24;

async function sample(): Promise<ClockSample | null> {
  const sentMs = Date.now();
  try {
    const response = await fetch(PARTY_CLOCK_PATH, { cache: "no-store", credentials: "omit" });
    const receivedMs = Date.now();
    const body = (await response.json()) as { now?: number };
    return typeof body.now === "number" ? { sentMs, serverMs: body.now, receivedMs } : null;
  } catch {
    return null;
  }
}

export function useServerClock() {
  const offsetMs = useRef(0);
  const [estimate, setEstimate] = useState<{ offsetMs: number; rttMs: number } | null>(null);
  useEffect(() => {
    let stopped = false;
    const samples: ClockSample[] = [];
    const take = async (count: number) => {
      for (let i = 0; i < count && !stopped; i += 1) {
        const s = await sample();
        if (s) samples.push(s);
      }
      samples.splice(0, Math.max(0, samples.length - KEPT));
      const result = estimateClockOffset(samples);
      if (result && !stopped) {
        offsetMs.current = result.offsetMs;
        setEstimate(result);
      }
    };
    void take(FIRST_SAMPLES);
    const timer = setInterval(() => void take(LATER_SAMPLES), RESAMPLE_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  /** The server's time now, in ms. */
  // Stable: the player's sync loop depends on it and must not restart on every render.
  const serverNow = useCallback(() => Date.now() + offsetMs.current, []);
  return { serverNow, estimate };
}
