/**
 * The Supabase auth adapter: a Supabase project's Auth (GoTrue) through
 * @supabase/ssr's createServerClient, one client per request, its session in
 * the `sb-<project>-auth-token` cookies. Chosen when SUPABASE_URL and
 * SUPABASE_ANON_KEY are set.
 *
 * The client reads cookies through the request's jar (getAll) and writes them
 * back through it (setAll), so every response carries the cookies it sets.
 * Cookies are HttpOnly here (the browser never needs the tokens: all auth runs
 * on the server), SameSite=Lax and Secure in production.
 */
import { createRequire } from "node:module";
import { createServerClient } from "@supabase/ssr";
import {
  createClient,
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type AuthError as SupabaseAuthError,
  type Session,
  type User,
  type UserResponse,
} from "@supabase/supabase-js";
import { DEFAULT_USER_ROLE, TEXT } from "~/shared/constants";
import { normalizeEmail, normalizePhone } from "~/platform/auth/identifiers";
import {
  ADMIN_UNAVAILABLE,
  AUTH_ERROR_CODES,
  AuthError,
  fail,
  ok,
  type AuthAdmin,
  type AuthClient,
  type AuthPort,
  type AuthResult,
  type AuthSession,
  type AuthUser,
  type CookieJar,
  type MfaApi,
  type MfaFactor,
} from "./port";
import { authCookieOptions } from "./cookies.server";
import { createRetryingFetch, type RetryOptions } from "./retry-fetch.server";

// supabase-js declares Node >= 22 for its realtime client; on Node 20 it needs
// a WebSocket implementation or createServerClient throws. `ws` has no types.
const requireFromHere = createRequire(import.meta.url);
const WebSocketTransport = requireFromHere("ws") as never;

export interface SupabaseAuthOptions {
  url: string;
  anonKey: string;
  /** SUPABASE_SERVICE_ROLE_KEY: GoTrue's admin API (bans, deletions). Server-side only, never sent to a browser. */
  serviceRoleKey?: string;
  retry?: RetryOptions;
}

/** GoTrue's ban_duration for "until lifted" (100 years; "none" lifts a ban). */
export const BAN_FOREVER = "876000h";

/** GoTrue's ban_duration (a Go duration) for a ban ending at `until`, rounded up to the second. */
export function banDurationUntil(until: Date | null, now = new Date()): string {
  if (!until) return BAN_FOREVER;
  return `${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))}s`;
}

export const ADMIN_UNAVAILABLE_MESSAGE =
  "This needs the Supabase service-role key: set SUPABASE_SERVICE_ROLE_KEY on the server to manage accounts.";

/** The `aal` claim of an access token GoTrue has verified (read, not verified again, here). */
function aalOf(accessToken: string): "aal1" | "aal2" {
  try {
    const claims = JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString("utf8")) as { aal?: unknown };
    return claims.aal === "aal2" ? "aal2" : "aal1";
  } catch {
    return "aal1";
  }
}

export function toAuthUser(user: User): AuthUser {
  const metadata = (user.user_metadata ?? {}) as AuthUser["user_metadata"];
  return {
    id: user.id,
    email: user.email ?? null,
    phone: user.phone ? normalizePhone(user.phone) : null,
    user_metadata: { ...metadata, role: typeof metadata.role === "string" ? metadata.role : DEFAULT_USER_ROLE },
    email_confirmed_at: user.email_confirmed_at ?? null,
    phone_confirmed_at: user.phone_confirmed_at ?? null,
    last_sign_in_at: user.last_sign_in_at ?? null,
    created_at: user.created_at,
  };
}

function toAuthSession(session: Session): AuthSession {
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
    expires_in: session.expires_in,
    token_type: "bearer",
    user: toAuthUser(session.user),
  };
}

export function toAuthError(error: SupabaseAuthError | Error): AuthError {
  if (isAuthSessionMissingError(error)) {
    return new AuthError({ message: TEXT.authSessionMissing, status: 400, code: AUTH_ERROR_CODES.sessionNotFound });
  }
  if (isAuthWeakPasswordError(error)) {
    return new AuthError({ message: error.message, status: error.status ?? 422, code: AUTH_ERROR_CODES.weakPassword, reasons: [...error.reasons] });
  }
  if (isAuthApiError(error)) return new AuthError({ message: error.message, status: error.status, code: error.code });
  const status = "status" in error && typeof error.status === "number" ? error.status : 500;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  return new AuthError({ message: error.message, status, code });
}

// supabase-js answers are unions ({ data, error: null } | { data: nulls, error }): read data only without an error.
function result<T, O extends { data: unknown; error: SupabaseAuthError | null }>(
  outcome: O,
  pick: (data: O["data"]) => T | null | undefined,
): AuthResult<T> {
  if (outcome.error) return fail(toAuthError(outcome.error));
  const value = pick(outcome.data);
  if (value === null || value === undefined) {
    return fail({ message: TEXT.authSessionOrUserMissing, status: 500 });
  }
  return ok(value);
}

export function createSupabaseAuth(options: SupabaseAuthOptions): AuthPort {
  const retryingFetch = createRetryingFetch(options.retry);
  const unavailable = () => fail<null>({ message: ADMIN_UNAVAILABLE_MESSAGE, status: 503, code: ADMIN_UNAVAILABLE });
  let serviceClient: ReturnType<typeof createClient> | undefined;
  /** GoTrue's admin API through supabase-js (auth.admin.*), with the service-role key; no session kept. */
  const adminAuth = () =>
    (serviceClient ??= createClient(options.url, options.serviceRoleKey!, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: retryingFetch },
      realtime: { transport: WebSocketTransport },
    })).auth.admin;
  const detachedAuth = () =>
    createServerClient(options.url, options.anonKey, {
      cookies: { getAll: () => [], setAll: () => {} },
      global: { fetch: retryingFetch },
      realtime: { transport: WebSocketTransport },
      auth: { debug: false },
    }).auth;
  const done = (outcome: { error: SupabaseAuthError | null }) => (outcome.error ? fail<null>(toAuthError(outcome.error)) : ok(null));

  const admin: AuthAdmin = {
    available: Boolean(options.serviceRoleKey),
    transactional: false,
    async banUser(userId, until) {
      if (!options.serviceRoleKey) return unavailable();
      return done(await adminAuth().updateUserById(userId, { ban_duration: banDurationUntil(until) }));
    },
    async unbanUser(userId) {
      if (!options.serviceRoleKey) return unavailable();
      return done(await adminAuth().updateUserById(userId, { ban_duration: "none" }));
    },
    async signOutEverywhere() {
      // No GoTrue endpoint revokes another user's sessions by id (auth.admin.signOut needs
      // their JWT). The ban refuses their refresh tokens and sign-ins; the session layer
      // refuses their access tokens while they last (ADR 0080).
      if (!options.serviceRoleKey) return unavailable();
      return ok(null);
    },
    async sendRecovery(target) {
      const auth = detachedAuth();
      if (target.email) return done(await auth.resetPasswordForEmail(normalizeEmail(target.email)));
      return done(await auth.signInWithOtp({ phone: normalizePhone(target.phone!), options: { shouldCreateUser: false } }));
    },
    async deleteFactors(userId) {
      if (!options.serviceRoleKey) return unavailable();
      const listed = await adminAuth().mfa.listFactors({ userId });
      if (listed.error) return fail(toAuthError(listed.error));
      for (const factor of listed.data.factors) {
        const deleted = await adminAuth().mfa.deleteFactor({ id: factor.id, userId });
        if (deleted.error) return fail(toAuthError(deleted.error));
      }
      return ok(null);
    },
    async deleteUser(userId) {
      if (!options.serviceRoleKey) return unavailable();
      return done(await adminAuth().deleteUser(userId));
    },
  };

  return {
    kind: "supabase",
    admin: () => admin,
    client(jar: CookieJar): AuthClient {
      // GoTrue's own answer about the user, once per client (one request) until the session
      // changes (any change writes cookies): the guard asks for the user and then the assurance
      // level, and the level's factors must come from GoTrue too, as the session cookie's copy of
      // the user is the browser's to edit.
      let verifiedUser: Promise<UserResponse> | undefined;
      const forgetUser = () => void (verifiedUser = undefined);
      const supabase = createServerClient(options.url, options.anonKey, {
        cookies: {
          getAll: () => jar.getAll(),
          setAll: (cookies) => {
            forgetUser();
            for (const { name, value, options: cookieOptions } of cookies) {
              const maxAge = cookieOptions.maxAge;
              jar.set({ name, value, options: { ...authCookieOptions(maxAge), expires: cookieOptions.expires } });
            }
          },
        },
        cookieOptions: authCookieOptions(),
        global: { fetch: retryingFetch },
        realtime: { transport: WebSocketTransport },
        auth: { debug: false },
      });
      const auth = supabase.auth;
      /** A client whose cookies go nowhere, for provider calls that would otherwise replace this request's session. */
      const scratchAuth = () =>
        createServerClient(options.url, options.anonKey, {
          cookies: { getAll: () => [], setAll: () => {} },
          global: { fetch: retryingFetch },
          realtime: { transport: WebSocketTransport },
          auth: { debug: false },
        }).auth;
      // getSession's user is read from the cookie; the session layer never trusts it without
      // getUser() (which asks GoTrue), so supabase-js's warning about it would only be noise.
      (auth as unknown as { suppressGetSessionWarning: boolean }).suppressGetSessionWarning = true;

      const getVerifiedUser = () => (verifiedUser ??= auth.getUser());

      const mfa: MfaApi = {
        async assurance() {
          const current = await getVerifiedUser();
          if (current.error) return fail(toAuthError(current.error));
          const session = await auth.getSession();
          const token = session.data.session?.access_token;
          // The token getUser just had GoTrue verify: its `aal` claim is GoTrue's word.
          const aal = token ? aalOf(token) : "aal1";
          const hasFactor = (current.data.user.factors ?? []).some((factor) => factor.status === "verified");
          return ok({ current: aal, next: hasFactor ? "aal2" : "aal1" });
        },
        async listFactors() {
          const current = await getVerifiedUser();
          if (current.error) return fail(toAuthError(current.error));
          return ok(
            (current.data.user.factors ?? [])
              .filter((factor) => factor.factor_type === "totp")
              .map((factor): MfaFactor => ({
                id: factor.id,
                factorType: "totp",
                friendlyName: factor.friendly_name ?? null,
                status: factor.status === "verified" ? "verified" : "unverified",
                createdAt: factor.created_at,
              })),
          );
        },
        async enroll(friendlyName) {
          // GoTrue keeps at most one unverified factor per name: drop earlier unfinished set-ups first.
          const current = await getVerifiedUser();
          if (current.error) return fail(toAuthError(current.error));
          for (const factor of current.data.user.factors ?? []) {
            if (factor.status !== "verified") await auth.mfa.unenroll({ factorId: factor.id });
          }
          forgetUser();
          const outcome = await auth.mfa.enroll({ factorType: "totp", friendlyName: friendlyName ?? `Authenticator ${Date.now().toString(36)}` });
          if (outcome.error) return fail(toAuthError(outcome.error));
          return ok({ factorId: outcome.data.id, secret: outcome.data.totp.secret, uri: outcome.data.totp.uri });
        },
        async challenge(factorId) {
          const outcome = await auth.mfa.challenge({ factorId });
          if (outcome.error) return fail(toAuthError(outcome.error));
          return ok({ challengeId: outcome.data.id });
        },
        async verify({ factorId, challengeId, code }) {
          // supabase-js stores the raised session through the cookie adapter (setAll).
          const outcome = await auth.mfa.verify({ factorId, challengeId, code: code.replace(/\s+/g, "") });
          forgetUser();
          if (outcome.error) return fail(toAuthError(outcome.error));
          const { access_token, refresh_token, expires_in, user } = outcome.data;
          return ok(toAuthSession({ access_token, refresh_token, expires_in, token_type: "bearer", user, expires_at: Math.floor(Date.now() / 1000) + expires_in } as Session));
        },
        async unenroll(factorId) {
          const outcome = await auth.mfa.unenroll({ factorId });
          forgetUser();
          return outcome.error ? fail(toAuthError(outcome.error)) : ok(null);
        },
      };

      return {
        mfa,
        async signInWithPassword({ password, ...who }) {
          const outcome = who.email
            ? await auth.signInWithPassword({ email: normalizeEmail(who.email), password })
            : await auth.signInWithPassword({ phone: normalizePhone(who.phone!), password });
          return result(outcome, (data) => (data.session ? toAuthSession(data.session) : null));
        },

        async signUp({ email, phone, password, data }) {
          if ((!email && !phone) || !password) {
            return fail({ message: TEXT.signUpMissing, status: 400, code: AUTH_ERROR_CODES.validationFailed });
          }
          const metadata = { display_name: data?.display_name ?? null, role: DEFAULT_USER_ROLE };
          const outcome = email
            ? await auth.signUp({ email: normalizeEmail(email), password, options: { data: metadata } })
            : await auth.signUp({ phone: normalizePhone(phone!), password, options: { data: metadata } });
          return result(outcome, (d) =>
            d.user ? { user: toAuthUser(d.user), session: d.session ? toAuthSession(d.session) : null } : null,
          );
        },

        async signInWithOtp({ shouldCreateUser, ...who }) {
          const outcome = who.email
            ? await auth.signInWithOtp({ email: normalizeEmail(who.email), options: { shouldCreateUser } })
            : await auth.signInWithOtp({ phone: normalizePhone(who.phone!), options: { shouldCreateUser } });
          return outcome.error ? fail(toAuthError(outcome.error)) : ok(null);
        },

        async verifyOtp({ token, type, ...who }) {
          const outcome = who.email
            ? await auth.verifyOtp({ email: normalizeEmail(who.email), token: token.trim(), type: type === "sms" ? "email" : type })
            : await auth.verifyOtp({ phone: normalizePhone(who.phone!), token: token.trim(), type: "sms" });
          return result(outcome, (data) => (data.session ? toAuthSession(data.session) : null));
        },

        async resetPasswordForEmail(email) {
          const outcome = await auth.resetPasswordForEmail(normalizeEmail(email));
          return outcome.error ? fail(toAuthError(outcome.error)) : ok(null);
        },

        async updatePassword(password) {
          const outcome = await auth.updateUser({ password });
          return result(outcome, (data) => (data.user ? toAuthUser(data.user) : null));
        },

        async verifyPassword(password) {
          const current = await auth.getUser();
          if (current.error) return fail(toAuthError(current.error));
          const { email, phone } = current.data.user;
          if (!email && !phone) return ok(false);
          // GoTrue checks passwords only by signing in: do it on a throwaway client
          // whose cookies go nowhere, then revoke that one session at once.
          const scratch = scratchAuth();
          const attempt = email ? await scratch.signInWithPassword({ email, password }) : await scratch.signInWithPassword({ phone: phone!, password });
          if (attempt.error) {
            return attempt.error.code === AUTH_ERROR_CODES.invalidCredentials || attempt.error.status === 400 ? ok(false) : fail(toAuthError(attempt.error));
          }
          await scratch.signOut({ scope: "local" });
          return ok(true);
        },

        async getSession() {
          const outcome = await auth.getSession();
          if (outcome.error) return fail(toAuthError(outcome.error));
          return ok(outcome.data.session ? toAuthSession(outcome.data.session) : null);
        },

        async refreshSession() {
          const outcome = await auth.refreshSession();
          return result(outcome, (data) => (data.session ? toAuthSession(data.session) : null));
        },

        async getUser() {
          const outcome = await getVerifiedUser();
          return result(outcome, (data) => (data.user ? toAuthUser(data.user) : null));
        },

        async requestContactChange(target) {
          // GoTrue sends its own code to the new address (and, with "Secure email change"
          // on, a second one to the old address: docs/decisions/0061-contact-change.md).
          const outcome = target.email
            ? await auth.updateUser({ email: normalizeEmail(target.email) })
            : await auth.updateUser({ phone: normalizePhone(target.phone!) });
          return outcome.error ? fail(toAuthError(outcome.error)) : ok(null);
        },

        async confirmContactChange({ token, ...target }) {
          const current = await auth.getUser();
          if (current.error) return fail(toAuthError(current.error));
          // GoTrue's verify opens a new session: take it on a throwaway client and end it, so the
          // member's own session (and its timeout clock) goes on unchanged.
          const scratch = scratchAuth();
          const outcome = target.email
            ? await scratch.verifyOtp({ email: normalizeEmail(target.email), token: token.trim(), type: "email_change" })
            : await scratch.verifyOtp({ phone: normalizePhone(target.phone!), token: token.trim(), type: "phone_change" });
          if (outcome.error) return fail(toAuthError(outcome.error));
          if (outcome.data.session) await scratch.signOut({ scope: "local" });
          const user = outcome.data.user;
          // A code for another account's change never changes this one.
          if (!user || user.id !== current.data.user.id) {
            return fail({ message: "Token has expired or is invalid", status: 403, code: AUTH_ERROR_CODES.otpExpired });
          }
          return ok(toAuthUser(user));
        },

        async signOut(scope = "global") {
          // supabase-js already ignores 401, 403 and 404 and a missing session (SPEC §8).
          const outcome = await auth.signOut({ scope });
          return outcome.error ? fail(toAuthError(outcome.error)) : ok(null);
        },
      };
    },
  };
}
