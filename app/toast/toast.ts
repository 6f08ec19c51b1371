/**
 * Toast items (SPEC §3): id, type, message, duration. Shared by server and
 * client. Plain TypeScript, no zod: the client store is part of every page's
 * first load (docs/decisions/0038), and the defaults below are all it needs.
 * The server validates the flash cookie with the zod schema in toast.server.ts,
 * typed against these same shapes.
 */
import { TOAST_DURATION_MS } from "~/shared/constants";

export const TOAST_TYPES = ["success", "error", "warning", "loading", "info"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface Toast {
  id: string;
  type: ToastType;
  title?: string;
  message: string;
  /** Milliseconds; loading toasts ignore it (they are removed explicitly). */
  duration: number;
}

/** What callers pass: everything but the message has a default. */
export interface ToastInput {
  id?: string;
  type?: ToastType;
  title?: string;
  message: string;
  duration?: number;
}

export const newToastId = () => Math.random().toString(36).slice(2);

/**
 * A complete toast from an input, with the defaults (a new id, "info", the
 * standard duration). Throws a TypeError on a malformed input, as a schema
 * would: a wrong type, a non-string message or title, a duration that is not
 * a positive whole number.
 */
export function toToast(input: ToastInput): Toast {
  const { id = newToastId(), type = "info", title, message, duration = TOAST_DURATION_MS } = input;
  if (typeof id !== "string") throw new TypeError("toast id must be a string");
  if (!TOAST_TYPES.includes(type)) throw new TypeError(`unknown toast type: ${String(type)}`);
  if (title !== undefined && typeof title !== "string") throw new TypeError("toast title must be a string");
  if (typeof message !== "string") throw new TypeError("toast message must be a string");
  if (!Number.isInteger(duration) || duration <= 0) throw new TypeError("toast duration must be a positive whole number");
  return title === undefined ? { id, type, message, duration } : { id, type, title, message, duration };
}
