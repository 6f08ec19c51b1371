/**
 * Debug logging (SPEC §9): `createDebug("player")` gives a logger whose lines
 * always go to the developer tools' log (log-store.ts, at most 1000) and are
 * printed to the console only when debug logging is on for that name:
 *
 *  - `debug=1` in the query of the page as it was loaded or as it is now
 *    (kept for the page's life: a client-side navigation drops the query,
 *    and the flow being debugged usually starts there);
 *  - local storage `debug:force` or `debug:all` (every name), or
 *    `debug:{name}` (that one), set to anything but "", "0", "false" or "off";
 *  - the debugMode feature flag (every name);
 *  - for "vitals" also the performanceMonitoring flag (its figures are what
 *    that flag is for).
 *
 * On the server a logger does nothing: there is no panel, and a process-wide
 * buffer would mix everyone's requests.
 *
 * Code in every page's first-load JavaScript logs through lazy-debug.ts,
 * which loads this module only when someone could read the lines. Loaded, it
 * starts capture (log-store.ts) at once when debug logging is on.
 */
import type { FeatureFlags } from "~/enhance/flags/feature-flags";
import { readStoredFlag } from "~/enhance/flags/stored-flag";
import { recordLog, startCapture } from "./log-store";

export type DebugLogger = (message: string, ...details: unknown[]) => void;

/** Where debug logging's switches are read from (the browser's, or a test's). */
export interface DebugSwitches {
  /** The query strings to look in (the page's first and its current). */
  searches: readonly string[];
  storage: Pick<Storage, "getItem"> | null;
  flags: Pick<FeatureFlags, "debugMode" | "performanceMonitoring">;
}

const OFF_VALUES = new Set(["", "0", "false", "off"]);

function storageSwitch(storage: DebugSwitches["storage"], key: string): boolean {
  try {
    const value = storage?.getItem(key);
    return value !== null && value !== undefined && !OFF_VALUES.has(value.trim().toLowerCase());
  } catch {
    return false;
  }
}

export function hasDebugQuery(search: string): boolean {
  return new URLSearchParams(search).getAll("debug").includes("1");
}

/** Whether debug logging is on for `name` (the rule, pure). */
export function debugEnabledFor(name: string, switches: DebugSwitches): boolean {
  if (switches.searches.some(hasDebugQuery)) return true;
  if (switches.flags.debugMode) return true;
  if (name === "vitals" && switches.flags.performanceMonitoring) return true;
  return ["debug:force", "debug:all", `debug:${name}`].some((key) => storageSwitch(switches.storage, key));
}

/** Whether any debug switch is on, for any name (capture starts then). */
export function anyDebugEnabled(switches: DebugSwitches, storageKeys: readonly string[]): boolean {
  if (switches.searches.some(hasDebugQuery) || switches.flags.debugMode) return true;
  return storageKeys.some((key) => key.startsWith("debug:") && storageSwitch(switches.storage, key));
}

const inBrowser = typeof window !== "undefined";
const loadedSearch = inBrowser ? window.location.search : "";

function browserSwitches(): DebugSwitches {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  const flags = { debugMode: readStoredFlag("debugMode", false), performanceMonitoring: readStoredFlag("performanceMonitoring", false) };
  return { searches: [loadedSearch, window.location.search], storage, flags };
}

export function isDebugEnabled(name: string): boolean {
  return inBrowser && debugEnabledFor(name, browserSwitches());
}

export function createDebug(name: string): DebugLogger {
  return (message, ...details) => {
    if (!inBrowser) return;
    recordLog("debug", name, message, details);
    if (!isDebugEnabled(name)) return;
    startCapture();
    // console.log, not console.debug: Chrome hides the "Verbose" level by default.
    console.log(`[debug:${name}] ${message}`, ...details);
  };
}

function storageKeys(): string[] {
  try {
    return Object.keys(window.localStorage);
  } catch {
    return [];
  }
}

// Debug logging on from the first moment (a ?debug=1 load, a stored switch):
// capture console errors and requests from the start, not from the first line.
if (inBrowser && anyDebugEnabled(browserSwitches(), storageKeys())) startCapture();
