/**
 * The forms of /admin/users/{userId} (ADR 0080): one zod schema each, shared
 * by the server (the form pipeline) and the browser (conform). Browser-safe.
 */
import { z } from "zod";
import { lengthMessage } from "~/shared/sanitize";
import { BAN_REASON_MAX, USER_INTENTS, USERS_TEXT } from "./users-text";

export { USER_INTENTS };

/** A date (YYYY-MM-DD) as the start of that day in UTC. */
export function parseEndDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

export const banSchema = z.object({
  intent: z.literal(USER_INTENTS.ban),
  reason: z
    .string({ required_error: USERS_TEXT.banReasonRequired })
    .trim()
    .min(1, USERS_TEXT.banReasonRequired)
    .max(BAN_REASON_MAX, lengthMessage("Reason", BAN_REASON_MAX)),
  endsAt: z
    .string()
    .trim()
    .optional()
    .superRefine((value, ctx) => {
      if (!value) return;
      const date = parseEndDate(value);
      if (!date) ctx.addIssue({ code: z.ZodIssueCode.custom, message: USERS_TEXT.banEndsInvalid });
      else if (date.getTime() <= Date.now()) ctx.addIssue({ code: z.ZodIssueCode.custom, message: USERS_TEXT.banEndsPast });
    }),
});

export const unbanSchema = z.object({ intent: z.literal(USER_INTENTS.unban) });
export const recoverySchema = z.object({ intent: z.literal(USER_INTENTS.recovery) });
export const grantSchema = z.object({ intent: z.literal(USER_INTENTS.grant) });
export const revokeSchema = z.object({ intent: z.literal(USER_INTENTS.revoke) });
/** The second submit of the confirmation step carries confirm=delete: a stray post without it deletes nothing. */
export const deleteSchema = z.object({
  intent: z.literal(USER_INTENTS.delete),
  confirm: z.literal("delete", { errorMap: () => ({ message: USERS_TEXT.deleteConfirmRequired }) }),
});
