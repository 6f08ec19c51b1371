/**
 * Reads SPEC §4's inputs from the browser and writes the result onto <html>.
 * No React: the onboarding confetti (app/onboarding/confetti.ts) asks the same
 * question at the moment it would play, whether or not the enhancement layer
 * has loaded yet.
 */
import { deviceProfile, profileAttributes, type DeviceInputs, type DeviceProfile } from "./performance-level";

export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";
export const FINE_POINTER_QUERY = "(pointer: fine)";
export const HOVER_QUERY = "(hover: hover)";

/** The Network Information API (Chromium only; not in TypeScript's DOM types). */
export interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
}

export function networkInformation(): NetworkInformationLike | null {
  if (typeof navigator === "undefined") return null;
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection ?? null;
}

function matches(query: string): boolean {
  // A stubbed or missing matchMedia (old browsers, tests) answers "no".
  return typeof window.matchMedia === "function" ? Boolean(window.matchMedia(query)?.matches) : false;
}

export function readDeviceInputs(): DeviceInputs {
  const cores = typeof navigator !== "undefined" ? navigator.hardwareConcurrency : undefined;
  const effectiveType = networkInformation()?.effectiveType;
  return {
    width: window.innerWidth,
    cores: typeof cores === "number" ? cores : null,
    effectiveType: typeof effectiveType === "string" ? effectiveType : null,
    prefersReducedMotion: matches(REDUCED_MOTION_QUERY),
    finePointer: matches(FINE_POINTER_QUERY) && matches(HOVER_QUERY),
  };
}

export function readDeviceProfile(): DeviceProfile {
  return deviceProfile(readDeviceInputs());
}

/** data-perf, data-motion and data-blur on <html>; written only when they change (each write restyles the page). */
export function applyDeviceProfile(root: HTMLElement, profile: DeviceProfile): void {
  for (const [name, value] of Object.entries(profileAttributes(profile))) {
    if (root.dataset[name] !== value) root.dataset[name] = value;
  }
}

/** Motion reduction as the page has it now: the attribute the enhancement layer wrote, or the device itself. */
export function motionReduced(): boolean {
  if (typeof window === "undefined") return false;
  return document.documentElement.dataset.motion === "reduced" || readDeviceProfile().reduceMotion;
}
