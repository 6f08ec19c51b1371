/**
 * The arithmetic of listening in sync (issue 14 §2, ADR 0092). Pure and
 * shared: the server uses `positionAt` to place late joiners and no-JS
 * players; the browser uses all of it to follow the host's timeline.
 *
 * The host's timeline is one record the server keeps: which item, whether it
 * plays, and the position it had at a server instant (the anchor). Every
 * browser estimates its clock's offset to the server (NTP-style, keeping the
 * samples with the shortest round trips), so "now" on the server's clock is
 * known to a few milliseconds, and from it the position everyone should be at.
 * A browser off by a little corrects gently, by playing slightly faster or
 * slower; only a large gap is a seek, which is audible.
 */

export interface Timeline {
  itemId: string | null;
  playing: boolean;
  /** Position (ms) at the anchor. */
  positionMs: number;
  /** Server epoch ms at which `positionMs` was true. */
  anchorMs: number;
}

/** Where the timeline is at server time `serverNowMs`, held within [0, durationMs] when known. */
export function positionAt(timeline: Timeline, serverNowMs: number, durationMs?: number): number {
  const elapsed = timeline.playing ? Math.max(0, serverNowMs - timeline.anchorMs) : 0;
  const position = Math.max(0, timeline.positionMs + elapsed);
  return durationMs !== undefined && durationMs > 0 ? Math.min(position, durationMs) : position;
}

/** One round trip to the server's clock: client times around the request, the server's time in the answer. */
export interface ClockSample {
  sentMs: number;
  serverMs: number;
  receivedMs: number;
}

export interface ClockEstimate {
  /** Add to the client's clock to read the server's. */
  offsetMs: number;
  /** The round trip of the samples the estimate rests on. */
  rttMs: number;
}

/**
 * The offset from the samples with the shortest round trips (the least
 * queueing, so the most symmetric paths): the median of the best third.
 */
export function estimateClockOffset(samples: ClockSample[]): ClockEstimate | null {
  const usable = samples.filter((s) => Number.isFinite(s.sentMs) && Number.isFinite(s.serverMs) && Number.isFinite(s.receivedMs) && s.receivedMs >= s.sentMs);
  if (usable.length === 0) return null;
  const sorted = usable
    .map((s) => ({ rtt: s.receivedMs - s.sentMs, offset: s.serverMs - (s.sentMs + s.receivedMs) / 2 }))
    .sort((a, b) => a.rtt - b.rtt);
  const best = sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 3)));
  const offsets = best.map((s) => s.offset).sort((a, b) => a - b);
  const mid = Math.floor(offsets.length / 2);
  const offsetMs = offsets.length % 2 ? offsets[mid]! : (offsets[mid - 1]! + offsets[mid]!) / 2;
  return { offsetMs, rttMs: best[best.length - 1]!.rtt };
}

export type Correction = { kind: "none" } | { kind: "rate"; rate: number } | { kind: "seek"; toMs: number };

/** Within this, nothing is done (and any rate change is undone). */
export const IN_SYNC_MS = 30;
/** Beyond this a gentle rate change would take too long: seek. */
export const SEEK_BEYOND_MS = 800;
/** The furthest from normal speed a correction plays (±6% is hard to hear on music). */
export const MAX_RATE_CHANGE = 0.06;
/** A rate correction aims to close the gap within this time. */
export const CORRECTION_WINDOW_MS = 1_500;

/**
 * What a listener does about `driftMs` (their position minus the timeline's:
 * positive when ahead). Small: nothing; medium: play slower or faster until
 * caught up; large: seek to `targetMs`.
 */
export function correctionFor(driftMs: number, targetMs: number): Correction {
  if (!Number.isFinite(targetMs)) return { kind: "none" };
  const gap = Math.abs(driftMs);
  if (!Number.isFinite(driftMs) || gap > SEEK_BEYOND_MS) return { kind: "seek", toMs: Math.max(0, targetMs) };
  if (gap <= IN_SYNC_MS) return { kind: "none" };
  const change = Math.min(MAX_RATE_CHANGE, gap / CORRECTION_WINDOW_MS);
  return { kind: "rate", rate: driftMs > 0 ? 1 - change : 1 + change };
}

/** The media fragment a native <audio> (no JavaScript) starts from: `#t=12.3`. */
export function mediaFragment(positionMs: number): string {
  return `#t=${(Math.max(0, positionMs) / 1000).toFixed(1)}`;
}
