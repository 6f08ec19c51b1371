/**
 * What a person reads when the provider says no. Provider messages are never
 * shown raw: known codes get plain words, anything else is scrubbed (SPEC §8).
 */
import type { AuthErrorShape } from "~/platform/auth/port";
import { describeWeakPasswordReasons } from "~/platform/auth/password-policy";
import { scrubErrorText } from "~/shared/sanitize";
import { TEXT } from "~/shared/constants";

export const AUTH_MESSAGES = {
  invalidCredentials: "Incorrect email, phone number or password.",
  banned: "This account is suspended. Contact the team if you think this is a mistake.",
  emailNotConfirmed: "Confirm your email address first: sign up again to get a new code.",
  phoneNotConfirmed: "Confirm your phone number first: sign up again to get a new code.",
  alreadyRegistered: "An account with this email address or phone number already exists. Sign in instead.",
  codeInvalid: "That code is wrong or has expired. Check it, or ask for a new one.",
  noAccount: "No account uses this email address or phone number.",
  samePassword: "Choose a password different from your current one.",
  passwordUpdated: "Your password has been updated.",
  codeSent: "We sent a 6-digit code.",
  codeNotSent: "We could not send the code. Try again in a moment.",
} as const;

export function authErrorMessage(error: AuthErrorShape): string {
  switch (error.code) {
    case "invalid_credentials":
      return AUTH_MESSAGES.invalidCredentials;
    case "user_banned":
      return AUTH_MESSAGES.banned;
    case "email_not_confirmed":
      return AUTH_MESSAGES.emailNotConfirmed;
    case "phone_not_confirmed":
      return AUTH_MESSAGES.phoneNotConfirmed;
    case "user_already_exists":
      return AUTH_MESSAGES.alreadyRegistered;
    case "otp_expired":
      return AUTH_MESSAGES.codeInvalid;
    case "otp_disabled":
      return AUTH_MESSAGES.noAccount;
    case "same_password":
      return AUTH_MESSAGES.samePassword;
    case "sms_send_failed":
    case "email_send_failed":
      return AUTH_MESSAGES.codeNotSent;
    case "weak_password":
      return describeWeakPasswordReasons(error.reasons ?? []).join(" ") || scrubErrorText(error.message);
    case "validation_failed":
      return scrubErrorText(error.message);
    default:
      return error.status >= 500 || error.status === 0 ? TEXT.genericError : scrubErrorText(error.message);
  }
}

/** HTTP status for an action answer carrying a provider refusal. */
export function statusForAuthError(error: AuthErrorShape): number {
  if (error.status >= 400 && error.status < 500) return error.status;
  return 503;
}
