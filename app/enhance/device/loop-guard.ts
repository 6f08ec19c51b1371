/**
 * SPEC §4 "loop guard": on mobile, more than 3 page loads within 30 s send the
 * user to /. Pure rules; loop-guard.client.ts applies them at page load.
 *
 * What counts (docs/decisions/0093): every full page load, as SPEC says,
 * whichever page it is; client-side navigations never reach the guard. With
 * JavaScript on, moving around the app is client-side, so four full loads in
 * 30 s are a reload or redirect loop (a crash-and-reload, a redirect between
 * two pages), not someone browsing. The history keeps each load's path, for
 * the dev tools and for tests to read. A load of / never redirects (it is
 * where the guard sends people) and is not counted.
 */
import { REFRESH_GUARD_LOADS, REFRESH_GUARD_WINDOW_MS } from "~/shared/constants";

/** The times (ms) of recent full loads, per pathname. */
export type LoadHistory = Record<string, number[]>;

export const LOOP_GUARD_STORAGE_KEY = "hf:loop-guard";
export const LOOP_GUARD_HOME = "/";

export interface LoopGuardDecision {
  redirect: boolean;
  /** What to store for next time. */
  history: LoadHistory;
}

/** Whatever was stored, as a history; anything unreadable is an empty one. */
export function parseLoadHistory(raw: string | null): LoadHistory {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const history: LoadHistory = {};
    for (const [path, times] of Object.entries(value)) {
      if (Array.isArray(times)) history[path] = times.filter((time): time is number => typeof time === "number" && Number.isFinite(time));
    }
    return history;
  } catch {
    return {};
  }
}

/**
 * Records a full load of `path` at `now` and says whether to leave for /.
 * Loads older than the window are forgotten (so is anything "from the future",
 * after the clock went back); after a redirect the history starts empty.
 */
export function recordLoad(
  history: LoadHistory,
  path: string,
  now: number,
  { maxLoads = REFRESH_GUARD_LOADS, windowMs = REFRESH_GUARD_WINDOW_MS } = {},
): LoopGuardDecision {
  const recent: LoadHistory = {};
  for (const [storedPath, times] of Object.entries(history)) {
    const kept = times.filter((time) => time > now - windowMs && time <= now);
    if (kept.length > 0) recent[storedPath] = kept;
  }
  if (path === LOOP_GUARD_HOME) return { redirect: false, history: recent };

  const loads = [...(recent[path] ?? []), now];
  const total = Object.values(recent).reduce((sum, times) => sum + times.length, 0) + 1;
  if (total > maxLoads) return { redirect: true, history: {} };
  // At most maxLoads times are ever stored, across every path.
  return { redirect: false, history: { ...recent, [path]: loads } };
}
