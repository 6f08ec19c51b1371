/**
 * SPEC §4 "Device performance": what this device can take, from what the
 * browser tells us about it. Pure rules, no browser globals: read-device.ts
 * reads the inputs, useDeviceProfile.ts keeps them current and writes the
 * result onto <html> (data-perf, data-motion, data-blur) for the styles.
 *
 * - level high by default; medium if narrow (768 px or less), 4 or fewer
 *   cores, or a slow connection (3g or worse); low if narrow and (few cores or
 *   slow connection);
 * - the low level or a reduced-motion preference turns motion reduction on;
 * - the low level, or narrow with few cores, disables blur.
 *
 * What a browser does not tell (no navigator.connection outside Chromium, no
 * hardwareConcurrency) counts as not slow and not few: an unknown device is
 * treated as a capable one, as SPEC's "high by default" says.
 */
import { CURSOR_MOBILE_BREAKPOINT_PX, NARROW_BREAKPOINT_PX } from "~/shared/constants";

export type PerformanceLevel = "high" | "medium" | "low";

/** What the browser reports; null where it reports nothing. */
export interface DeviceInputs {
  /** window.innerWidth, CSS pixels. */
  width: number;
  /** navigator.hardwareConcurrency. */
  cores: number | null;
  /** navigator.connection.effectiveType ("slow-2g", "2g", "3g", "4g"). */
  effectiveType: string | null;
  /** (prefers-reduced-motion: reduce). */
  prefersReducedMotion: boolean;
  /** (pointer: fine) and (hover: hover): a mouse or trackpad, not a touch screen. */
  finePointer: boolean;
}

export interface DeviceProfile extends DeviceInputs {
  level: PerformanceLevel;
  /** No transitions, animations, confetti or cursor trail. */
  reduceMotion: boolean;
  /** No backdrop-filter blur (an opaque background instead). */
  disableBlur: boolean;
  /** 768 px or less (SPEC §9 "narrow 768 px (performance)"). */
  narrow: boolean;
  /** 767 px or less (SPEC §9 "mobile breakpoint 767 px (cursor)"; also the loop guard's "mobile"). */
  mobile: boolean;
  fewCores: boolean;
  slowConnection: boolean;
}

export const FEW_CORES = 4;
/** "3g or worse" in the Network Information API's terms. */
export const SLOW_CONNECTION_TYPES: readonly string[] = ["slow-2g", "2g", "3g"];

export const isNarrow = (width: number) => width <= NARROW_BREAKPOINT_PX;
export const isMobile = (width: number) => width <= CURSOR_MOBILE_BREAKPOINT_PX;

/** 4 or fewer cores; unknown (null, 0, not a number) is not few. */
export function hasFewCores(cores: number | null): boolean {
  return typeof cores === "number" && Number.isFinite(cores) && cores > 0 && cores <= FEW_CORES;
}

/** slow-2g, 2g or 3g; unknown (null, anything else) is not slow. */
export function isSlowConnection(effectiveType: string | null): boolean {
  return effectiveType !== null && SLOW_CONNECTION_TYPES.includes(effectiveType);
}

export function performanceLevel({ width, cores, effectiveType }: Pick<DeviceInputs, "width" | "cores" | "effectiveType">): PerformanceLevel {
  const narrow = isNarrow(width);
  const fewCores = hasFewCores(cores);
  const slow = isSlowConnection(effectiveType);
  if (narrow && (fewCores || slow)) return "low";
  if (narrow || fewCores || slow) return "medium";
  return "high";
}

export function deviceProfile(inputs: DeviceInputs): DeviceProfile {
  const level = performanceLevel(inputs);
  const narrow = isNarrow(inputs.width);
  const fewCores = hasFewCores(inputs.cores);
  return {
    ...inputs,
    level,
    reduceMotion: level === "low" || inputs.prefersReducedMotion,
    disableBlur: level === "low" || (narrow && fewCores),
    narrow,
    mobile: isMobile(inputs.width),
    fewCores,
    slowConnection: isSlowConnection(inputs.effectiveType),
  };
}

/** The attributes <html> carries (the styles' selectors and the cross-helper contract). */
export function profileAttributes(profile: Pick<DeviceProfile, "level" | "reduceMotion" | "disableBlur">) {
  return {
    perf: profile.level,
    motion: profile.reduceMotion ? "reduced" : "full",
    blur: profile.disableBlur ? "off" : "on",
  } as const;
}
