/**
 * Renders the toast region (SPEC §2, §4).
 *
 * Server and hydration render: the flash toast from the root loader, so it
 * shows without JavaScript (no close button: it could not work; CSS hides it
 * after its duration). After mount: whatever the client store holds, with the
 * flash toast pushed into it once.
 */
import { useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { useMounted } from "~/ui/useMounted";
import { ringSizes, ring } from "~/ui/Spinner.css";
import { showOnce, toast as toastStore, useToasts } from "./store";
import type { Toast, ToastType } from "./toast";
import * as styles from "./Toaster.css";

export function Toaster({ initialToast }: { initialToast: Toast | null }) {
  const mounted = useMounted();
  const stored = useToasts();

  // Keyed on the id: a revalidated root loader hands back equal-but-new
  // objects, and the same flash toast must not be shown twice.
  const initialId = initialToast?.id;
  useEffect(() => {
    if (initialToast) showOnce(initialToast);
  }, [initialId]); // eslint-disable-line react-hooks/exhaustive-deps -- see above
  // The toast that was in the server HTML (first render = hydration).
  const [serverRenderedId] = useState(initialId);

  const visible = mounted ? stored : initialToast ? [initialToast] : [];

  return (
    <section aria-label="Notifications" className={styles.region}>
      <div role="status" aria-live="polite" className={styles.list}>
        {visible.map((t) => (
          <ToastItem
            // A new key after mount re-inserts the node so screen readers
            // announce a flash toast that was already in the server HTML.
            key={mounted ? t.id : `ssr-${t.id}`}
            toast={t}
            phase={!mounted ? "server" : t.id === serverRenderedId ? "hydrated" : "client"}
          />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ toast, phase }: { toast: Toast; phase: "server" | "hydrated" | "client" }) {
  const { type, title, message, id, duration } = toast;
  const closable = phase !== "server" && type !== "loading";
  const className = [
    styles.item,
    styles.accent[type],
    phase === "server" && type !== "loading" ? styles.serverOnly : null,
    phase === "hydrated" ? styles.still : null,
  ]
    .filter(Boolean)
    .join(" ");
  const style = phase === "server" ? ({ "--hf-toast-duration": `${duration}ms` } as CSSProperties) : undefined;

  return (
    // Errors interrupt (role="alert"); everything else rides the polite region.
    <div className={className} style={style} role={type === "error" ? "alert" : undefined} data-toast-type={type}>
      <ToastIcon type={type} />
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        <p className={title ? `${styles.message} ${styles.messageUnderTitle}` : styles.message}>{message}</p>
      </div>
      {closable ? (
        <button type="button" className={styles.close} aria-label="Close notification" onClick={() => toastStore.dismiss(id)}>
          <Svg className={styles.icon}>
            <path d="M18 6 6 18M6 6l12 12" />
          </Svg>
        </button>
      ) : null}
    </div>
  );
}

function Svg({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

// Decorative: the text carries the meaning.
const ICON_PATHS: Record<Exclude<ToastType, "loading">, ReactNode> = {
  success: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 12 3 3 5-6" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m15 9-6 6M9 9l6 6" />
    </>
  ),
  warning: <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0zM12 9v4M12 17h.01" />,
  info: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </>
  ),
};

function ToastIcon({ type }: { type: ToastType }) {
  if (type === "loading") {
    return (
      <span className={styles.loadingSlot} aria-hidden="true">
        <span className={`${ring} ${ringSizes.md}`} />
      </span>
    );
  }
  return <Svg className={`${styles.icon} ${styles.iconColor[type]}`}>{ICON_PATHS[type]}</Svg>;
}
