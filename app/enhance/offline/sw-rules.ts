/**
 * When the offline service worker may run in this browser (SPEC §1): "On iOS
 * devices not in standalone mode the offline service worker is turned off
 * unless the query string carries an enable-sw flag."
 *
 * Pure, so the rule is tested without a browser (sw-rules.test.ts) and
 * register.client.ts only gathers the facts.
 */

export interface ServiceWorkerEnvironment {
  userAgent: string;
  /** navigator.maxTouchPoints (0 on a desktop; iPadOS reports as a Mac, with touch points). */
  maxTouchPoints: number;
  /** Launched from the home screen: navigator.standalone (iOS) or display-mode: standalone. */
  standalone: boolean;
  /** location.search of the page being loaded. */
  search: string;
  /** The Vite dev server: no worker is built there, and one would cache modules Vite serves fresh. */
  dev: boolean;
  /**
   * This browser carried the enable-sw flag on an earlier load (remembered by
   * register.client.ts until `enable-sw=0`): the flag opts the browser in, not
   * one page, or the first load without it would drop everything kept offline.
   */
  optedIn?: boolean;
}

export type ServiceWorkerDecision =
  | { on: true }
  | { on: false; reason: "dev-server" | "ios-browser" };

const IOS_DEVICE = /\b(iPhone|iPad|iPod)\b/;
const MAC = /\bMacintosh\b/;

/**
 * iPhone, iPad and iPod user agents, and iPadOS 13+ Safari, which asks for
 * desktop sites and so reports itself as a Mac: a Mac with more than one
 * touch point is an iPad (no Mac has a touch screen).
 */
export function isIosDevice(userAgent: string, maxTouchPoints: number): boolean {
  return IOS_DEVICE.test(userAgent) || (MAC.test(userAgent) && maxTouchPoints > 1);
}

/**
 * `?enable-sw`, `?enable-sw=`, `?enable-sw=1` or `?enable-sw=true` (any case).
 * Anything else (`enable-sw=0`, `enable-sw=false`, `enable-sw=no`) is not the flag.
 */
export function hasEnableSwFlag(search: string): boolean {
  const params = new URLSearchParams(search);
  if (!params.has("enable-sw")) return false;
  return params.getAll("enable-sw").some((value) => ["", "1", "true"].includes(value.trim().toLowerCase()));
}

/** `enable-sw=0`, `=false` or `=no`: this browser opts out again (what it remembered is forgotten). */
export function hasDisableSwFlag(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.getAll("enable-sw").some((value) => ["0", "false", "no"].includes(value.trim().toLowerCase()));
}

export function serviceWorkerDecision(env: ServiceWorkerEnvironment): ServiceWorkerDecision {
  if (env.dev) return { on: false, reason: "dev-server" };
  const optedIn = hasEnableSwFlag(env.search) || (Boolean(env.optedIn) && !hasDisableSwFlag(env.search));
  if (isIosDevice(env.userAgent, env.maxTouchPoints) && !env.standalone && !optedIn) {
    return { on: false, reason: "ios-browser" };
  }
  return { on: true };
}
