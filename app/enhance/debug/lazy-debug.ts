/**
 * createDebug for code in every page's first-load JavaScript (the player's
 * controller): the same lines, but the logger (debug.ts and the dev tools'
 * stores, a few kB) loads only when someone could read them: debug logging
 * on by any of its switches, or the dev tools' flag on in this browser.
 * Otherwise a line costs one look at the query and local storage, and is
 * dropped: no log exists that could show it.
 *
 * Lines keep their order (each waits for the same import); their time in the
 * log is when the logger had loaded, a few milliseconds later for the first.
 */
import { readStoredFlag } from "~/enhance/flags/stored-flag";
import type { DebugLogger } from "./debug";

const loadedSearch = typeof window !== "undefined" ? window.location.search : "";

const hasDebugQuery = (search: string) => new URLSearchParams(search).getAll("debug").includes("1");

function someoneCouldRead(): boolean {
  if (hasDebugQuery(loadedSearch) || hasDebugQuery(window.location.search)) return true;
  if (readStoredFlag("devTools", false) || readStoredFlag("debugMode", false)) return true;
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith("debug:"));
  } catch {
    return false;
  }
}

export function createLazyDebug(name: string): DebugLogger {
  let logger: Promise<DebugLogger> | null = null;
  return (message, ...details) => {
    if (typeof window === "undefined" || !someoneCouldRead()) return;
    logger ??= import("./debug").then((module) => module.createDebug(name));
    void logger.then((log) => log(message, ...details)).catch(() => undefined);
  };
}
