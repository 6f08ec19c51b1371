/**
 * The list of the player's keyboard shortcuts, with the switch that turns
 * the single-key ones off (WCAG 2.1.4 Character Key Shortcuts: speech input
 * users type letters by talking). Opened with "?" or the expanded player's
 * "Keyboard shortcuts" button; the shared Dialog moves focus in, keeps it
 * there, closes on Escape and gives focus back. Its own chunk: most visits
 * never open it.
 */
import { useId, useSyncExternalStore } from "react";
import { Button } from "~/ui/Button";
import { Dialog } from "~/ui/Dialog";
import { PLAYER_SHORTCUTS, SHORTCUTS_LIST_ATTRIBUTE } from "./shortcuts";
import * as styles from "./shortcuts.css";
import { shortcutsEnabled, subscribeShortcutsEnabled, writeShortcutsEnabled } from "./store";

export const SHORTCUTS_TEXT = {
  title: "Keyboard shortcuts",
  description: "Control the audio player from anywhere on the site while a track is loaded. They do nothing while you type in a field.",
  toggle: "Single-key shortcuts",
  on: "On: the keys below work on every page.",
  off: "Off: the keys below do nothing. With focus inside the player, K and Space still play and pause.",
  keysHeading: "Keys",
  actionHeading: "Action",
  close: "Close",
} as const;

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const enabled = useSyncExternalStore(subscribeShortcutsEnabled, shortcutsEnabled, () => true);
  const noteId = useId();

  return (
    <Dialog open onClose={onClose} title={SHORTCUTS_TEXT.title} description={SHORTCUTS_TEXT.description}>
      <div className={styles.body} {...{ [SHORTCUTS_LIST_ATTRIBUTE]: "" }}>
        <label className={styles.switchRow}>
          <input
            type="checkbox"
            role="switch"
            className={styles.switchInput}
            checked={enabled}
            aria-describedby={noteId}
            onChange={(event) => writeShortcutsEnabled(event.currentTarget.checked)}
          />
          <span>{SHORTCUTS_TEXT.toggle}</span>
        </label>
        <p id={noteId} className={styles.note}>
          {enabled ? SHORTCUTS_TEXT.on : SHORTCUTS_TEXT.off}
        </p>
        <table className={styles.table} data-enabled={enabled}>
          <thead>
            <tr>
              <th scope="col">{SHORTCUTS_TEXT.keysHeading}</th>
              <th scope="col">{SHORTCUTS_TEXT.actionHeading}</th>
            </tr>
          </thead>
          <tbody>
            {PLAYER_SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.action}>
                <td className={styles.keys}>
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? " + " : null}
                      <kbd className={styles.kbd}>{key}</kbd>
                    </span>
                  ))}
                </td>
                <td>{shortcut.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={styles.actions}>
          <Button type="button" variant="outline" onClick={onClose}>
            {SHORTCUTS_TEXT.close}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
