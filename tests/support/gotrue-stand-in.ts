/**
 * A local stand-in for Supabase Auth (GoTrue) over real HTTP, so the Supabase
 * adapter is tested at its HTTP boundary (GoTrue cannot run here).
 *
 * It implements the endpoints the product calls, with GoTrue's answers:
 *   POST /auth/v1/token?grant_type=password|refresh_token, /signup, /otp,
 *   /verify, /recover, /logout?scope=global|local|others; GET and PUT /user
 *   (password, and e-mail or phone changes confirmed by a code sent to the new
 *   address: verify type email_change / phone_change, "secure e-mail change" off);
 *   the admin API with the service-role key: PUT /admin/users/{id} (ban_duration)
 *   and DELETE /admin/users/{id} (ADR 0080); two-factor sign-in (ADR 0099):
 *   POST /factors (TOTP), POST /factors/{id}/challenge, POST /factors/{id}/verify
 *   (the session's JWT then says aal2), DELETE /factors/{id} (aal2 for a verified
 *   one), GET /admin/users/{id}/factors and DELETE /admin/users/{id}/factors/{fid},
 *   and the user's `factors` in /user.
 * Behaviour mirrored: refresh tokens rotate, a rotated token reused after the
 * reuse interval revokes its session; error bodies carry `code` and `message`
 * under API version 2024-01-01 (weak_password with reasons, invalid_credentials,
 * session_not_found, user_banned, otp_expired...). `failNext` answers the next
 * requests to a path with a gateway error (502/503/504) to prove retries.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, jwtVerify } from "jose";
import { weakPasswordMessage, weakPasswordReasons } from "~/platform/auth/password-policy";
import { newTotpSecret, totpUri, verifyTotp } from "~/platform/auth/totp.server";

interface StandInUser {
  id: string;
  email: string | null;
  phone: string | null; // stored without the leading +, as GoTrue does
  password: string | null;
  user_metadata: Record<string, unknown>;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  banned_until: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  /** An e-mail or phone change waiting for the code sent to the new one (PUT /user). */
  new_email?: string | null;
  new_phone?: string | null;
  factors: StandInFactor[];
}

interface StandInFactor {
  id: string;
  friendly_name: string | null;
  status: "unverified" | "verified";
  secret: string;
  created_at: string;
  updated_at: string;
}

interface RefreshTokenRow {
  token: string;
  sessionId: string;
  userId: string;
  parent: string | null;
  revoked: boolean;
  updatedAt: number;
}

interface SentMessage {
  channel: "email" | "phone";
  recipient: string;
  purpose: "confirmation" | "login" | "recovery" | "email_change" | "phone_change";
  code: string;
}

export interface StandInOptions {
  anonKey?: string;
  /** The key the admin API accepts (as apikey and bearer). */
  serviceRoleKey?: string;
  /** Called when the admin API deletes a user (a test mirrors GoTrue's delete in the shared database). */
  onDeleteUser?: (userId: string) => Promise<void>;
  accessTokenTtlSeconds?: number;
  reuseIntervalMs?: number;
}

export interface GoTrueStandIn {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The admin API's view of a user's ban (ISO date or null). */
  bannedUntil(userId: string): string | null | undefined;
  /** Path (e.g. "/auth/v1/token") -> statuses to answer with before behaving normally. */
  failNext(path: string, ...statuses: number[]): void;
  /** Every request seen: method, path with query, status. */
  requests: { method: string; path: string; status: number }[];
  sent: SentMessage[];
  lastCode(recipient: string): string | undefined;
  ban(emailOrPhone: string, until: Date): void;
  setAccessTokenTtl(seconds: number): void;
  setReuseInterval(ms: number): void;
  sessionCount(): number;
  close(): Promise<void>;
}

const API_VERSION = "2024-01-01";
const JWT_SECRET = new TextEncoder().encode("gotrue-stand-in-jwt-secret-0123456789");

const stripPlus = (phone: string) => phone.replace(/^\+/, "");

export async function startGoTrueStandIn(options: StandInOptions = {}): Promise<GoTrueStandIn> {
  const anonKey = options.anonKey ?? "stand-in-anon-key";
  const serviceRoleKey = options.serviceRoleKey ?? "stand-in-service-role-key";
  let ttl = options.accessTokenTtlSeconds ?? 3600;
  let reuseIntervalMs = options.reuseIntervalMs ?? 10_000;
  const users = new Map<string, StandInUser>();
  const sessions = new Map<string, { userId: string; aal?: "aal1" | "aal2" }>();
  const challenges = new Map<string, { factorId: string; createdAt: number; used: boolean }>();
  const refreshTokens = new Map<string, RefreshTokenRow>();
  const codes: (SentMessage & { userId: string; expiresAt: number })[] = [];
  const sent: SentMessage[] = [];
  const failures = new Map<string, number[]>();
  const requests: GoTrueStandIn["requests"] = [];

  const findUser = (who: { email?: string; phone?: string }) =>
    [...users.values()].find((u) =>
      who.email ? u.email === who.email.toLowerCase() : who.phone ? u.phone === stripPlus(who.phone) : false,
    );
  const isBanned = (u: StandInUser) => Boolean(u.banned_until && Date.parse(u.banned_until) > Date.now());
  const publicUser = (u: StandInUser) => ({
    id: u.id,
    aud: "authenticated",
    role: "authenticated",
    email: u.email ?? "",
    phone: u.phone ?? "",
    email_confirmed_at: u.email_confirmed_at ?? undefined,
    phone_confirmed_at: u.phone_confirmed_at ?? undefined,
    last_sign_in_at: u.last_sign_in_at ?? undefined,
    app_metadata: { provider: u.email ? "email" : "phone", providers: [u.email ? "email" : "phone"] },
    user_metadata: u.user_metadata,
    identities: [],
    created_at: u.created_at,
    updated_at: u.created_at,
    is_anonymous: false,
    factors: u.factors.map(publicFactor),
  });
  const publicFactor = (f: StandInFactor) => ({ id: f.id, friendly_name: f.friendly_name ?? undefined, factor_type: "totp", status: f.status, created_at: f.created_at, updated_at: f.updated_at });

  function newRefreshToken(sessionId: string, userId: string, parent: string | null) {
    const token = crypto.randomBytes(9).toString("base64url");
    refreshTokens.set(token, { token, sessionId, userId, parent, revoked: false, updatedAt: Date.now() });
    return token;
  }

  async function sessionBody(user: StandInUser, sessionId: string, refreshToken: string) {
    const iat = Math.floor(Date.now() / 1000);
    const accessToken = await new SignJWT({
      session_id: sessionId,
      email: user.email ?? "",
      phone: user.phone ?? "",
      user_metadata: user.user_metadata,
      role: "authenticated",
      aal: sessions.get(sessionId)?.aal ?? "aal1",
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user.id)
      .setAudience("authenticated")
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(JWT_SECRET);
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: ttl,
      expires_at: iat + ttl,
      refresh_token: refreshToken,
      user: publicUser(user),
    };
  }

  async function startSession(user: StandInUser) {
    const sessionId = crypto.randomUUID();
    sessions.set(sessionId, { userId: user.id });
    user.last_sign_in_at = new Date().toISOString();
    return sessionBody(user, sessionId, newRefreshToken(sessionId, user.id, null));
  }

  function issueCode(user: StandInUser, channel: "email" | "phone", purpose: SentMessage["purpose"], to?: string) {
    const recipient = to ?? (channel === "email" ? user.email! : `+${user.phone!}`);
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
    for (let i = codes.length - 1; i >= 0; i--) if (codes[i]!.recipient === recipient && codes[i]!.purpose === purpose) codes.splice(i, 1);
    codes.push({ channel, recipient, purpose, code, userId: user.id, expiresAt: Date.now() + 10 * 60_000 });
    sent.push({ channel, recipient, purpose, code });
  }

  async function bearer(req: http.IncomingMessage): Promise<{ userId: string; sessionId: string } | "invalid" | null> {
    const header = req.headers.authorization;
    if (!header?.startsWith("Bearer ")) return null;
    try {
      const { payload } = await jwtVerify(header.slice(7), JWT_SECRET, { audience: "authenticated" });
      return { userId: String(payload.sub), sessionId: String(payload.session_id) };
    } catch {
      return "invalid";
    }
  }

  type Reply = { status: number; body?: unknown };
  const error = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply => ({
    status,
    body: { code, message, ...extra },
  });
  const weak = (password: string): Reply | null => {
    const reasons = weakPasswordReasons(password);
    return reasons.length ? error(422, "weak_password", weakPasswordMessage(reasons), { weak_password: { reasons } }) : null;
  };

  async function route(method: string, url: URL, body: Record<string, any>, req: http.IncomingMessage): Promise<Reply> {
    const path = url.pathname;
    if (method === "POST" && path === "/auth/v1/token") {
      const grant = url.searchParams.get("grant_type");
      if (grant === "password") {
        const user = findUser(body);
        if (!user || !user.password) return error(400, "invalid_credentials", "Invalid login credentials");
        // As GoTrue does: the ban is checked BEFORE the password (a wrong password hears it too).
        if (isBanned(user)) return error(400, "user_banned", "User is banned");
        if (user.password !== body.password) return error(400, "invalid_credentials", "Invalid login credentials");
        if (body.email && !user.email_confirmed_at) return error(400, "email_not_confirmed", "Email not confirmed");
        if (body.phone && !user.phone_confirmed_at) return error(400, "phone_not_confirmed", "Phone not confirmed");
        return { status: 200, body: await startSession(user) };
      }
      if (grant === "refresh_token") {
        const row = refreshTokens.get(String(body.refresh_token ?? ""));
        if (!row || !sessions.has(row.sessionId)) return error(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        const user = users.get(row.userId)!;
        if (isBanned(user)) return error(400, "user_banned", "User is banned");
        if (row.revoked) {
          const child = [...refreshTokens.values()].find((t) => t.parent === row.token && !t.revoked);
          if (!child || Date.now() - row.updatedAt > reuseIntervalMs) {
            sessions.delete(row.sessionId);
            for (const [token, t] of refreshTokens) if (t.sessionId === row.sessionId) refreshTokens.delete(token);
            return error(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
          }
          return { status: 200, body: await sessionBody(user, row.sessionId, child.token) };
        }
        row.revoked = true;
        row.updatedAt = Date.now();
        return { status: 200, body: await sessionBody(user, row.sessionId, newRefreshToken(row.sessionId, row.userId, row.token)) };
      }
      return error(400, "unsupported_grant_type", "unsupported_grant_type");
    }

    if (method === "POST" && path === "/auth/v1/signup") {
      if ((!body.email && !body.phone) || !body.password) return error(400, "validation_failed", "To signup, please provide your email or phone number");
      const tooWeak = weak(String(body.password));
      if (tooWeak) return tooWeak;
      const existing = findUser(body);
      if (existing && (body.email ? existing.email_confirmed_at : existing.phone_confirmed_at)) {
        return error(422, "user_already_exists", "User already registered");
      }
      const user: StandInUser = existing ?? {
        id: crypto.randomUUID(),
        email: body.email ? String(body.email).toLowerCase() : null,
        phone: body.phone ? stripPlus(String(body.phone)) : null,
        password: null,
        factors: [],
        user_metadata: {},
        email_confirmed_at: null,
        phone_confirmed_at: null,
        banned_until: null,
        created_at: new Date().toISOString(),
        last_sign_in_at: null,
      };
      user.password = String(body.password);
      user.user_metadata = { ...(body.data ?? {}) };
      users.set(user.id, user);
      issueCode(user, body.email ? "email" : "phone", "confirmation");
      // Confirmation required: the user, no session.
      return { status: 200, body: publicUser(user) };
    }

    if (method === "POST" && path === "/auth/v1/otp") {
      let user = findUser(body);
      if (!user) {
        if (body.create_user === false) return error(422, "otp_disabled", "Signups not allowed for otp");
        user = {
          id: crypto.randomUUID(),
          email: body.email ? String(body.email).toLowerCase() : null,
          phone: body.phone ? stripPlus(String(body.phone)) : null,
          password: null,
          factors: [],
          user_metadata: { ...(body.data ?? {}) },
          email_confirmed_at: null,
          phone_confirmed_at: null,
          banned_until: null,
          created_at: new Date().toISOString(),
          last_sign_in_at: null,
        };
        users.set(user.id, user);
      }
      issueCode(user, body.email ? "email" : "phone", "login");
      return { status: 200, body: {} };
    }

    if (method === "POST" && path === "/auth/v1/verify") {
      const recipient = body.email ? String(body.email).toLowerCase() : `+${stripPlus(String(body.phone ?? ""))}`;
      const purposes =
        body.type === "recovery"
          ? ["recovery"]
          : body.type === "signup"
            ? ["confirmation"]
            : body.type === "email_change" || body.type === "phone_change"
              ? [body.type]
              : ["login", "confirmation"];
      const index = codes.findIndex(
        (c) => c.recipient === recipient && purposes.includes(c.purpose) && c.code === String(body.token) && c.expiresAt > Date.now(),
      );
      if (index < 0) return error(403, "otp_expired", "Token has expired or is invalid");
      const [code] = codes.splice(index, 1);
      const user = users.get(code!.userId)!;
      if (isBanned(user)) return error(400, "user_banned", "User is banned");
      const now = new Date().toISOString();
      if (code!.purpose === "email_change" || code!.purpose === "phone_change") {
        // Secure e-mail change off: the new address's code alone completes the change.
        const taken = findUser(code!.purpose === "email_change" ? { email: code!.recipient } : { phone: code!.recipient });
        if (taken && taken.id !== user.id) return error(422, code!.purpose === "email_change" ? "email_exists" : "phone_exists", "already registered");
        if (code!.purpose === "email_change") {
          user.email = user.new_email ?? code!.recipient;
          user.new_email = null;
          user.email_confirmed_at = now;
        } else {
          user.phone = user.new_phone ?? stripPlus(code!.recipient);
          user.new_phone = null;
          user.phone_confirmed_at = now;
        }
      } else if (code!.channel === "email") user.email_confirmed_at ??= now;
      else user.phone_confirmed_at ??= now;
      return { status: 200, body: await startSession(user) };
    }

    if (method === "POST" && path === "/auth/v1/recover") {
      const user = findUser({ email: body.email });
      if (user && !isBanned(user)) issueCode(user, "email", "recovery");
      return { status: 200, body: {} };
    }

    if (path === "/auth/v1/logout" && method === "POST") {
      const who = await bearer(req);
      if (who === "invalid" || who === null) return error(401, "bad_jwt", "invalid JWT");
      if (!sessions.has(who.sessionId)) return error(404, "session_not_found", "Session from session_id claim in JWT does not exist");
      const scope = url.searchParams.get("scope") ?? "global";
      for (const [id, s] of sessions) {
        if (s.userId !== who.userId) continue;
        if (scope === "local" && id !== who.sessionId) continue;
        if (scope === "others" && id === who.sessionId) continue;
        sessions.delete(id);
      }
      return { status: 204 };
    }

    if (path === "/auth/v1/user" && (method === "GET" || method === "PUT")) {
      const who = await bearer(req);
      if (who === "invalid" || who === null) return error(401, "bad_jwt", "invalid JWT: unable to parse or verify signature");
      if (!sessions.has(who.sessionId)) return error(403, "session_not_found", "Session from session_id claim in JWT does not exist");
      const user = users.get(who.userId);
      if (!user) return error(403, "user_not_found", "User from sub claim in JWT does not exist");
      if (method === "PUT" && typeof body.password === "string") {
        const tooWeak = weak(body.password);
        if (tooWeak) return tooWeak;
        if (user.password === body.password) return error(422, "same_password", "New password should be different from the old password.");
        user.password = body.password;
      }
      if (method === "PUT" && typeof body.email === "string" && body.email.toLowerCase() !== user.email) {
        const email = body.email.toLowerCase();
        const taken = findUser({ email });
        if (taken && taken.id !== user.id) return error(422, "email_exists", "A user with this email address has already been registered");
        user.new_email = email;
        issueCode(user, "email", "email_change", email);
      }
      if (method === "PUT" && typeof body.phone === "string" && stripPlus(body.phone) !== user.phone) {
        const taken = findUser({ phone: body.phone });
        if (taken && taken.id !== user.id) return error(422, "phone_exists", "A user with this phone number has already been registered");
        user.new_phone = stripPlus(body.phone);
        issueCode(user, "phone", "phone_change", `+${stripPlus(body.phone)}`);
      }
      return { status: 200, body: publicUser(user) };
    }

    const factorPath = /^\/auth\/v1\/factors(?:\/([^/]+)(?:\/(challenge|verify))?)?$/.exec(path);
    if (factorPath) {
      const who = await bearer(req);
      if (who === "invalid" || who === null) return error(401, "bad_jwt", "invalid JWT: unable to parse or verify signature");
      const session = sessions.get(who.sessionId);
      const user = users.get(who.userId);
      if (!session || !user) return error(403, "session_not_found", "Session from session_id claim in JWT does not exist");
      const [, factorId, step] = factorPath;
      if (!factorId && method === "POST") {
        if (user.factors.some((f) => f.status === "verified") && session.aal !== "aal2") return error(401, "insufficient_aal", "AAL2 required to enroll a new factor");
        const secret = newTotpSecret();
        const at = new Date().toISOString();
        const factor: StandInFactor = { id: crypto.randomUUID(), friendly_name: body.friendly_name ?? null, status: "unverified", secret, created_at: at, updated_at: at };
        user.factors.push(factor);
        const uri = totpUri(secret, user.email ?? user.phone ?? "account");
        return { status: 200, body: { id: factor.id, type: "totp", friendly_name: factor.friendly_name, totp: { qr_code: "<svg></svg>", secret, uri } } };
      }
      const factor = user.factors.find((f) => f.id === factorId);
      if (!factor) return error(404, "mfa_factor_not_found", "Factor not found");
      if (!step && method === "DELETE") {
        if (factor.status === "verified" && session.aal !== "aal2") return error(401, "insufficient_aal", "AAL2 required to unenroll verified factor");
        user.factors = user.factors.filter((f) => f.id !== factor.id);
        return { status: 200, body: { id: factor.id } };
      }
      if (step === "challenge" && method === "POST") {
        const id = crypto.randomUUID();
        challenges.set(id, { factorId: factor.id, createdAt: Date.now(), used: false });
        return { status: 200, body: { id, type: "totp", expires_at: Math.floor(Date.now() / 1000) + 300 } };
      }
      if (step === "verify" && method === "POST") {
        const challenge = challenges.get(String(body.challenge_id ?? ""));
        if (!challenge || challenge.factorId !== factor.id || challenge.used || Date.now() - challenge.createdAt > 300_000) {
          return error(422, "mfa_challenge_expired", "MFA challenge has expired, verify against another challenge or create a new challenge.");
        }
        const matched = verifyTotp(factor.secret, String(body.code ?? ""), new Date());
        // As GoTrue's verifyTOTPFactor: against the clock only (one step either side), with no memory of
        // codes already accepted. That a code works once is the app's to enforce (used-codes.server.ts).
        if (matched === null) return error(422, "mfa_verification_failed", "Invalid TOTP code entered");
        challenge.used = true;
        factor.status = "verified";
        factor.updated_at = new Date().toISOString();
        session.aal = "aal2";
        return { status: 200, body: await sessionBody(user, who.sessionId, newRefreshToken(who.sessionId, user.id, null)) };
      }
    }

    const adminFactors = /^\/auth\/v1\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(path);
    if (adminFactors) {
      if (req.headers.apikey !== serviceRoleKey || req.headers.authorization !== `Bearer ${serviceRoleKey}`) return error(403, "not_admin", "User not allowed");
      const user = users.get(decodeURIComponent(adminFactors[1]!));
      if (!user) return error(404, "user_not_found", "User not found");
      if (!adminFactors[2] && method === "GET") return { status: 200, body: user.factors.map(publicFactor) };
      if (adminFactors[2] && method === "DELETE") {
        const factor = user.factors.find((f) => f.id === adminFactors[2]);
        if (!factor) return error(404, "mfa_factor_not_found", "Factor not found");
        user.factors = user.factors.filter((f) => f.id !== factor.id);
        return { status: 200, body: publicFactor(factor) };
      }
    }

    const adminUser = /^\/auth\/v1\/admin\/users\/([^/]+)$/.exec(path);
    if (adminUser) {
      if (req.headers.apikey !== serviceRoleKey || req.headers.authorization !== `Bearer ${serviceRoleKey}`) {
        return error(403, "not_admin", "User not allowed");
      }
      const user = users.get(decodeURIComponent(adminUser[1]!));
      if (!user) return error(404, "user_not_found", "User not found");
      if (method === "PUT") {
        if (typeof body.ban_duration === "string") {
          if (body.ban_duration === "none") user.banned_until = null;
          else {
            const match = /^(\d+)(h|m|s)$/.exec(body.ban_duration);
            if (!match) return error(400, "validation_failed", "invalid format for ban duration");
            const ms = Number(match[1]) * { h: 3_600_000, m: 60_000, s: 1000 }[match[2] as "h" | "m" | "s"];
            user.banned_until = new Date(Date.now() + ms).toISOString();
          }
        }
        return { status: 200, body: { ...publicUser(user), banned_until: user.banned_until ?? undefined } };
      }
      if (method === "DELETE") {
        users.delete(user.id);
        for (const [id, s] of sessions) if (s.userId === user.id) sessions.delete(id);
        for (const [token, t] of refreshTokens) if (t.userId === user.id) refreshTokens.delete(token);
        await options.onDeleteUser?.(user.id);
        return { status: 200, body: publicUser(user) };
      }
    }

    return error(404, "not_found", "Not found");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const respond = (status: number, body?: unknown) => {
        requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, status });
        res.writeHead(status, { "Content-Type": "application/json", "X-Supabase-Api-Version": API_VERSION });
        res.end(body === undefined ? undefined : JSON.stringify(body));
      };
      const injected = failures.get(url.pathname);
      if (injected?.length) {
        respond(injected.shift()!, { message: "upstream unavailable" });
        return;
      }
      if (req.headers.apikey !== anonKey && req.headers.apikey !== serviceRoleKey) {
        respond(401, { message: "Invalid API key" });
        return;
      }
      let body: Record<string, any> = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
      } catch {
        respond(400, { code: "bad_json", message: "Could not parse request body as JSON" });
        return;
      }
      try {
        const reply = await route(req.method ?? "GET", url, body, req);
        respond(reply.status, reply.body);
      } catch (error) {
        respond(500, { message: (error as Error).message });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    anonKey,
    serviceRoleKey,
    bannedUntil: (userId) => users.get(userId)?.banned_until,
    failNext(path, ...statuses) {
      failures.set(path, [...(failures.get(path) ?? []), ...statuses]);
    },
    requests,
    sent,
    lastCode(recipient) {
      return [...sent].reverse().find((m) => m.recipient === recipient)?.code;
    },
    ban(emailOrPhone, until) {
      const user = findUser(emailOrPhone.includes("@") ? { email: emailOrPhone } : { phone: emailOrPhone });
      if (!user) throw new Error(`stand-in: no user ${emailOrPhone}`);
      user.banned_until = until.toISOString();
    },
    setAccessTokenTtl(seconds) {
      ttl = seconds;
    },
    setReuseInterval(ms) {
      reuseIntervalMs = ms;
    },
    sessionCount: () => sessions.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
