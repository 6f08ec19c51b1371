/**
 * Two small pieces of browser state the shortcuts share between the
 * floating player (its "Keyboard shortcuts" button) and PlayerShortcuts (the
 * listener and the dialog), kept tiny so the player's chunk can import it:
 *  - whether the list of shortcuts is open;
 *  - whether single-key shortcuts are on (WCAG 2.1.4), remembered per browser
 *    in local storage, and followed across tabs.
 */
type Listener = () => void;

export const SHORTCUTS_STORAGE_KEY = "player-shortcuts";
const OFF = "off";

const listListeners = new Set<Listener>();
let listOpen = false;

export function subscribeShortcutsList(listener: Listener): () => void {
  listListeners.add(listener);
  return () => void listListeners.delete(listener);
}

export const isShortcutsListOpen = (): boolean => listOpen;

export function setShortcutsListOpen(open: boolean) {
  if (listOpen === open) return;
  listOpen = open;
  for (const listener of listListeners) listener();
}

export const openShortcutsList = () => setShortcutsListOpen(true);
export const closeShortcutsList = () => setShortcutsListOpen(false);

const enabledListeners = new Set<Listener>();

/** On unless this browser turned them off; on when storage is unavailable (private modes, the server). */
export function readShortcutsEnabled(): boolean {
  try {
    return globalThis.localStorage?.getItem(SHORTCUTS_STORAGE_KEY) !== OFF;
  } catch {
    return true;
  }
}

export function writeShortcutsEnabled(enabled: boolean) {
  try {
    if (enabled) globalThis.localStorage?.removeItem(SHORTCUTS_STORAGE_KEY);
    else globalThis.localStorage?.setItem(SHORTCUTS_STORAGE_KEY, OFF);
    sessionChoice = null;
  } catch {
    // Storage refused (quota, privacy settings): the choice holds for this page only.
    sessionChoice = enabled;
  }
  for (const listener of enabledListeners) listener();
}

/** The choice when storage refused to keep it. */
let sessionChoice: boolean | null = null;

export function shortcutsEnabled(): boolean {
  return sessionChoice ?? readShortcutsEnabled();
}

/** For useSyncExternalStore: also hears another tab change the setting. */
export function subscribeShortcutsEnabled(listener: Listener): () => void {
  enabledListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SHORTCUTS_STORAGE_KEY || event.key === null) listener();
  };
  globalThis.addEventListener?.("storage", onStorage);
  return () => {
    enabledListeners.delete(listener);
    globalThis.removeEventListener?.("storage", onStorage);
  };
}
