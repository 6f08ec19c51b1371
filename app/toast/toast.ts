/** Toast items (SPEC §3): id, type, message, duration. Shared by server and client. */
import { z } from "zod";
import { TOAST_DURATION_MS } from "~/shared/constants";

export const TOAST_TYPES = ["success", "error", "warning", "loading", "info"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(TOAST_TYPES).default("info"),
  title: z.string().optional(),
  message: z.string(),
  /** Milliseconds; loading toasts ignore it (they are removed explicitly). */
  duration: z.number().int().positive().default(TOAST_DURATION_MS),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
