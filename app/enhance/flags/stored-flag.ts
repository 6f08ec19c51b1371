/**
 * The few lines of the feature flags that every page's first-load JavaScript
 * carries (the error fallbacks read errorBoundaries, the player's debug lines
 * ask whether anyone could read them): where the flags are stored, one
 * flag's value, and the change notification. Everything else about flags
 * (parsing, import, export) is in feature-flags.ts, loaded where it is used.
 */

/** The local storage key holding this browser's flags (a JSON object). */
export const FEATURE_FLAGS_STORAGE_KEY = "hf:feature-flags";

/** Fired on window when this tab changes the flags (the browser's `storage` event tells the other tabs). */
export const FLAGS_CHANGED_EVENT = "hf:feature-flags-changed";

/** One stored flag, or `fallback` (its default) when absent, not a boolean, unreadable or on the server. */
export function readStoredFlag(key: string, fallback: boolean): boolean {
  try {
    const stored = JSON.parse(window.localStorage.getItem(FEATURE_FLAGS_STORAGE_KEY) ?? "null") as Record<string, unknown> | null;
    const value = stored && typeof stored === "object" ? stored[key] : undefined;
    return typeof value === "boolean" ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Calls `listener` whenever the flags may have changed, in this tab or another. */
export function subscribeStoredFlags(listener: () => void): () => void {
  if (typeof window === "undefined") return () => undefined;
  const onStorage = (event: StorageEvent) => {
    // key null: the whole storage was cleared.
    if (event.key === null || event.key === FEATURE_FLAGS_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(FLAGS_CHANGED_EVENT, listener);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(FLAGS_CHANGED_EVENT, listener);
  };
}
