/**
 * The feature flags of SPEC §3: booleans kept in this browser's local storage
 * (so each browser has its own, as SPEC says), under one key.
 *
 * Reading never fails: no storage (the server, a private window that refuses
 * it), nothing stored, or something that is not ours gives the defaults; a
 * stored object contributes only the known keys whose values are booleans.
 * Importing is strict instead (`parseFeatureFlagsImport`): an admin pasting a
 * file should hear that it was wrong, not have half of it applied.
 *
 * What every page needs of it (one flag's value, the change notification)
 * is in stored-flag.ts, so that first-load JavaScript carries only that.
 */
import { TEXT } from "~/shared/constants";
import { FEATURE_FLAGS_STORAGE_KEY, FLAGS_CHANGED_EVENT, subscribeStoredFlags } from "./stored-flag";

export { FEATURE_FLAGS_STORAGE_KEY };

export const FEATURE_FLAG_KEYS = [
  "mockMode",
  "devTools",
  "debugMode",
  "experimentalFeatures",
  "performanceMonitoring",
  "errorBoundaries",
  "localDatabase",
] as const;

export type FeatureFlagKey = (typeof FEATURE_FLAG_KEYS)[number];
export type FeatureFlags = Record<FeatureFlagKey, boolean>;

/** SPEC §3: errorBoundaries on, everything else off. */
export const FEATURE_FLAG_DEFAULTS: Readonly<FeatureFlags> = Object.freeze({
  mockMode: false,
  devTools: false,
  debugMode: false,
  experimentalFeatures: false,
  performanceMonitoring: false,
  errorBoundaries: true,
  localDatabase: false,
});

/** SPEC §5 and §8, word for word. */
export const INVALID_FEATURE_FLAGS = TEXT.invalidFeatureFlags;

export class InvalidFeatureFlagsError extends Error {
  constructor() {
    super(INVALID_FEATURE_FLAGS);
    this.name = "InvalidFeatureFlagsError";
  }
}

const isFlagKey = (key: string): key is FeatureFlagKey => (FEATURE_FLAG_KEYS as readonly string[]).includes(key);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The defaults with whatever known boolean keys `value` has laid over them (tolerant: for reading storage). */
export function flagsFrom(value: unknown): FeatureFlags {
  const flags: FeatureFlags = { ...FEATURE_FLAG_DEFAULTS };
  if (!isPlainObject(value)) return flags;
  for (const key of FEATURE_FLAG_KEYS) {
    if (typeof value[key] === "boolean") flags[key] = value[key];
  }
  return flags;
}

/** Local storage, or null where there is none or it refuses access (server, blocked storage). */
export function browserStorage(): Storage | null {
  try {
    return typeof window !== "undefined" && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The raw stored text (null when absent or unreadable): what a cached snapshot is keyed on. */
export function readStoredFlagsText(storage: Storage | null = browserStorage()): string | null {
  try {
    return storage?.getItem(FEATURE_FLAGS_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Flags from stored text; garbage and absence give the defaults. */
export function parseStoredFlags(text: string | null): FeatureFlags {
  if (text === null) return { ...FEATURE_FLAG_DEFAULTS };
  try {
    return flagsFrom(JSON.parse(text));
  } catch {
    return { ...FEATURE_FLAG_DEFAULTS };
  }
}

/** This browser's flags; the defaults on the server or without storage. */
export function readFeatureFlags(): FeatureFlags {
  return parseStoredFlags(readStoredFlagsText());
}

/**
 * Tells this tab's subscribers that the flags changed. Other tabs hear it from
 * the browser's `storage` event (which never fires in the tab that wrote).
 */
function notify() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(FLAGS_CHANGED_EVENT));
}

/** Subscribes to changes made in this tab (writeFeatureFlags) and in others (storage events). */
export const subscribeFeatureFlags = subscribeStoredFlags;

/**
 * Stores the flags (every key, so an export reads the same as storage) and
 * tells this tab. Returns false when storage refused the write (full, blocked).
 */
export function writeFeatureFlags(flags: FeatureFlags): boolean {
  const storage = browserStorage();
  if (!storage) return false;
  try {
    storage.setItem(FEATURE_FLAGS_STORAGE_KEY, JSON.stringify(flagsFrom(flags)));
  } catch {
    return false;
  }
  notify();
  return true;
}

/** Back to SPEC's defaults (the key is removed: nothing of ours stays behind). */
export function resetFeatureFlags(): void {
  try {
    browserStorage()?.removeItem(FEATURE_FLAGS_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed: the defaults apply anyway.
  }
  notify();
}

/** This browser's flags as the JSON an import accepts (every key, two-space indented). */
export function exportFeatureFlags(flags: FeatureFlags = readFeatureFlags()): string {
  return `${JSON.stringify(flagsFrom(flags), null, 2)}\n`;
}

/**
 * Flags from imported text, or InvalidFeatureFlagsError ('Invalid feature
 * flags data') for anything unparseable or malformed: not JSON, not an
 * object, a key that is not a flag, a value that is not a boolean. Keys left
 * out take their defaults (an export from before a flag existed still imports).
 */
export function parseFeatureFlagsImport(text: string): FeatureFlags {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidFeatureFlagsError();
  }
  if (!isPlainObject(value)) throw new InvalidFeatureFlagsError();
  for (const [key, flag] of Object.entries(value)) {
    if (!isFlagKey(key) || typeof flag !== "boolean") throw new InvalidFeatureFlagsError();
  }
  return flagsFrom(value);
}
