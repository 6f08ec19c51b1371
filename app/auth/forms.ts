/**
 * The /auth forms: one zod schema each, shared by the server (parseWithZod in
 * the action) and the browser (useForm constraints and live validation).
 */
import { z } from "zod";
import { TEXT } from "~/shared/constants";
import { sanitizeText } from "~/shared/sanitize";
import { isValidEmail, isValidPhone, parseIdentifier } from "~/platform/auth/identifiers";

export const AUTH_MODES = ["sign-in", "sign-up", "otp", "recover"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export const INTENTS = {
  signIn: "sign-in",
  signUp: "sign-up",
  otpRequest: "otp-request",
  otpVerify: "otp-verify",
  recoverRequest: "recover-request",
  recoverVerify: "recover-verify",
  newPassword: "new-password",
} as const;
export type Intent = (typeof INTENTS)[keyof typeof INTENTS];

export const DISPLAY_NAME_MAX = 100;

const identifier = z
  .string({ required_error: "Enter your email address or phone number" })
  .trim()
  .max(320, TEXT.lengthMessage("Email or phone number", 320))
  .refine((value) => parseIdentifier(value) !== null, {
    message: "Enter a valid email address, or a phone number with its country code (e.g. +44 7700 900123)",
  });

const code = z
  .string({ required_error: "Enter the 6-digit code" })
  .trim()
  .regex(/^\d{6}$/, "The code is 6 digits");

const redirectTo = z.string().trim().max(2048).optional();

export const signInSchema = z.object({
  intent: z.literal(INTENTS.signIn),
  identifier,
  password: z.string({ required_error: "Enter your password" }).max(1024),
  redirectTo,
});

const optionalText = z.string().trim().optional();

/**
 * Sign-up needs an e-mail or a phone number, plus a password (SPEC §5):
 * missing either gives exactly 'You must provide either an email or phone
 * number and a password'.
 */
export const signUpSchema = z
  .object({
    intent: z.literal(INTENTS.signUp),
    // Sanitised as every user text is (SPEC §5): a name that was only markup is no name.
    displayName: z
      .string()
      .trim()
      .max(DISPLAY_NAME_MAX, TEXT.lengthMessage("Display name", DISPLAY_NAME_MAX))
      .optional()
      .transform((value) => (value === undefined ? undefined : sanitizeText(value, DISPLAY_NAME_MAX) || undefined)),
    email: optionalText.refine((v) => !v || isValidEmail(v), "Enter a valid email address"),
    phone: optionalText.refine((v) => !v || isValidPhone(v), "Enter a phone number with its country code (e.g. +44 7700 900123)"),
    password: z.string().max(1024).optional(),
    redirectTo,
  })
  .superRefine((value, ctx) => {
    if ((!value.email && !value.phone) || !value.password) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: TEXT.signUpMissing });
    }
    if (value.email && value.phone) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["phone"], message: "Use either an email address or a phone number, not both" });
    }
  });

export const otpRequestSchema = z.object({ intent: z.literal(INTENTS.otpRequest), identifier, redirectTo });
export const otpVerifySchema = z.object({ intent: z.literal(INTENTS.otpVerify), code, redirectTo });
export const recoverRequestSchema = z.object({ intent: z.literal(INTENTS.recoverRequest), identifier, redirectTo });
/**
 * `identifier`: asked only when this browser holds no pending code (a code an admin sent,
 * ADR 0080); it never sends a code, it only says whose code is checked.
 */
export const recoverVerifySchema = z.object({ intent: z.literal(INTENTS.recoverVerify), identifier: identifier.optional(), code, redirectTo });
export const newPasswordSchema = z.object({
  intent: z.literal(INTENTS.newPassword),
  /** Needed unless a code was verified in this session in the last 10 minutes (app/auth/password-change.server.ts). */
  currentPassword: z.string().max(1024).optional(),
  password: z.string({ required_error: "Enter a new password" }).max(1024),
  redirectTo,
});

export const SCHEMAS = {
  [INTENTS.signIn]: signInSchema,
  [INTENTS.signUp]: signUpSchema,
  [INTENTS.otpRequest]: otpRequestSchema,
  [INTENTS.otpVerify]: otpVerifySchema,
  [INTENTS.recoverRequest]: recoverRequestSchema,
  [INTENTS.recoverVerify]: recoverVerifySchema,
  [INTENTS.newPassword]: newPasswordSchema,
} as const;

export function parseMode(value: string | null): AuthMode {
  return (AUTH_MODES as readonly string[]).includes(value ?? "") ? (value as AuthMode) : "sign-in";
}

export function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && (Object.values(INTENTS) as string[]).includes(value);
}
