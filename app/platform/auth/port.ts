/**
 * The auth port: what the product needs from an identity provider, in the
 * shape of Supabase Auth (SPEC §3, §7, §8) so both adapters look alike.
 *
 *  - local (local.server.ts): the `auth` schema in our own Postgres.
 *  - supabase (supabase.server.ts): a Supabase project's GoTrue through @supabase/ssr.
 *
 * A client is bound to one request's cookies (a CookieJar). Each adapter keeps
 * its session in HttpOnly cookies whose names start with `sb-`, and writes
 * them back through the jar: the session layer (app/auth/session.server.ts)
 * never handles a token and nothing here ever reaches loader data or HTML.
 *
 * Every method resolves to `{ data, error }` instead of throwing for provider
 * answers (wrong password, weak password...). Only programming errors throw.
 */

/** SPEC §3 User: id, email, metadata with display_name and role (default 'user'). */
export interface AuthUser {
  id: string;
  email: string | null;
  phone: string | null;
  user_metadata: { display_name?: string | null; role?: string; [key: string]: unknown };
  email_confirmed_at?: string | null;
  phone_confirmed_at?: string | null;
  last_sign_in_at?: string | null;
  created_at?: string;
}

/** SPEC §3 Session. `expires_at` is in seconds since the epoch. */
export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  token_type: "bearer";
  user: AuthUser;
}

/** SPEC §8: auth errors carry message, status and code; weak_password carries reasons. */
export interface AuthErrorShape {
  message: string;
  status: number;
  code?: string;
  reasons?: string[];
}

export class AuthError extends Error implements AuthErrorShape {
  readonly status: number;
  readonly code?: string;
  readonly reasons?: string[];
  constructor({ message, status, code, reasons }: AuthErrorShape) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
    this.reasons = reasons;
  }
  /** SPEC §8: 502, 503 and 504 may be retried. */
  get retryable() {
    return RETRYABLE_STATUSES.includes(this.status);
  }
}

export const RETRYABLE_STATUSES = [502, 503, 504];

/** Codes the product reacts to (Supabase's names). */
export const AUTH_ERROR_CODES = {
  invalidCredentials: "invalid_credentials",
  weakPassword: "weak_password",
  sessionNotFound: "session_not_found",
  invalidJwt: "invalid_jwt",
  userBanned: "user_banned",
  userAlreadyExists: "user_already_exists",
  emailNotConfirmed: "email_not_confirmed",
  phoneNotConfirmed: "phone_not_confirmed",
  otpExpired: "otp_expired",
  otpDisabled: "otp_disabled",
  refreshTokenNotFound: "refresh_token_not_found",
  refreshTokenAlreadyUsed: "refresh_token_already_used",
  validationFailed: "validation_failed",
  /** The code could not be sent: GoTrue's name for SMS; e-mail's is ours (GoTrue answers unexpected_failure). */
  smsSendFailed: "sms_send_failed",
  emailSendFailed: "email_send_failed",
  /** A new e-mail address or phone number already belongs to another account (GoTrue's names). */
  emailExists: "email_exists",
  phoneExists: "phone_exists",
  /** Two-factor sign-in (GoTrue's names). */
  mfaVerificationFailed: "mfa_verification_failed",
  mfaChallengeExpired: "mfa_challenge_expired",
  mfaFactorNotFound: "mfa_factor_not_found",
  insufficientAal: "insufficient_aal",
} as const;

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

export const ok = <T>(data: T): AuthResult<T> => ({ data, error: null });
export const fail = <T = never>(error: AuthErrorShape): AuthResult<T> => ({
  data: null,
  error: error instanceof AuthError ? error : new AuthError(error),
});

/** Email or phone: exactly one identifies the person. */
export type Identifier = { email: string; phone?: undefined } | { phone: string; email?: undefined };

/**
 * One-time code kinds (Supabase verifyOtp types): `sms` and `email` sign in
 * (and confirm a new account), `signup` confirms an e-mail sign-up, `recovery`
 * proves ownership of an e-mail for a password reset.
 */
export type OtpType = "sms" | "email" | "signup" | "recovery";

export type SignOutScope = "global" | "local" | "others";

export interface CookieToSet {
  name: string;
  value: string;
  options: CookieOptions;
}

export interface CookieOptions {
  path?: string;
  maxAge?: number;
  expires?: Date;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "lax" | "strict" | "none" | boolean;
  domain?: string;
}

/** The request's cookies as seen so far plus the ones this request sets. */
export interface CookieJar {
  getAll(): { name: string; value: string }[];
  get(name: string): string | undefined;
  set(cookie: CookieToSet): void;
}

/** Authenticator assurance levels (Supabase's names): aal1 by password or code, aal2 with a second factor. */
export type AssuranceLevel = "aal1" | "aal2";

export interface MfaFactor {
  id: string;
  factorType: "totp";
  friendlyName: string | null;
  status: "verified" | "unverified";
  createdAt: string;
}

/** What an authenticator app needs to be set up: the secret, and the otpauth:// URI the QR code carries. */
export interface MfaEnrolment {
  factorId: string;
  secret: string;
  uri: string;
}

/**
 * Two-factor sign-in (SPEC §7 "MFA: POST enrol, DELETE unenrol, POST
 * challenge, POST verify"; ADR 0099): TOTP factors of the signed-in user.
 * Verifying a code raises this session to aal2 (and makes a new factor
 * verified); a code is accepted once. Refusals are AuthErrors with Supabase's
 * codes (mfa_verification_failed, mfa_challenge_expired, insufficient_aal...).
 */
export interface MfaApi {
  /**
   * This session's level, and the level the account can reach: aal2 once it
   * has a verified factor. Read on every request: adapters answer it from
   * what verifying the session already fetched.
   */
  assurance(): Promise<AuthResult<{ current: AssuranceLevel; next: AssuranceLevel }>>;
  listFactors(): Promise<AuthResult<MfaFactor[]>>;
  /** A new unverified TOTP factor (earlier unverified ones are dropped). */
  enroll(friendlyName?: string): Promise<AuthResult<MfaEnrolment>>;
  challenge(factorId: string): Promise<AuthResult<{ challengeId: string }>>;
  /** The code of a challenge: the session is aal2 from now on. */
  verify(request: { factorId: string; challengeId: string; code: string }): Promise<AuthResult<AuthSession>>;
  /** Removes a factor; a verified one only from an aal2 session. */
  unenroll(factorId: string): Promise<AuthResult<null>>;
}

export interface AuthClient {
  /** Two-factor sign-in of the signed-in user. */
  readonly mfa: MfaApi;
  signInWithPassword(credentials: Identifier & { password: string }): Promise<AuthResult<AuthSession>>;
  /** Creates an unconfirmed account and sends a confirmation code (session is null until confirmed). */
  signUp(
    credentials: Partial<{ email: string; phone: string }> & { password: string; data?: { display_name?: string } },
  ): Promise<AuthResult<{ user: AuthUser; session: AuthSession | null }>>;
  /** Sends a one-time sign-in code. */
  signInWithOtp(request: Identifier & { shouldCreateUser: boolean }): Promise<AuthResult<null>>;
  verifyOtp(request: Identifier & { token: string; type: OtpType }): Promise<AuthResult<AuthSession>>;
  /** Sends a recovery code to an e-mail address (answers the same whether or not it is known). */
  resetPasswordForEmail(email: string): Promise<AuthResult<null>>;
  /** Sets a new password for the signed-in user (the caller has checked the current one: see app/auth/password-change.server.ts). */
  updatePassword(password: string): Promise<AuthResult<AuthUser>>;
  /**
   * Whether `password` is the signed-in user's current password. Starts no
   * session that outlives the check; false for a user who has no password.
   */
  verifyPassword(password: string): Promise<AuthResult<boolean>>;
  /** The session in the cookies; refreshed first when it expires within the 90 s margin. */
  getSession(): Promise<AuthResult<AuthSession | null>>;
  /** Rotates the refresh token and issues a new access token. */
  refreshSession(): Promise<AuthResult<AuthSession>>;
  /** The user, verified by the provider (not just read from the cookie). */
  getUser(): Promise<AuthResult<AuthUser>>;
  /** Revokes sessions (global by default) and clears this client's cookies; 401/403/404 are ignored. */
  signOut(scope?: SignOutScope): Promise<AuthResult<null>>;
  /**
   * Starts changing the signed-in user's e-mail address or phone number: sends
   * a code to the NEW address (nothing changes yet). Refused with email_exists
   * or phone_exists when another account has it. (Supabase: updateUser.)
   */
  requestContactChange(target: Identifier): Promise<AuthResult<null>>;
  /**
   * Completes the change with the code sent to the new address; only then is
   * it the account's. Wrong or expired codes: otp_expired. (Supabase: verifyOtp
   * with type email_change or phone_change.)
   */
  confirmContactChange(target: Identifier & { token: string }): Promise<AuthResult<AuthUser>>;
}

/**
 * The admin side of the provider (/admin/users, ADR 0080): acts on any account
 * by id, never through the admin's own session. On Supabase it needs the
 * service-role key; without one `available` is false and every method that
 * needs it answers `admin_unavailable` instead of pretending.
 *
 * `within`: the local adapter's auth schema lives in the app's database, so
 * its methods run inside the caller's transaction when given one (the change,
 * its audit entry and the provider's state commit together). The Supabase
 * adapter talks HTTP and ignores it: call it outside a transaction.
 */
export interface AuthAdmin {
  readonly available: boolean;
  /** True when the methods take part in the caller's transaction (`within`). */
  readonly transactional: boolean;
  /** Refuses sign-in and token refresh until `until` (null: until lifted). */
  banUser(userId: string, until: Date | null, within?: AdminExecutor): Promise<AuthResult<null>>;
  unbanUser(userId: string, within?: AdminExecutor): Promise<AuthResult<null>>;
  /**
   * Ends every session the provider can end for this user, at once. Local:
   * deletes all sessions and refresh tokens. Supabase: GoTrue has no admin
   * endpoint that revokes another user's sessions; the ban refuses their
   * refresh tokens and the session layer refuses their still-valid access
   * tokens (app/auth/session.server.ts), so this resolves without a call.
   */
  signOutEverywhere(userId: string, within?: AdminExecutor): Promise<AuthResult<null>>;
  /**
   * Sends the account's own recovery message: the e-mail recovery code (or
   * link, on Supabase) to an e-mail address, the sign-in code by SMS to a
   * phone number (the /auth recovery flow's phone path). Nothing comes back.
   */
  sendRecovery(target: Identifier): Promise<AuthResult<null>>;
  /**
   * Removes every second factor of an account (a recovery code was used for the
   * lost authenticator, or an admin reset it); its sessions keep their level.
   */
  deleteFactors(userId: string, within?: AdminExecutor): Promise<AuthResult<null>>;
  /** Deletes the account; the app's rows referencing it follow their foreign keys. */
  deleteUser(userId: string, within?: AdminExecutor): Promise<AuthResult<null>>;
}

/** A Kysely executor (a database or a transaction) the local adapter runs on. */
export type AdminExecutor = import("kysely").Kysely<import("~/platform/db/schema").DB>;

export const ADMIN_UNAVAILABLE = "admin_unavailable";

export interface AuthPort {
  readonly kind: "local" | "supabase";
  client(jar: CookieJar): AuthClient;
  /** Admin actions on other accounts (ADR 0080). */
  admin(): AuthAdmin;
}

/** Cookies an auth sign-out clears (SPEC §4: keys starting sb- or supabase.auth). */
export function isAuthCookieName(name: string): boolean {
  return name.startsWith("sb-") || name.startsWith("supabase.auth");
}
