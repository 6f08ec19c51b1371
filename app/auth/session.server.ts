/**
 * Sessions and route guards (SPEC §2 "Guard behaviour", §4, §6, §9).
 *
 * FOR ROUTE AUTHORS: call one guard at the top of every loader and action.
 *
 *   const viewer = await requireUser(request);        // any signed-in user
 *   const viewer = await requireApprovedAR(request);  // accepted_ar or admin; others -> /ar
 *   const viewer = await requireAdmin(request);       // is_admin; others -> /
 *   const viewer = await optionalViewer(request);     // public pages; redirects only an expired session
 *
 *  - Anonymous visitors of a guarded route are redirected to
 *    /auth?redirect=<original path + query>.
 *  - A session past its idle or absolute timeout is signed out on the server
 *    and redirected to /auth with the 'Session Expired' toast (idle or
 *    absolute text), on public pages too (SPEC §2: after any session expiry
 *    the user goes to /auth).
 *  - Cookies: nothing to do. Refresh rotation and sign-out write cookies
 *    into a per-request scope that server.ts appends to whatever response
 *    goes out (see request-context.server.ts); the redirects the guards throw
 *    carry them too. Code running outside server.ts (integration tests) can
 *    read them with `getSessionHeaders(request)`.
 *  - Tokens never leave the server: a Viewer holds no token, and neither
 *    does anything else exported here.
 *
 * One resolution per request, whatever the number of guards called:
 *   cookies -> session (refreshed when within the 90 s expiry margin)
 *   -> user verified by the provider -> idle/absolute clocks (this request
 *   counts as activity) -> refresh when under 10 minutes are left (SPEC §4:
 *   if that fails with under 2 minutes left, signed out) -> profile -> Viewer.
 */
import { redirect } from "@remix-run/node";
import { getAuthPort } from "~/platform/auth/index.server";
import type { AuthClient, AuthSession, AuthUser, SignOutScope } from "~/platform/auth/port";
import { isAuthCookieName } from "~/platform/auth/port";
import { authCookieOptions } from "~/platform/auth/cookies.server";
import { sessionIdOf, subjectOf } from "~/platform/auth/tokens.server";
import { AUTH_ERROR_CODES } from "~/platform/auth/port";
import { sql } from "kysely";
import { SUSPENSION_TEXT, suspensionMessage, type SuspensionNotice } from "./suspension";
import { activeSuspension, rememberSuspensionNotice } from "./suspension.server";
import { db } from "~/platform/runtime.server";
import { REFRESH_THRESHOLD_MS, SIGN_OUT_THRESHOLD_MS, TEXT } from "~/shared/constants";
import { combineHeaders, createToastHeaders } from "~/toast/toast.server";
import type { Viewer } from "./viewer";
import { AUTH_EVENTS, emitAuthEvent } from "./auth-events.server";
import type { ClientSessionState } from "./session-state";
import { isAdmin, isApprovedAR } from "./viewer";
import { getSessionHeaders, markViewerSpecific, requestContext } from "./request-context.server";
import { monitoringRole } from "./useAuth";
import { tagRequestRole } from "~/enhance/monitoring/sentry.server";
import {
  checkAndTouch,
  endSessionClock,
  endUserSessionClocks,
  recordCodeVerified,
  resetIdleClock,
  startSessionClock,
  timeoutSettings,
  type SessionClock,
  type TimeoutReason,
} from "./session-activity.server";

export { getSessionHeaders } from "./request-context.server";

/**
 * Where the session stands on two-factor sign-in (ADR 0099):
 *  passed      a second factor was verified in this session (aal2)
 *  not-set-up  the account has no authenticator and needs none (offered, not required)
 *  challenge   the account has one, and this session has not proved it yet
 *  enrol       an admin without one: they set one up before anything else
 * The last two are a session half-way through signing in: only /auth/mfa and
 * sign-out let it in, and public pages see nobody.
 */
export type SecondFactor = "passed" | "not-set-up" | "challenge" | "enrol";

export const MFA_PATH = "/auth/mfa";

export type ResolvedSession =
  | { state: "anonymous" }
  | { state: "expired"; reason: TimeoutReason }
  /** The account is suspended (ADR 0080): its session has just been signed out. */
  | { state: "suspended"; suspension: SuspensionNotice }
  | { state: "active"; viewer: Viewer; user: AuthUser; session: AuthSession; sessionId: string; clock: SessionClock; secondFactor: SecondFactor };

/** A session that has still to pass, or set up, its second factor. */
export const awaitsSecondFactor = (secondFactor: SecondFactor) => secondFactor === "challenge" || secondFactor === "enrol";

function secondFactorOf(viewer: Viewer, level: { current: "aal1" | "aal2"; next: "aal1" | "aal2" }): SecondFactor {
  if (level.current === "aal2") return "passed";
  if (level.next === "aal2") return "challenge";
  return isAdmin(viewer) ? "enrol" : "not-set-up";
}

const RESOLVED = "session";

/** The auth client bound to this request's cookies. */
export function authClient(request: Request): AuthClient {
  return getAuthPort().client(requestContext(request).jar);
}

export function resolveSession(request: Request): Promise<ResolvedSession> {
  const { memo } = requestContext(request);
  let pending = memo.get(RESOLVED) as Promise<ResolvedSession> | undefined;
  if (!pending) {
    pending = resolveOnce(request);
    memo.set(RESOLVED, pending);
  }
  return pending;
}

/** After a sign-in or sign-out inside this request, later guards must look again. */
export function forgetResolvedSession(request: Request): void {
  requestContext(request).memo.delete(RESOLVED);
}

async function resolveOnce(request: Request): Promise<ResolvedSession> {
  const client = authClient(request);
  const hasAuthCookie = requestContext(request).jar.getAll().some((c) => isAuthCookieName(c.name));
  if (!hasAuthCookie) return { state: "anonymous" };

  const current = await client.getSession();
  if (current.error || !current.data) {
    // An expired session whose refresh failed: signed out (SPEC §4).
    await client.signOut("local");
    return { state: "anonymous" };
  }
  let session = current.data;
  const verified = await client.getUser();
  if (verified.error) {
    // A ban ends the sessions (the local adapter answers user_banned for a token it signed;
    // GoTrue, if it refuses the token for a ban, has verified it): the person is told why.
    const userId = verified.error.code === AUTH_ERROR_CODES.userBanned ? subjectOf(session.access_token) : null;
    const suspension = userId ? await activeSuspension(db(), userId) : null;
    await client.signOut("local");
    if (userId && suspension) {
      await endUserSessionClocks(db(), userId);
      return { state: "suspended", suspension };
    }
    return { state: "anonymous" };
  }
  const sessionId = sessionIdOf(session.access_token);
  if (!sessionId) {
    await client.signOut("local");
    return { state: "anonymous" };
  }

  // Two-factor sign-in: answered from what verifying the session fetched (no extra round trip),
  // so before anything (a failed refresh) can clear the session this client verified.
  const level = await client.mfa.assurance();
  if (level.error) {
    await client.signOut("local");
    return { state: "anonymous" };
  }

  // One query: the profile and any suspension in force. Read before the clocks, so a
  // suspended person hears why (a ban refuses the very next request, even while the
  // provider's access token is still valid: ADR 0080).
  const { viewer, suspension } = await viewerAndSuspension(verified.data);
  if (suspension) {
    await client.signOut("local");
    await endUserSessionClocks(db(), verified.data.id);
    return { state: "suspended", suspension };
  }

  const clock = await checkAndTouch(db(), sessionId, verified.data.id, timeoutSettings());
  if (clock.state === "expired") {
    await client.signOut("local");
    await endSessionClock(db(), sessionId);
    return { state: "expired", reason: clock.reason };
  }

  const leftMs = session.expires_at * 1000 - Date.now();
  if (leftMs < REFRESH_THRESHOLD_MS) {
    const refreshed = await client.refreshSession();
    if (refreshed.data) session = refreshed.data;
    else if (leftMs < SIGN_OUT_THRESHOLD_MS) {
      await client.signOut("local");
      await endSessionClock(db(), sessionId);
      return { state: "anonymous" };
    }
  }

  // Whatever this request answers is now about this viewer: never cached (request-context.server.ts).
  markViewerSpecific(request);
  // Errors of this request carry the viewer's role in monitoring (SPEC §6; a no-op without Sentry).
  tagRequestRole(monitoringRole(viewer));
  return {
    state: "active",
    viewer,
    user: verified.data,
    session,
    sessionId,
    clock: clock.clock,
    secondFactor: secondFactorOf(viewer, level.data),
  };
}

/** The Viewer of an auth user: role and admin flag from public.profiles (SPEC §3, §6). */
export async function viewerFor(user: AuthUser): Promise<Viewer> {
  return (await viewerAndSuspension(user)).viewer;
}

/** The Viewer and the account's suspension in force (null when none), in one query. */
async function viewerAndSuspension(user: AuthUser): Promise<{ viewer: Viewer; suspension: SuspensionNotice | null }> {
  const { rows } = await sql<{
    role: Viewer["role"];
    is_admin: boolean | null;
    display_name: string | null;
    suspension_reason: string | null;
    suspension_ends_at: Date | string | null;
  }>`
    select p.role, p.is_admin, p.display_name, s.reason as suspension_reason, s.ends_at as suspension_ends_at
    from (select ${user.id}::uuid as id) as me
    left join public.profiles p on p.user_id = me.id
    left join public.account_suspensions s on s.user_id = me.id and (s.ends_at is null or s.ends_at > now())
  `.execute(db());
  const row = rows[0];
  const profile = row && (row.role !== null || row.is_admin !== null || row.display_name !== null) ? row : undefined;
  const suspension =
    row?.suspension_reason != null
      ? { reason: row.suspension_reason, endsAt: row.suspension_ends_at ? new Date(row.suspension_ends_at).toISOString() : null }
      : null;
  return { viewer: toViewer(user, profile), suspension };
}

function toViewer(user: AuthUser, profile: { role: Viewer["role"]; is_admin: boolean | null; display_name: string | null } | undefined): Viewer {
  const metadataName = typeof user.user_metadata.display_name === "string" ? user.user_metadata.display_name : null;
  return {
    id: user.id,
    email: user.email,
    // SPEC §2: display name, else the part of the e-mail before the @, else 'Member'.
    displayName: profile?.display_name || metadataName || user.email?.split("@")[0] || "Member",
    role: profile?.role ?? null,
    isAdmin: profile?.is_admin ?? false,
  };
}

/**
 * A suspended account's request (its session now signed out): to /auth, told
 * why and until when, by a toast and on the sign-in page itself.
 */
async function suspendedRedirect(request: Request, suspension: SuspensionNotice): Promise<Response> {
  const { jar } = requestContext(request);
  for (const cookie of jar.getAll()) {
    if (isAuthCookieName(cookie.name)) jar.set({ name: cookie.name, value: "", options: authCookieOptions(0) });
  }
  return redirect("/auth", {
    headers: combineHeaders(
      getSessionHeaders(request),
      await createToastHeaders({ type: "error", title: SUSPENSION_TEXT.title, message: suspensionMessage(suspension) }),
      { "Set-Cookie": await rememberSuspensionNotice(suspension) },
    ),
  });
}

// ---------------------------------------------------------------------------
// Guards

export async function optionalViewer(request: Request): Promise<Viewer | null> {
  const resolved = await resolveSession(request);
  if (resolved.state === "expired") throw await expiredSessionRedirect(request, resolved.reason);
  if (resolved.state === "suspended") throw await suspendedRedirect(request, resolved.suspension);
  // Half-way through signing in (the second factor to come) is not signed in yet.
  return resolved.state === "active" && !awaitsSecondFactor(resolved.secondFactor) ? resolved.viewer : null;
}

function originalPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export function signInPath(request: Request): string {
  return `/auth?${new URLSearchParams({ redirect: originalPath(request) })}`;
}

/** The second-factor page, coming back here once it is passed. */
export function secondFactorPath(request: Request): string {
  return `${MFA_PATH}?${new URLSearchParams({ redirect: originalPath(request) })}`;
}

export async function sessionExpiredToastHeaders(reason: TimeoutReason): Promise<Headers> {
  return createToastHeaders({
    type: "error",
    title: TEXT.sessionExpiredTitle,
    message: reason === "idle" ? TEXT.sessionExpiredIdle : TEXT.sessionExpiredAbsolute,
  });
}

/**
 * The session has just been signed out for a timeout: to /auth with the
 * 'Session Expired' toast, coming back to this page after sign-in. Requests
 * to /auth itself go to plain /auth (a redirect back to /auth would loop).
 */
async function expiredSessionRedirect(request: Request, reason: TimeoutReason): Promise<Response> {
  const target = new URL(request.url).pathname.startsWith("/auth") ? "/auth" : signInPath(request);
  return redirect(target, { headers: combineHeaders(getSessionHeaders(request), await sessionExpiredToastHeaders(reason)) });
}

export async function requireUser(request: Request): Promise<Viewer> {
  const resolved = await requireSession(request);
  if (awaitsSecondFactor(resolved.secondFactor)) throw redirect(secondFactorPath(request), { headers: getSessionHeaders(request) });
  return resolved.viewer;
}

/**
 * A signed-in session whatever its second factor: for the second-factor page
 * itself (access "second-factor"). Visitors go to /auth as requireUser's do.
 */
export async function requireSession(request: Request): Promise<Extract<ResolvedSession, { state: "active" }>> {
  const resolved = await resolveSession(request);
  if (resolved.state === "active") return resolved;
  if (resolved.state === "expired") throw await expiredSessionRedirect(request, resolved.reason);
  if (resolved.state === "suspended") throw await suspendedRedirect(request, resolved.suspension);
  throw redirect(signInPath(request), { headers: getSessionHeaders(request) });
}

export async function requireApprovedAR(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!isApprovedAR(viewer)) throw redirect("/ar", { headers: getSessionHeaders(request) });
  return viewer;
}

export async function requireAdmin(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!isAdmin(viewer)) throw redirect("/", { headers: getSessionHeaders(request) });
  return viewer;
}

// ---------------------------------------------------------------------------
// Sign-in, sign-out, extension

/** SPEC: after sign-in each role lands where it belongs. */
export function landingFor(viewer: Pick<Viewer, "role" | "isAdmin">): string {
  if (viewer.isAdmin) return "/admin";
  if (isApprovedAR(viewer)) return "/ar/dashboard";
  return "/dashboard";
}

/**
 * Called once a provider has issued a session for this request: starts the
 * server-side clocks, makes sure the person has a profile row (role still
 * empty: an applicant), and returns the Viewer. `viaCode`: the session was
 * started by a verified one-time code (recovery or code sign-in), which lets it
 * set a new password without the old one for 10 minutes.
 */
export async function beginSession(request: Request, session: AuthSession, { viaCode = false } = {}): Promise<Viewer> {
  const sessionId = sessionIdOf(session.access_token);
  if (sessionId) {
    await startSessionClock(db(), sessionId, session.user.id);
    if (viaCode) await recordCodeVerified(db(), sessionId);
  }
  await ensureProfile(session.user);
  forgetResolvedSession(request);
  emitAuthEvent(AUTH_EVENTS.signedIn, session.user.id);
  return viewerFor(session.user);
}

export async function ensureProfile(user: AuthUser): Promise<void> {
  const displayName = typeof user.user_metadata.display_name === "string" ? user.user_metadata.display_name.slice(0, 100) : null;
  await db()
    .insertInto("profiles")
    .values({ user_id: user.id, display_name: displayName, links: JSON.stringify([]) })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export interface SignOutOptions {
  scope?: SignOutScope;
  reason?: TimeoutReason;
}

/**
 * Signs out (global by default: every session of the user is revoked), clears
 * every cookie whose name starts with sb- or supabase.auth, and returns the
 * headers for the response (cookies, plus the 'Session Expired' toast when a
 * timeout caused it). Provider 401/403/404 answers are ignored (SPEC §8).
 */
export async function signOut(request: Request, options: SignOutOptions = {}): Promise<Headers> {
  const scope = options.scope ?? "global";
  const resolved = await resolveSession(request).catch(() => ({ state: "anonymous" }) as const);
  const client = authClient(request);
  const outcome = await client.signOut(scope);
  if (outcome.error && ![401, 403, 404].includes(outcome.error.status)) {
    console.error("sign-out: provider refused", outcome.error.status, outcome.error.code);
  }
  if (resolved.state === "active") {
    if (scope === "global") await endUserSessionClocks(db(), resolved.user.id);
    else if (scope === "local") await endSessionClock(db(), resolved.sessionId);
    emitAuthEvent(AUTH_EVENTS.signedOut, resolved.user.id);
  }
  const { jar } = requestContext(request);
  for (const cookie of jar.getAll()) {
    if (isAuthCookieName(cookie.name)) jar.set({ name: cookie.name, value: "", options: authCookieOptions(0) });
  }
  forgetResolvedSession(request);
  const headers = getSessionHeaders(request);
  return options.reason ? combineHeaders(headers, await sessionExpiredToastHeaders(options.reason)) : headers;
}

export type ExtendOutcome = { ok: true; absoluteRemainingMs: number } | { ok: false; reason: "expired" | "refresh_failed" };

/** Continue Session (SPEC §4): refreshes the auth session and restarts the idle clock. */
export async function extendSession(request: Request): Promise<ExtendOutcome> {
  const resolved = await resolveSession(request);
  if (resolved.state !== "active") return { ok: false, reason: "expired" };
  const refreshed = await authClient(request).refreshSession();
  if (refreshed.error) return { ok: false, reason: "refresh_failed" };
  const now = new Date();
  await resetIdleClock(db(), resolved.sessionId, now);
  return { ok: true, absoluteRemainingMs: absoluteRemaining(resolved.clock, now) };
}

function absoluteRemaining(clock: SessionClock, now = new Date()): number {
  return Math.max(0, clock.startedAt.getTime() + timeoutSettings().absoluteTimeoutMs - now.getTime());
}

export type { ClientSessionState } from "./session-state";

export async function getClientSessionState(request: Request): Promise<ClientSessionState | null> {
  const resolved = await resolveSession(request);
  if (resolved.state !== "active") return null;
  const settings = timeoutSettings();
  return {
    idleTimeoutMs: settings.idleTimeoutMs,
    warningMs: settings.warningMs,
    absoluteTimeoutMs: settings.absoluteTimeoutMs,
    absoluteRemainingMs: absoluteRemaining(resolved.clock),
  };
}

/** The session as a page may show it (phone test pages): never the tokens. */
export interface SessionSummary {
  userId: string;
  email: string | null;
  phone: string | null;
  metadataRole: string;
  profileRole: Viewer["role"];
  isAdmin: boolean;
  expiresAt: number;
  expiresIn: number;
  tokenType: string;
  startedAt: string;
  lastActiveAt: string;
}

export async function getSessionSummary(request: Request): Promise<SessionSummary | null> {
  const resolved = await resolveSession(request);
  if (resolved.state !== "active") return null;
  const { session, user, viewer, clock } = resolved;
  return {
    userId: user.id,
    email: user.email,
    phone: user.phone,
    metadataRole: typeof user.user_metadata.role === "string" ? user.user_metadata.role : "user",
    profileRole: viewer.role,
    isAdmin: viewer.isAdmin,
    expiresAt: session.expires_at,
    expiresIn: Math.max(0, session.expires_at - Math.floor(Date.now() / 1000)),
    tokenType: session.token_type,
    startedAt: clock.startedAt.toISOString(),
    lastActiveAt: clock.lastActiveAt.toISOString(),
  };
}
