/**
 * The embedded auth adapter: Supabase Auth's behaviour on the `auth` schema of
 * our own Postgres (db/local-auth). Used whenever SUPABASE_URL/ANON_KEY are unset.
 *
 * The browser holds one signed, HttpOnly cookie (`sb-local-auth-token`) with
 * the access token (a JWT naming the session) and the refresh token. Every
 * check that matters is made against the database: a signed-out session's
 * still-unexpired access token is refused because its session row is gone.
 */
import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { Database } from "~/platform/db/connect.server";
import type { DB } from "~/platform/db/schema";
import { hashPassword, verifyPassword } from "./passwords.server";
import { normalizeEmail, normalizePhone } from "~/platform/auth/identifiers";
import { DEFAULT_USER_ROLE, EXPIRY_MARGIN_S, TEXT } from "~/shared/constants";
import {
  AUTH_ERROR_CODES as CODES,
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
  type Identifier,
  type OtpType,
  type SignOutScope,
  type AssuranceLevel,
  type MfaApi,
  type MfaFactor,
} from "./port";
import { authCookieOptions, signValue, unsignValue } from "./cookies.server";
import { PASSWORD_MAX_LENGTH, weakPasswordMessage, weakPasswordReasons } from "./password-policy";
import {
  generateCode,
  hashCode,
  readAccessToken,
  refreshTokenForRow,
  sameHash,
  sha256,
  signAccessToken,
} from "./tokens.server";
import type { MessagePort, OutgoingMessage } from "~/platform/messages/port";
import { decryptSecret, encryptSecret, newTotpSecret, totpUri, verifyTotp } from "./totp.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { isUuid } from "~/shared/ids";

export const LOCAL_SESSION_COOKIE = "sb-local-auth-token";
/** GoTrue's defaults: one-hour access tokens, a 10 s grace for a just-rotated refresh token. */
export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_REUSE_INTERVAL_MS = 10_000;
export const ONE_TIME_CODE_TTL_MS = 10 * 60_000;
const SESSION_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
/** A two-factor challenge must be answered within 5 minutes (GoTrue's default). */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
/** A ban "until lifted": 100 years, as Supabase projects commonly write it (ban_duration 876000h). */
export const FOREVER_MS = 876_000 * 3_600_000;

export interface LocalAuthOptions {
  db: Database;
  secret: string;
  now?: () => Date;
  accessTokenTtlSeconds?: number;
  reuseIntervalMs?: number;
  codeTtlMs?: number;
  /** Where codes go: the runtime's port (a real transport, or DATA_DIR/messages on the embedded default). */
  messages: MessagePort;
  /** PUBLIC_ORIGIN, for the link in recovery messages (ADR 0066: never a request's Host); without it, the path alone. */
  publicOrigin?: string | null;
}

type CodePurpose = "confirmation" | "login" | "recovery" | "email_change" | "phone_change";

/** What a transaction decided, and the code it issued, to send once it has committed. */
interface Issued<T> {
  result: AuthResult<T>;
  message?: OutgoingMessage;
}

interface VerifiedSession {
  session: AuthSession;
  sessionId: string;
  user: UserRow;
  aal: AssuranceLevel;
  hasFactor: boolean;
}

interface CookiePayload {
  access_token: string;
  refresh_token: string;
  expires_at: number;
}

type UserRow = {
  id: string;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  raw_user_meta_data: Record<string, unknown>;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
};

const error = {
  invalidCredentials: () => new AuthError({ message: "Invalid login credentials", status: 400, code: CODES.invalidCredentials }),
  banned: () => new AuthError({ message: "User is banned", status: 400, code: CODES.userBanned }),
  userNotFound: () => new AuthError({ message: "User not found", status: 404, code: "user_not_found" }),
  sessionMissing: () => new AuthError({ message: TEXT.authSessionMissing, status: 400, code: CODES.sessionNotFound }),
  otpInvalid: () => new AuthError({ message: "Token has expired or is invalid", status: 403, code: CODES.otpExpired }),
  // Two-factor sign-in: GoTrue's messages and codes.
  mfaInvalidCode: () => new AuthError({ message: "Invalid TOTP code entered", status: 422, code: CODES.mfaVerificationFailed }),
  mfaChallengeExpired: () => new AuthError({ message: "Challenge has expired or was already used: create a new challenge", status: 422, code: CODES.mfaChallengeExpired }),
  mfaFactorNotFound: () => new AuthError({ message: "Factor not found", status: 404, code: CODES.mfaFactorNotFound }),
  insufficientAal: () => new AuthError({ message: "AAL2 required", status: 401, code: CODES.insufficientAal }),
  contactTaken: (channel: OutgoingMessage["channel"]) =>
    channel === "email"
      ? new AuthError({ message: "A user with this email address has already been registered", status: 422, code: CODES.emailExists })
      : new AuthError({ message: "A user with this phone number has already been registered", status: 422, code: CODES.phoneExists }),
  codeNotSent: (channel: OutgoingMessage["channel"]) =>
    new AuthError({
      message: "We could not send the code. Try again in a moment.",
      status: 503,
      code: channel === "phone" ? CODES.smsSendFailed : CODES.emailSendFailed,
    }),
};

export function createLocalAuth(options: LocalAuthOptions): AuthPort {
  const { db, secret } = options;
  const now = options.now ?? (() => new Date());
  const ttl = options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_S;
  const reuseIntervalMs = options.reuseIntervalMs ?? REFRESH_REUSE_INTERVAL_MS;
  const codeTtlMs = options.codeTtlMs ?? ONE_TIME_CODE_TTL_MS;
  const { messages } = options;

  // A hash to verify against when no user matches, so a wrong e-mail takes as
  // long as a wrong password and response times don't reveal who has an account.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(crypto.randomBytes(16).toString("hex")));

  function toUser(row: UserRow): AuthUser {
    const meta = row.raw_user_meta_data ?? {};
    return {
      id: row.id,
      email: row.email,
      phone: row.phone,
      user_metadata: { ...meta, role: typeof meta.role === "string" ? meta.role : DEFAULT_USER_ROLE },
      email_confirmed_at: row.email_confirmed_at?.toISOString() ?? null,
      phone_confirmed_at: row.phone_confirmed_at?.toISOString() ?? null,
      last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
      created_at: row.created_at.toISOString(),
    };
  }

  const isBanned = (row: UserRow) => Boolean(row.banned_until && row.banned_until.getTime() > now().getTime());

  async function findUser(executor: Database | Transaction<DB>, who: Partial<Identifier>): Promise<UserRow | undefined> {
    let query = executor.selectFrom("auth.users").selectAll();
    if (who.email) query = query.where(sql<string>`lower(email)`, "=", normalizeEmail(who.email));
    else if (who.phone) query = query.where("phone", "=", normalizePhone(who.phone));
    else return undefined;
    return (await query.executeTakeFirst()) as UserRow | undefined;
  }

  async function userById(executor: Database | Transaction<DB>, id: string) {
    return (await executor.selectFrom("auth.users").selectAll().where("id", "=", id).executeTakeFirst()) as UserRow | undefined;
  }

  async function newRefreshToken(tx: Transaction<DB>, sessionId: string, userId: string, parentId: string | null) {
    const id = crypto.randomUUID();
    const token = refreshTokenForRow(secret, id);
    const at = now();
    await tx
      .insertInto("auth.refresh_tokens")
      .values({ id, token_hash: sha256(token), session_id: sessionId, user_id: userId, parent_id: parentId, created_at: at, updated_at: at })
      .execute();
    return token;
  }

  async function buildSession(user: AuthUser, sessionId: string, refreshToken: string, aal: AssuranceLevel = "aal1"): Promise<AuthSession> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return {
      access_token: await signAccessToken(secret, user, sessionId, issuedAt, ttl, aal),
      refresh_token: refreshToken,
      expires_at: issuedAt + ttl,
      expires_in: ttl,
      token_type: "bearer",
      user,
    };
  }

  /** A new session for a verified user (sign-in, code verified). */
  async function startSession(tx: Transaction<DB>, row: UserRow): Promise<AuthSession> {
    const sessionId = crypto.randomUUID();
    const at = now();
    await tx.insertInto("auth.sessions").values({ id: sessionId, user_id: row.id, created_at: at, updated_at: at }).execute();
    const refreshToken = await newRefreshToken(tx, sessionId, row.id, null);
    await tx.updateTable("auth.users").set({ last_sign_in_at: at, updated_at: at }).where("id", "=", row.id).execute();
    return buildSession(toUser({ ...row, last_sign_in_at: at }), sessionId, refreshToken);
  }

  /** Rotates a refresh token (GoTrue semantics, including reuse detection). */
  async function rotate(refreshToken: string): Promise<AuthResult<AuthSession>> {
    const outcome = await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom("auth.refresh_tokens")
        .selectAll()
        .where("token_hash", "=", sha256(refreshToken))
        .forUpdate()
        .executeTakeFirst();
      if (!row) {
        return fail<AuthSession>({ message: "Invalid Refresh Token: Refresh Token Not Found", status: 400, code: CODES.refreshTokenNotFound });
      }
      const user = await userById(tx, row.user_id);
      if (!user) return fail<AuthSession>(error.sessionMissing());
      if (isBanned(user)) return fail<AuthSession>(error.banned());

      let childToken: string;
      if (row.revoked) {
        const active = await tx
          .selectFrom("auth.refresh_tokens")
          .select(["id"])
          .where("session_id", "=", row.session_id)
          .where("revoked", "=", false)
          .where("parent_id", "=", row.id)
          .executeTakeFirst();
        const withinGrace = now().getTime() - row.updated_at.getTime() <= reuseIntervalMs;
        if (!active || !withinGrace) {
          // A rotated token came back: someone else holds this session. End it.
          await tx.deleteFrom("auth.sessions").where("id", "=", row.session_id).execute();
          return fail<AuthSession>({ message: "Invalid Refresh Token: Already Used", status: 400, code: CODES.refreshTokenAlreadyUsed });
        }
        // Two requests raced with the same token: both get the same child.
        childToken = refreshTokenForRow(secret, active.id);
      } else {
        const at = now();
        await tx.updateTable("auth.refresh_tokens").set({ revoked: true, updated_at: at }).where("id", "=", row.id).execute();
        childToken = await newRefreshToken(tx, row.session_id, row.user_id, row.id);
        await tx.updateTable("auth.sessions").set({ refreshed_at: at, updated_at: at }).where("id", "=", row.session_id).execute();
      }
      const level = await tx.selectFrom("auth.sessions").select("aal").where("id", "=", row.session_id).executeTakeFirst();
      return ok(await buildSession(toUser(user), row.session_id, childToken, level?.aal ?? "aal1"));
    });
    return outcome;
  }

  function checkNewPassword(password: string): AuthError | null {
    if (password.length > PASSWORD_MAX_LENGTH) {
      return new AuthError({ message: `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`, status: 422, code: CODES.validationFailed });
    }
    const reasons = weakPasswordReasons(password);
    if (reasons.length === 0) return null;
    return new AuthError({ message: weakPasswordMessage(reasons), status: 422, code: CODES.weakPassword, reasons });
  }

  /** Stores a new code in the transaction and returns the message carrying it, for sendIssued once committed. */
  async function issueCode(
    tx: Transaction<DB>,
    user: UserRow,
    channel: "email" | "phone",
    purpose: CodePurpose,
    /** Where the code goes when it is not the account's own address (a contact change: the new one). */
    to?: string,
  ): Promise<OutgoingMessage> {
    const recipient = to ?? (channel === "email" ? normalizeEmail(user.email!) : normalizePhone(user.phone!));
    const code = generateCode();
    // One live code per recipient and purpose: a new request replaces the old one.
    await tx.deleteFrom("auth.one_time_codes").where("recipient", "=", recipient).where("purpose", "=", purpose).execute();
    await tx
      .insertInto("auth.one_time_codes")
      .values({
        user_id: user.id,
        channel,
        recipient,
        purpose,
        code_hash: hashCode(secret, recipient, code),
        expires_at: new Date(now().getTime() + codeTtlMs),
        created_at: now(),
      })
      .execute();
    return composeMessage(channel, recipient, purpose, code, codeTtlMs, options.publicOrigin ?? null);
  }

  /**
   * Sends the code a transaction issued, after it committed: an SMTP round
   * trip must not hold a database transaction open, and a code whose
   * transaction rolled back must never be sent. A code nobody received is
   * useless, so a failed send fails the request (and is logged).
   */
  async function sendIssued<T>({ result, message }: Issued<T>): Promise<AuthResult<T>> {
    if (!message || result.error) return result;
    try {
      await messages.send(message);
      return result;
    } catch (cause) {
      console.error(`[auth] could not send "${message.subject}" by ${message.channel} to ${message.recipient}: ${(cause as Error)?.message ?? String(cause)}`);
      return fail<T>(error.codeNotSent(message.channel));
    }
  }

  /** A client whose cookies go nowhere: admin actions never touch the admin's own session. */
  const detachedClient = () => port.client({ getAll: () => [], get: () => undefined, set: () => {} });

  const admin: AuthAdmin = {
    available: true,
    transactional: true,
    async banUser(userId, until, within = db) {
      // "Until lifted" is stored as a far date: auth.users has no other way to say it (GoTrue neither).
      const bannedUntil = until ?? new Date(now().getTime() + FOREVER_MS);
      const updated = await within.updateTable("auth.users").set({ banned_until: bannedUntil, updated_at: now() }).where("id", "=", userId).returning("id").executeTakeFirst();
      return updated ? ok(null) : fail(error.userNotFound());
    },
    async unbanUser(userId, within = db) {
      const updated = await within.updateTable("auth.users").set({ banned_until: null, updated_at: now() }).where("id", "=", userId).returning("id").executeTakeFirst();
      return updated ? ok(null) : fail(error.userNotFound());
    },
    async signOutEverywhere(userId, within = db) {
      // Refresh tokens go with their sessions (on delete cascade); deleted explicitly all the same.
      await within.deleteFrom("auth.refresh_tokens").where("user_id", "=", userId).execute();
      await within.deleteFrom("auth.sessions").where("user_id", "=", userId).execute();
      return ok(null);
    },
    async sendRecovery(target) {
      const client = detachedClient();
      if (target.email) return client.resetPasswordForEmail(target.email);
      const sent = await client.signInWithOtp({ phone: target.phone!, shouldCreateUser: false });
      return sent.error?.code === CODES.otpDisabled ? fail(error.userNotFound()) : sent;
    },
    async deleteFactors(userId, within = db) {
      await within.deleteFrom("auth.mfa_factors").where("user_id", "=", userId).execute();
      return ok(null);
    },
    async deleteUser(userId, within = db) {
      const deleted = await within.deleteFrom("auth.users").where("id", "=", userId).returning("id").executeTakeFirst();
      return deleted ? ok(null) : fail(error.userNotFound());
    },
  };

  const port: AuthPort = {
    kind: "local",
    admin: () => admin,
    client(jar: CookieJar): AuthClient {
      const readCookie = () => unsignValue<CookiePayload>(jar.get(LOCAL_SESSION_COOKIE), secret);
      // What `verified()` found, kept for this client (one request): the guard asks for the user
      // and the assurance level, and both come from one look at the session row.
      let verifiedOnce: Promise<AuthResult<VerifiedSession>> | undefined;
      const saveSession = (session: AuthSession) => {
        verifiedOnce = undefined;
        jar.set({
          name: LOCAL_SESSION_COOKIE,
          value: signValue(
            { access_token: session.access_token, refresh_token: session.refresh_token, expires_at: session.expires_at } satisfies CookiePayload,
            secret,
          ),
          options: authCookieOptions(SESSION_COOKIE_MAX_AGE_S),
        });
      };
      const clearSession = () => {
        verifiedOnce = undefined;
        if (jar.get(LOCAL_SESSION_COOKIE) !== undefined) jar.set({ name: LOCAL_SESSION_COOKIE, value: "", options: authCookieOptions(0) });
      };

      async function refreshWith(refreshToken: string): Promise<AuthResult<AuthSession>> {
        const result = await rotate(refreshToken);
        if (result.error) clearSession();
        else saveSession(result.data);
        return result;
      }

      async function currentSession(): Promise<AuthResult<AuthSession | null>> {
        const stored = readCookie();
        if (!stored) {
          clearSession();
          return ok(null);
        }
        const expiresInMs = stored.expires_at * 1000 - now().getTime();
        if (expiresInMs < EXPIRY_MARGIN_S * 1000) {
          const refreshed = await refreshWith(stored.refresh_token);
          return refreshed.error ? fail(refreshed.error) : ok(refreshed.data);
        }
        const claims = await readAccessToken(secret, stored.access_token);
        if (!claims) {
          clearSession();
          return ok(null);
        }
        return ok({
          access_token: stored.access_token,
          refresh_token: stored.refresh_token,
          expires_at: stored.expires_at,
          expires_in: Math.max(0, Math.floor(expiresInMs / 1000)),
          token_type: "bearer",
          user: { id: claims.sub, email: claims.email, phone: claims.phone, user_metadata: claims.user_metadata },
        });
      }

      /** The verified session and its user row, or why there is none (once per client, until the session changes). */
      function verified(): Promise<AuthResult<VerifiedSession>> {
        return (verifiedOnce ??= verifySession());
      }

      async function verifySession(): Promise<AuthResult<VerifiedSession>> {
        const current = await currentSession();
        if (current.error) return fail(current.error);
        if (!current.data) return fail(error.sessionMissing());
        const claims = await readAccessToken(secret, current.data.access_token);
        const user = claims ? await userById(db, claims.sub) : undefined;
        // Banned first: a ban ends every session at once (admin().banUser), and the person
        // whose signed token names a banned account is told so rather than "no session".
        if (user && isBanned(user)) {
          clearSession();
          return fail(error.banned());
        }
        const live =
          claims &&
          user &&
          (await db
            .selectFrom("auth.sessions as s")
            .select((eb) => [
              "s.aal",
              eb
                .exists(eb.selectFrom("auth.mfa_factors as f").select("f.id").whereRef("f.user_id", "=", "s.user_id").where("f.status", "=", "verified"))
                .as("has_factor"),
            ])
            .where("s.id", "=", claims.session_id)
            .where("s.user_id", "=", claims.sub)
            .executeTakeFirst());
        if (!claims || !live || !user) {
          clearSession();
          return fail(error.sessionMissing());
        }
        return ok({ session: current.data, sessionId: claims.session_id, user, aal: live.aal, hasFactor: Boolean(live.has_factor) });
      }

      const mfa: MfaApi = {
        async assurance() {
          const current = await verified();
          if (current.error) return fail(current.error);
          return ok({ current: current.data.aal, next: current.data.hasFactor ? "aal2" : "aal1" });
        },

        async listFactors() {
          const current = await verified();
          if (current.error) return fail(current.error);
          const rows = await db
            .selectFrom("auth.mfa_factors")
            .select(["id", "friendly_name", "status", "created_at"])
            .where("user_id", "=", current.data.user.id)
            .orderBy("created_at")
            .execute();
          return ok(rows.map((row): MfaFactor => ({ id: row.id, factorType: "totp", friendlyName: row.friendly_name, status: row.status, createdAt: row.created_at.toISOString() })));
        },

        async enroll(friendlyName) {
          const current = await verified();
          if (current.error) return fail(current.error);
          const { user, aal, hasFactor } = current.data;
          // Another authenticator for an account that has one: only from a session that proved the first.
          if (hasFactor && aal !== "aal2") return fail(error.insufficientAal());
          const plain = newTotpSecret();
          const factorId = crypto.randomUUID();
          await db.transaction().execute(async (tx) => {
            await tx.deleteFrom("auth.mfa_factors").where("user_id", "=", user.id).where("status", "=", "unverified").execute();
            await tx
              .insertInto("auth.mfa_factors")
              .values({ id: factorId, user_id: user.id, friendly_name: friendlyName ?? null, status: "unverified", secret_encrypted: encryptSecret(secret, plain) })
              .execute();
          });
          return ok({ factorId, secret: plain, uri: totpUri(plain, user.email ?? user.phone ?? PRODUCT_NAME) });
        },

        async challenge(factorId) {
          const current = await verified();
          if (current.error) return fail(current.error);
          if (!isUuid(factorId)) return fail(error.mfaFactorNotFound());
          const factor = await db.selectFrom("auth.mfa_factors").select("id").where("id", "=", factorId).where("user_id", "=", current.data.user.id).executeTakeFirst();
          if (!factor) return fail(error.mfaFactorNotFound());
          const challengeId = crypto.randomUUID();
          await db.insertInto("auth.mfa_challenges").values({ id: challengeId, factor_id: factor.id, created_at: now() }).execute();
          return ok({ challengeId });
        },

        async verify({ factorId, challengeId, code }) {
          const current = await verified();
          if (current.error) return fail(current.error);
          if (!isUuid(factorId)) return fail(error.mfaFactorNotFound());
          if (!isUuid(challengeId)) return fail(error.mfaChallengeExpired());
          const { user, sessionId, session } = current.data;
          const result = await db.transaction().execute(async (tx): Promise<AuthResult<AuthSession>> => {
            // The factor's row is the lock: two codes for one factor are decided one after the other.
            const factor = await tx.selectFrom("auth.mfa_factors").selectAll().where("id", "=", factorId).where("user_id", "=", user.id).forUpdate().executeTakeFirst();
            if (!factor) return fail(error.mfaFactorNotFound());
            const at = now();
            const challenge = await tx
              .selectFrom("auth.mfa_challenges")
              .selectAll()
              .where("id", "=", challengeId)
              .where("factor_id", "=", factor.id)
              .executeTakeFirst();
            if (!challenge || challenge.verified_at || challenge.created_at.getTime() < at.getTime() - MFA_CHALLENGE_TTL_MS) return fail(error.mfaChallengeExpired());
            const plain = decryptSecret(secret, factor.secret_encrypted);
            const step = plain ? verifyTotp(plain, code, at) : null;
            // A code is good once: its step, or an earlier one, was accepted already.
            if (step === null || (factor.last_step !== null && step <= Number(factor.last_step))) return fail(error.mfaInvalidCode());
            await tx.updateTable("auth.mfa_challenges").set({ verified_at: at }).where("id", "=", challenge.id).execute();
            await tx.updateTable("auth.mfa_factors").set({ status: "verified", last_step: step, updated_at: at }).where("id", "=", factor.id).execute();
            await tx.updateTable("auth.sessions").set({ aal: "aal2", updated_at: at }).where("id", "=", sessionId).execute();
            // New tokens for the raised session (as GoTrue issues them); the old refresh token is its parent,
            // so a tab that refreshes with it within the reuse interval gets this child, not a revoked session.
            const previous = await tx.selectFrom("auth.refresh_tokens").select("id").where("token_hash", "=", sha256(session.refresh_token)).executeTakeFirst();
            if (previous) await tx.updateTable("auth.refresh_tokens").set({ revoked: true, updated_at: at }).where("id", "=", previous.id).execute();
            const refreshToken = await newRefreshToken(tx, sessionId, user.id, previous?.id ?? null);
            return ok(await buildSession(toUser(user), sessionId, refreshToken, "aal2"));
          });
          if (!result.error) saveSession(result.data);
          return result;
        },

        async unenroll(factorId) {
          const current = await verified();
          if (current.error) return fail(current.error);
          if (!isUuid(factorId)) return fail(error.mfaFactorNotFound());
          const factor = await db.selectFrom("auth.mfa_factors").select(["id", "status"]).where("id", "=", factorId).where("user_id", "=", current.data.user.id).executeTakeFirst();
          if (!factor) return fail(error.mfaFactorNotFound());
          if (factor.status === "verified" && current.data.aal !== "aal2") return fail(error.insufficientAal());
          await db.deleteFrom("auth.mfa_factors").where("id", "=", factor.id).execute();
          verifiedOnce = undefined;
          return ok(null);
        },
      };

      return {
        mfa,
        async signInWithPassword(credentials) {
          const row = await findUser(db, credentials);
          if (!row || !row.encrypted_password) {
            await verifyPassword(await decoy(), credentials.password);
            return fail(error.invalidCredentials());
          }
          if (!(await verifyPassword(row.encrypted_password, credentials.password))) return fail(error.invalidCredentials());
          if (credentials.email && !row.email_confirmed_at) {
            return fail({ message: "Email not confirmed", status: 400, code: CODES.emailNotConfirmed });
          }
          if (credentials.phone && !row.phone_confirmed_at) {
            return fail({ message: "Phone not confirmed", status: 400, code: CODES.phoneNotConfirmed });
          }
          if (isBanned(row)) return fail(error.banned());
          const session = await db.transaction().execute((tx) => startSession(tx, row));
          saveSession(session);
          return ok(session);
        },

        async signUp({ email, phone, password, data }) {
          if ((!email && !phone) || !password) {
            return fail({ message: TEXT.signUpMissing, status: 400, code: CODES.validationFailed });
          }
          const weak = checkNewPassword(password);
          if (weak) return fail(weak);
          const who: Identifier = email ? { email: normalizeEmail(email) } : { phone: normalizePhone(phone!) };
          const channel = who.email ? "email" : "phone";
          type SignedUp = { user: AuthUser; session: AuthSession | null };
          const issued = await db.transaction().execute(async (tx): Promise<Issued<SignedUp>> => {
            const existing = await findUser(tx, who);
            const confirmed = existing && (channel === "email" ? existing.email_confirmed_at : existing.phone_confirmed_at);
            if (existing && confirmed) {
              return { result: fail<SignedUp>({ message: "User already registered", status: 422, code: CODES.userAlreadyExists }) };
            }
            const metadata = { display_name: data?.display_name ?? null, role: DEFAULT_USER_ROLE };
            const passwordHash = await hashPassword(password);
            const row = existing
              ? ((await tx
                  .updateTable("auth.users")
                  .set({ encrypted_password: passwordHash, raw_user_meta_data: JSON.stringify(metadata), updated_at: now() })
                  .where("id", "=", existing.id)
                  .returningAll()
                  .executeTakeFirstOrThrow()) as UserRow)
              : ((await tx
                  .insertInto("auth.users")
                  .values({ email: who.email ?? null, phone: who.phone ?? null, encrypted_password: passwordHash, raw_user_meta_data: JSON.stringify(metadata) })
                  .returningAll()
                  .executeTakeFirstOrThrow()) as UserRow);
            const message = await issueCode(tx, row, channel, "confirmation");
            return { result: ok({ user: toUser(row), session: null }), message };
          });
          return sendIssued(issued);
        },

        async signInWithOtp(request) {
          const channel = request.email ? "email" : "phone";
          const issued = await db.transaction().execute(async (tx): Promise<Issued<null>> => {
            let row = await findUser(tx, request);
            if (!row) {
              if (!request.shouldCreateUser) {
                return { result: fail<null>({ message: "Signups not allowed for otp", status: 422, code: CODES.otpDisabled }) };
              }
              row = (await tx
                .insertInto("auth.users")
                .values({
                  email: request.email ? normalizeEmail(request.email) : null,
                  phone: request.phone ? normalizePhone(request.phone) : null,
                  raw_user_meta_data: JSON.stringify({ role: DEFAULT_USER_ROLE }),
                })
                .returningAll()
                .executeTakeFirstOrThrow()) as UserRow;
            }
            if (isBanned(row)) return { result: fail<null>(error.banned()) };
            return { result: ok(null), message: await issueCode(tx, row, channel, "login") };
          });
          return sendIssued(issued);
        },

        async verifyOtp({ token, type, ...who }) {
          const recipient = who.email ? normalizeEmail(who.email) : normalizePhone(who.phone!);
          const purposes: ("confirmation" | "login" | "recovery")[] =
            type === "recovery" ? ["recovery"] : type === "signup" ? ["confirmation"] : ["login", "confirmation"];
          const result = await db.transaction().execute(async (tx) => {
            const candidates = await tx
              .selectFrom("auth.one_time_codes")
              .selectAll()
              .where("recipient", "=", recipient)
              .where("purpose", "in", purposes)
              .where("channel", "=", who.email ? "email" : "phone")
              .where("expires_at", ">", now())
              .execute();
            const hashed = hashCode(secret, recipient, token.trim());
            const match = candidates.find((c) => sameHash(c.code_hash, hashed));
            if (!match) return fail<AuthSession>(error.otpInvalid());
            await tx.deleteFrom("auth.one_time_codes").where("id", "=", match.id).execute();
            const row = await userById(tx, match.user_id);
            if (!row) return fail<AuthSession>(error.otpInvalid());
            if (isBanned(row)) return fail<AuthSession>(error.banned());
            const at = now();
            const confirmed = (await tx
              .updateTable("auth.users")
              .set(match.channel === "email" ? { email_confirmed_at: row.email_confirmed_at ?? at } : { phone_confirmed_at: row.phone_confirmed_at ?? at })
              .where("id", "=", row.id)
              .returningAll()
              .executeTakeFirstOrThrow()) as UserRow;
            return ok(await startSession(tx, confirmed));
          });
          if (!result.error) saveSession(result.data);
          return result;
        },

        async resetPasswordForEmail(email) {
          const issued = await db.transaction().execute(async (tx): Promise<Issued<null>> => {
            const row = await findUser(tx, { email });
            // Same answer whether or not the address has an account.
            return { result: ok(null), message: row && !isBanned(row) ? await issueCode(tx, row, "email", "recovery") : undefined };
          });
          return sendIssued(issued);
        },

        async updatePassword(password) {
          const current = await verified();
          if (current.error) return fail(current.error);
          const weak = checkNewPassword(password);
          if (weak) return fail(weak);
          const { user } = current.data;
          if (user.encrypted_password && (await verifyPassword(user.encrypted_password, password))) {
            return fail({ message: "New password should be different from the old password.", status: 422, code: "same_password" });
          }
          const updated = (await db
            .updateTable("auth.users")
            .set({ encrypted_password: await hashPassword(password), updated_at: now() })
            .where("id", "=", user.id)
            .returningAll()
            .executeTakeFirstOrThrow()) as UserRow;
          return ok(toUser(updated));
        },

        async verifyPassword(password) {
          const current = await verified();
          if (current.error) return fail(current.error);
          const hash = current.data.user.encrypted_password;
          if (!hash) {
            // Same work as a real check, so timing says nothing about whether a password is set.
            await verifyPassword(await decoy(), password);
            return ok(false);
          }
          return ok(await verifyPassword(hash, password));
        },

        getSession: currentSession,

        async refreshSession() {
          const stored = readCookie();
          if (!stored) return fail(error.sessionMissing());
          return refreshWith(stored.refresh_token);
        },

        async getUser() {
          const current = await verified();
          return current.error ? fail(current.error) : ok(toUser(current.data.user));
        },

        async requestContactChange(target) {
          const current = await verified();
          if (current.error) return fail(current.error);
          const { user } = current.data;
          const channel = target.email ? "email" : "phone";
          const recipient = target.email ? normalizeEmail(target.email) : normalizePhone(target.phone!);
          const purpose = channel === "email" ? "email_change" : "phone_change";
          const issued = await db.transaction().execute(async (tx): Promise<Issued<null>> => {
            const holder = await findUser(tx, target);
            if (holder && holder.id !== user.id) return { result: fail<null>(error.contactTaken(channel)) };
            // One change at a time per account: a new request replaces any earlier code.
            await tx.deleteFrom("auth.one_time_codes").where("user_id", "=", user.id).where("purpose", "in", ["email_change", "phone_change"]).execute();
            return { result: ok(null), message: await issueCode(tx, user, channel, purpose, recipient) };
          });
          return sendIssued(issued);
        },

        async confirmContactChange({ token, ...target }) {
          const current = await verified();
          if (current.error) return fail(current.error);
          const { user } = current.data;
          const channel = target.email ? "email" : "phone";
          const recipient = target.email ? normalizeEmail(target.email) : normalizePhone(target.phone!);
          try {
            return await db.transaction().execute(async (tx) => {
              const candidates = await tx
                .selectFrom("auth.one_time_codes")
                .selectAll()
                .where("user_id", "=", user.id)
                .where("recipient", "=", recipient)
                .where("purpose", "=", channel === "email" ? "email_change" : "phone_change")
                .where("expires_at", ">", now())
                .execute();
              const hashed = hashCode(secret, recipient, token.trim());
              const match = candidates.find((c) => sameHash(c.code_hash, hashed));
              if (!match) return fail<AuthUser>(error.otpInvalid());
              await tx.deleteFrom("auth.one_time_codes").where("id", "=", match.id).execute();
              const holder = await findUser(tx, target);
              if (holder && holder.id !== user.id) return fail<AuthUser>(error.contactTaken(channel));
              const at = now();
              const updated = (await tx
                .updateTable("auth.users")
                .set(channel === "email" ? { email: recipient, email_confirmed_at: at, updated_at: at } : { phone: recipient, phone_confirmed_at: at, updated_at: at })
                .where("id", "=", user.id)
                .returningAll()
                .executeTakeFirstOrThrow()) as UserRow;
              return ok(toUser(updated));
            });
          } catch (cause) {
            // Two accounts confirming the same new address at once: the unique index decides.
            if (/unique|duplicate/i.test((cause as Error)?.message ?? "")) return fail(error.contactTaken(channel));
            throw cause;
          }
        },

        async signOut(scope: SignOutScope = "global") {
          const stored = readCookie();
          // An expired access token still names its session: sign-out must work with it.
          const claims = stored ? await readAccessToken(secret, stored.access_token) : null;
          if (claims) {
            let query = db.deleteFrom("auth.sessions").where("user_id", "=", claims.sub);
            if (scope === "local") query = query.where("id", "=", claims.session_id);
            if (scope === "others") query = query.where("id", "!=", claims.session_id);
            await query.execute();
          }
          if (scope !== "others") clearSession();
          return ok(null);
        },
      };
    },
  };
  return port;
}

/** Where a recovery code is entered without having asked for it on this device (an admin sent it, ADR 0080). */
export const RECOVERY_ENTRY_PATH = "/auth?mode=recover&step=verify";

function composeMessage(channel: "email" | "phone", recipient: string, purpose: CodePurpose, code: string, ttlMs: number, origin: string | null): OutgoingMessage {
  const minutes = Math.round(ttlMs / 60_000);
  const subject = {
    confirmation: "Confirm your account",
    login: "Your sign-in code",
    recovery: "Reset your password",
    email_change: "Confirm your new e-mail address",
    phone_change: "Confirm your new phone number",
  }[purpose];
  const what = {
    confirmation: "confirmation code",
    login: "sign-in code",
    recovery: "password recovery code",
    email_change: "code to confirm this e-mail address",
    phone_change: "code to confirm this phone number",
  }[purpose];
  const body = `Your The Hit Factory ${what} is ${code}. It expires in ${minutes} minutes.`;
  // The link carries no address and no code: the person types their e-mail and the code there.
  const entry = purpose === "recovery" ? ` To enter it, open ${origin ?? ""}${RECOVERY_ENTRY_PATH} and give this e-mail address with the code.` : "";
  return { channel, recipient, subject, body: body + entry };
}
