/**
 * This browser's feature flags as React state: live when another tab changes
 * them (the storage event) and when this tab does (writeFeatureFlags). The
 * server and the hydration render see the defaults, so markup never depends
 * on what a browser stored; read flags decide only what renders after that.
 */
import { useSyncExternalStore } from "react";
import { FEATURE_FLAG_DEFAULTS, parseStoredFlags, readStoredFlagsText, subscribeFeatureFlags, type FeatureFlags } from "./feature-flags";

// One parsed object per stored text: useSyncExternalStore needs the same
// snapshot back while nothing changed, or it renders forever.
let cachedText: string | null | undefined;
let cachedFlags: FeatureFlags = FEATURE_FLAG_DEFAULTS;

function snapshot(): FeatureFlags {
  const text = readStoredFlagsText();
  if (text !== cachedText) {
    cachedText = text;
    cachedFlags = parseStoredFlags(text);
  }
  return cachedFlags;
}

const serverSnapshot = (): FeatureFlags => FEATURE_FLAG_DEFAULTS;

export function useFeatureFlags(): FeatureFlags {
  return useSyncExternalStore(subscribeFeatureFlags, snapshot, serverSnapshot);
}
