/**
 * Accessible modal dialog. Client-only (portal into <body>): the server and
 * the hydration render output nothing, so there is no mismatch, and a closed
 * dialog costs no DOM at all.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { useFocusTrap } from "./focus-trap";
import { useMounted } from "./useMounted";
import * as styles from "./Dialog.css";

export { useFocusTrap, getFocusable } from "./focus-trap";

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  initialFocusRef?: RefObject<HTMLElement>;
  className?: string;
}

export function Dialog({ open, onClose, title, description, children, initialFocusRef, className }: DialogProps) {
  const mounted = useMounted();
  const visible = open && mounted;
  const panelRef = useRef<HTMLDivElement>(null);
  // Only a press that starts on the overlay closes: dragging a text selection
  // out of the panel must not.
  const pressStartedOnOverlay = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useFocusTrap(panelRef, visible, { initialFocusRef, onEscape: onClose });
  useBodyScrollLock(visible);

  if (!visible) return null;

  return createPortal(
    <div
      className={styles.overlay}
      onMouseDown={(event) => {
        pressStartedOnOverlay.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressStartedOnOverlay.current && event.target === event.currentTarget) onClose();
        pressStartedOnOverlay.current = false;
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={className ? `${styles.panel} ${className}` : styles.panel}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          ) : null}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

// Counted, so two stacked dialogs don't unlock the page when the top one closes.
let scrollLocks = 0;
let savedOverflow = "";
let savedPaddingRight = "";

function useBodyScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const body = document.body;
    if (scrollLocks++ === 0) {
      savedOverflow = body.style.overflow;
      savedPaddingRight = body.style.paddingRight;
      // Make room for the vanished scrollbar so the page doesn't jump sideways.
      // (clientWidth is 0 only in layout-less DOMs such as test environments.)
      const viewport = document.documentElement.clientWidth;
      const scrollbar = viewport > 0 ? window.innerWidth - viewport : 0;
      if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
      body.style.overflow = "hidden";
    }
    return () => {
      if (--scrollLocks === 0) {
        body.style.overflow = savedOverflow;
        body.style.paddingRight = savedPaddingRight;
      }
    };
  }, [active]);
}
