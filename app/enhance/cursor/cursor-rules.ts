/**
 * SPEC §2 "Custom cursor": where the branded cursor shows, and what it grows
 * over. The enhancement layer asks `cursorApplies` on every render (it is
 * cheap); Cursor.tsx asks `isClickable` when the pointer enters an element.
 */
import type { DeviceProfile } from "../device/performance-level";

/** SPEC §2, word for word: "disabled … on paths starting with" these (a plain string prefix). */
export const CURSOR_EXCLUDED_PREFIXES = ["/auth", "/admin", "/ar", "/application", "/member-application"] as const;

export function cursorApplies({
  pathname,
  device,
}: {
  pathname: string;
  device: Pick<DeviceProfile, "mobile" | "finePointer" | "reduceMotion" | "level">;
}): boolean {
  if (device.mobile) return false; // 767 px or less (SPEC §2, §9)
  if (!device.finePointer) return false; // touch screens: no pointer to follow
  // Under prefers-reduced-motion and at the low level (SPEC §4: motion reduction takes the trail).
  if (device.reduceMotion || device.level === "low") return false;
  return !CURSOR_EXCLUDED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Links, buttons and clickable items (SPEC §2 "enlarges over"), besides anything styled cursor: pointer. */
export const CLICKABLE_SELECTOR = [
  "a[href]",
  "button",
  '[role="button"]',
  "label",
  "summary",
  "select",
  'input[type="submit"]',
  'input[type="button"]',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="file"]',
  "[data-clickable]",
].join(", ");

/**
 * Whether the element under the pointer (or one of its ancestors) is
 * clickable. A disabled control is not. `cursorOf` is the computed cursor
 * (inherited, so the element's own value already says what its ancestors set).
 */
export function isClickable(target: EventTarget | null, cursorOf: (element: Element) => string = (element) => getComputedStyle(element).cursor): boolean {
  // Not `instanceof Element`: an element of another document (an iframe) is one too.
  if (!target || (target as Node).nodeType !== 1) return false;
  const element = target as Element;
  const control = element.closest(CLICKABLE_SELECTOR);
  if (control) return !control.matches(":disabled");
  return cursorOf(element) === "pointer";
}
