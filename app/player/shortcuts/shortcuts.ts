/**
 * The floating player's keyboard shortcuts (ADR 0097): the key map, YouTube's
 * where it has one, and the rule for when a key press is ours to handle.
 * Pure: PlayerShortcuts.tsx listens and acts; everything it decides is here.
 */
import { DEFAULT_SEEK_OFFSET_SECONDS } from "../media-session";

export type ShortcutAction = "togglePlay" | "seekBackward" | "seekForward" | "next" | "previous" | "toggleMute" | "showShortcuts";

export interface Shortcut {
  action: ShortcutAction;
  /** KeyboardEvent.key, lower case for letters. */
  key: string;
  /** Letters: with Shift (N and P, as on YouTube). "?" is whatever its layout needs. */
  shift: boolean;
  /** The keys as the list shows them, one entry per key to press together. */
  keys: readonly string[];
  description: string;
  /** Holding the key down repeats it (seeking); toggles act once per press. */
  repeats: boolean;
}

const seconds = DEFAULT_SEEK_OFFSET_SECONDS;

export const PLAYER_SHORTCUTS: readonly Shortcut[] = [
  { action: "togglePlay", key: "k", shift: false, keys: ["K"], description: "Play or pause", repeats: false },
  { action: "seekBackward", key: "j", shift: false, keys: ["J"], description: `Back ${seconds} seconds`, repeats: true },
  { action: "seekForward", key: "l", shift: false, keys: ["L"], description: `Forward ${seconds} seconds`, repeats: true },
  { action: "next", key: "n", shift: true, keys: ["Shift", "N"], description: "Next track", repeats: false },
  { action: "previous", key: "p", shift: true, keys: ["Shift", "P"], description: "Previous track", repeats: false },
  { action: "toggleMute", key: "m", shift: false, keys: ["M"], description: "Mute or unmute", repeats: false },
  { action: "showShortcuts", key: "?", shift: false, keys: ["?"], description: "Show these shortcuts", repeats: false },
];

/** The parts of a KeyboardEvent the rules read. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  isComposing?: boolean;
  defaultPrevented: boolean;
}

/** The shortcut a key press names, whatever else is going on; null for any other key. */
export function shortcutFor(press: Pick<KeyPress, "key" | "shiftKey">): Shortcut | null {
  // "?" is Shift+/ on one layout and its own key on another: Shift is not part of it.
  if (press.key === "?") return PLAYER_SHORTCUTS.find((shortcut) => shortcut.key === "?") ?? null;
  // Compare letters in lower case with Shift apart, so Caps Lock changes nothing.
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return PLAYER_SHORTCUTS.find((shortcut) => shortcut.key === key && shortcut.shift === press.shiftKey) ?? null;
}

/** Input types where a letter is text, not a command. */
const NON_TEXT_INPUTS = new Set(["button", "checkbox", "color", "file", "image", "radio", "range", "reset", "submit"]);
const TEXT_ROLES = new Set(["textbox", "searchbox", "combobox", "spinbutton"]);

/** True while the focus is somewhere a key press types: text fields, selects, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== "string") return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input") return !NON_TEXT_INPUTS.has(((element as HTMLInputElement).type || "text").toLowerCase());
  if (element.isContentEditable) return true;
  // A contenteditable ancestor (isContentEditable is missing in some DOMs), or a custom text widget.
  const editable = element.closest?.('[contenteditable]:not([contenteditable="false"])');
  if (editable) return true;
  return TEXT_ROLES.has(element.getAttribute?.("role") ?? "");
}

export interface ShortcutContext {
  /** A track is loaded in the floating player (playing or paused). */
  trackLoaded: boolean;
  /** The listener's choice (WCAG 2.1.4): single-key shortcuts can be turned off. */
  enabled: boolean;
  /** A modal dialog other than the shortcuts list is open: keys belong to it. */
  otherModalOpen: boolean;
  /** Where the key press happened (event.target). */
  target: EventTarget | null;
}

/**
 * The shortcut to run for this key press, or null to leave it alone: nothing
 * while typing, with Ctrl/Meta/Alt (the browser's and the system's own
 * shortcuts), once something else handled the key, under another modal
 * dialog, without a track, or when the listener turned shortcuts off. Every
 * shortcut here is a character key (Shift+N too), so the switch covers all.
 */
export function shortcutToRun(press: KeyPress, context: ShortcutContext): Shortcut | null {
  if (press.defaultPrevented || press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return null;
  const shortcut = shortcutFor(press);
  if (!shortcut) return null;
  if (press.repeat && !shortcut.repeats) return null;
  if (!context.enabled || !context.trackLoaded || context.otherModalOpen) return null;
  if (isTypingTarget(context.target)) return null;
  return shortcut;
}

/** Marks the shortcuts list's content, so the modal check below can tell our dialog from others. */
export const SHORTCUTS_LIST_ATTRIBUTE = "data-player-shortcuts-list";

/**
 * A modal dialog other than the shortcuts list is open in this document (the
 * session timeout, a confirmation, onboarding): its keys are its own.
 */
export function otherModalOpen(root: ParentNode): boolean {
  for (const modal of root.querySelectorAll('[aria-modal="true"], dialog[open]')) {
    if (modal.querySelector(`[${SHORTCUTS_LIST_ATTRIBUTE}]`)) continue;
    if (modal.tagName.toLowerCase() === "dialog" && !isModalDialogElement(modal)) continue;
    return true;
  }
  return false;
}

/** A <dialog> opened with showModal(), not show(); a DOM without :modal counts every open one. */
function isModalDialogElement(dialog: Element): boolean {
  try {
    return dialog.matches(":modal");
  } catch {
    return true;
  }
}
