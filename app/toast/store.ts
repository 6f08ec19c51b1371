/**
 * Client toast store (SPEC §4: "A separate toast store keeps one toast at a
 * time"; auto-dismiss after 3000 ms except loading toasts). A plain module
 * with subscribe/getSnapshot, read through useSyncExternalStore: no context
 * provider, and toast.success() works from any event handler.
 *
 * Browser only: on the server this module is shared by every request, so the
 * server snapshot is always empty and SSR toasts come from the flash cookie.
 */
import { useSyncExternalStore } from "react";
import { TOAST_STORE_LIMIT } from "~/shared/constants";
import { toToast, type Toast, type ToastInput, type ToastType } from "./toast";

type Listener = () => void;
/** Options for the shorthands: everything but the message and the type. */
export type ToastOptions = Omit<ToastInput, "message" | "type">;

const EMPTY: Toast[] = [];
let toasts: Toast[] = EMPTY;
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
/** Ids already shown through showOnce (flash toasts), so re-renders don't repeat them. */
const shownOnce = new Set<string>();

function emit() {
  for (const listener of listeners) listener();
}

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function show(input: ToastInput): string {
  const next = toToast(input);
  // Same id = update in place (e.g. loading → success): drop its old timer.
  clearTimer(next.id);
  const kept = [...toasts.filter((t) => t.id !== next.id), next].slice(-TOAST_STORE_LIMIT);
  // Whatever fell out of the store must not fire a stale dismiss later.
  for (const old of toasts) if (!kept.includes(old)) clearTimer(old.id);
  toasts = kept;
  if (next.type !== "loading") {
    timers.set(
      next.id,
      setTimeout(() => dismiss(next.id), next.duration),
    );
  }
  emit();
  return next.id;
}

/** Removes one toast, or all of them without an id. */
function dismiss(id?: string): void {
  const remaining = id === undefined ? EMPTY : toasts.filter((t) => t.id !== id);
  if (remaining.length === toasts.length) return;
  for (const t of toasts) if (!remaining.includes(t)) clearTimer(t.id);
  toasts = remaining.length === 0 ? EMPTY : remaining;
  emit();
}

const ofType =
  (type: ToastType) =>
  (message: string, opts?: ToastOptions): string =>
    show({ ...opts, message, type });

export const toast = {
  show,
  success: ofType("success"),
  error: ofType("error"),
  warning: ofType("warning"),
  info: ofType("info"),
  /** Never auto-dismisses: keep the id and call dismiss(id) (or show another toast with it). */
  loading: ofType("loading"),
  dismiss,
};

/** Shows a toast unless one with the same id was already shown this page life. */
export function showOnce(input: Toast): void {
  if (shownOnce.has(input.id)) return;
  shownOnce.add(input.id);
  show(input);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Stable reference between changes, as useSyncExternalStore requires. */
export function getToasts(): Toast[] {
  return toasts;
}

function getServerToasts(): Toast[] {
  return EMPTY;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts, getServerToasts);
}

export function resetToastStoreForTests(): void {
  for (const id of timers.keys()) clearTimer(id);
  toasts = EMPTY;
  shownOnce.clear();
  // Listeners stay: a still-mounted Toaster should see the empty store.
  emit();
}
