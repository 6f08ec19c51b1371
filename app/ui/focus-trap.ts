/**
 * Keeps keyboard focus inside a container while it is active (modal dialogs).
 * Native listeners on the container, not on document, so a nested dialog
 * (portalled as a sibling in <body>) handles its own Tab and Escape without
 * the outer dialog reacting too.
 */
import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  'input:not([disabled]):not([type="hidden"])',
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "audio[controls]",
  "video[controls]",
  '[contenteditable]:not([contenteditable="false"])',
  "[tabindex]",
].join(",");

/** Read the attribute, not el.tabIndex: it is the author's intent, and some DOM shims get the default wrong. */
function isTabbable(el: HTMLElement): boolean {
  const attr = el.getAttribute("tabindex");
  if (attr !== null && Number.parseInt(attr, 10) < 0) return false;
  return !el.closest("[hidden],[inert]");
}

/** Tabbable descendants in DOM order (tabindex="-1" and hidden subtrees excluded). */
export function getFocusable(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(isTabbable);
}

export interface FocusTrapOptions {
  /** Element to focus first; defaults to the first tabbable, then the container. */
  initialFocusRef?: RefObject<HTMLElement>;
  onEscape?: () => void;
}

export function useFocusTrap(
  containerRef: RefObject<HTMLElement>,
  active: boolean,
  { initialFocusRef, onEscape }: FocusTrapOptions = {},
): void {
  // Latest callback in a ref: parents usually pass inline functions, and
  // re-running the effect would re-focus and lose the restore target.
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;

    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const initial = initialFocusRef?.current ?? getFocusable(container)[0] ?? container;
    initial.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        onEscapeRef.current?.();
        return;
      }
      if (event.key !== "Tab" || !container) return;
      const focusable = getFocusable(container);
      if (focusable.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const current = document.activeElement;
      const outside = !container.contains(current);
      if (event.shiftKey && (current === first || current === container || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    }

    container.addEventListener("keydown", onKeyDown);
    return () => {
      container.removeEventListener("keydown", onKeyDown);
      // Back to the trigger, unless it left the page meanwhile.
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [active, containerRef, initialFocusRef]);
}
