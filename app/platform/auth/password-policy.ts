/**
 * Password strength, as Supabase Auth reports it: a weak_password error with
 * a list of reasons (`length`, `characters`). The embedded adapter enforces it;
 * a Supabase project enforces its own settings and answers in the same shape.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72; // bcrypt's limit on Supabase; kept the same here.

export type WeakPasswordReason = "length" | "characters" | "pwned";

export function weakPasswordReasons(password: string): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push("length");
  if (!/[a-zA-Z]/.test(password) || !/[0-9]/.test(password)) reasons.push("characters");
  return reasons;
}

/** The provider-style message for a weak password (one line, like GoTrue's). */
export function weakPasswordMessage(reasons: readonly string[]): string {
  if (reasons.includes("length")) return `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`;
  return "Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, 0123456789";
}

/** What each reason means to the person choosing a password. */
export const WEAK_PASSWORD_REASON_TEXT: Record<string, string> = {
  length: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  characters: "Use at least one letter and one number.",
  pwned: "This password appears in a known data breach: choose another.",
};

export function describeWeakPasswordReasons(reasons: readonly string[]): string[] {
  return reasons.map((reason) => WEAK_PASSWORD_REASON_TEXT[reason] ?? `Password rejected (${reason}).`);
}
