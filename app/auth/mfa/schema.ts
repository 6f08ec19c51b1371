/** The forms of /auth/mfa (ADR 0099): one schema each, shared by the browser and the server. */
import { z } from "zod";
import { MFA_TEXT } from "./mfa-text";
import { normalizeRecoveryCode, RECOVERY_CODE_PATTERN } from "./recovery-code-format";

const redirectTo = z.string().max(2000).optional();

export const totpCodeSchema = z.object({
  code: z
    .string({ required_error: MFA_TEXT.codeFormat })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, MFA_TEXT.codeFormat)),
  redirectTo,
});

export const recoveryCodeSchema = z.object({
  recoveryCode: z
    .string({ required_error: MFA_TEXT.recoveryFormat })
    .max(64, MFA_TEXT.recoveryFormat)
    .transform(normalizeRecoveryCode)
    .pipe(z.string().regex(RECOVERY_CODE_PATTERN, MFA_TEXT.recoveryFormat)),
  redirectTo,
});

export const mfaStepSchema = z.object({ redirectTo });
