/**
 * The loop guard at page load (SPEC §4; rules in loop-guard.ts). Called by
 * entry.client.tsx before hydration, so it is part of every page's first-load
 * JavaScript: keep it this small. On mobile (767 px or narrower) it records
 * this full load in sessionStorage (one tab's history, as a loop is) and, on
 * the fourth full load within 30 s, replaces the page with /. Client-side navigations never reach it: entry.client runs once per
 * document. Where storage fails (private modes, blocked storage) it does
 * nothing: a guard that cannot count must not send anyone anywhere.
 */
import { CURSOR_MOBILE_BREAKPOINT_PX } from "~/shared/constants";
import { LOOP_GUARD_HOME, LOOP_GUARD_STORAGE_KEY, parseLoadHistory, recordLoad } from "./loop-guard";

/** True when it sent the browser to / (the page is being left: do not hydrate). */
export function runLoopGuard(): boolean {
  try {
    // SPEC §9's mobile breakpoint; wider screens are never guarded (and their loads not recorded).
    if (window.innerWidth > CURSOR_MOBILE_BREAKPOINT_PX) return false;
    const storage = window.sessionStorage;
    const decision = recordLoad(parseLoadHistory(storage.getItem(LOOP_GUARD_STORAGE_KEY)), location.pathname, Date.now());
    if (decision.redirect) {
      storage.removeItem(LOOP_GUARD_STORAGE_KEY);
      location.replace(LOOP_GUARD_HOME);
      return true;
    }
    storage.setItem(LOOP_GUARD_STORAGE_KEY, JSON.stringify(decision.history));
    return false;
  } catch {
    return false;
  }
}
