/** The phone test pages' forms: one schema each, shared by the server action and the browser. */
import { z } from "zod";
import { isValidPhone } from "~/platform/auth/identifiers";

export const phoneSendSchema = z.object({
  intent: z.literal("send"),
  phone: z
    .string({ required_error: "Enter a phone number" })
    .trim()
    .refine(isValidPhone, "Enter a phone number with its country code (e.g. +44 7700 900123)"),
});

export const phoneVerifySchema = z.object({
  intent: z.literal("verify"),
  code: z.string({ required_error: "Enter the 6-digit code" }).trim().regex(/^\d{6}$/, "The code is 6 digits"),
});

export const phoneResetSchema = z.object({ intent: z.literal("reset") });
