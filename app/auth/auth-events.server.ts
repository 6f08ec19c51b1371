/**
 * Auth events (SPEC §4: initial session, signed in, signed out, token
 * refreshed, user updated, password recovery, MFA challenge verified), by
 * Supabase's names, as the server sees them happen. The browser holds no
 * session to subscribe to (ADR 0099): whoever needs to know listens here, and
 * production logs each one (who, never a code or token) for the security log.
 */
export const AUTH_EVENTS = {
  initialSession: "INITIAL_SESSION",
  signedIn: "SIGNED_IN",
  signedOut: "SIGNED_OUT",
  tokenRefreshed: "TOKEN_REFRESHED",
  userUpdated: "USER_UPDATED",
  passwordRecovery: "PASSWORD_RECOVERY",
  mfaChallengeVerified: "MFA_CHALLENGE_VERIFIED",
} as const;

export type AuthEventName = (typeof AUTH_EVENTS)[keyof typeof AUTH_EVENTS];

export interface AuthEvent {
  event: AuthEventName;
  userId: string;
  at: Date;
  /** How, where it matters: "totp" or "recovery-code" for a verified challenge. */
  method?: string;
}

type Listener = (event: AuthEvent) => void;
// On globalThis, as the runtime is: a module graph loaded twice in one process (Vite's SSR loader in
// the integration tests) still has one set of listeners.
const LISTENERS = Symbol.for("hit-factory.auth-event-listeners");
const holder = globalThis as typeof globalThis & { [LISTENERS]?: Set<Listener> };
const listeners = (holder[LISTENERS] ??= new Set<Listener>());

/** Listens to every auth event; returns the function that stops it. */
export function onAuthEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function emitAuthEvent(event: AuthEventName, userId: string, method?: string): void {
  const happened: AuthEvent = { event, userId, at: new Date(), ...(method ? { method } : {}) };
  for (const listener of listeners) {
    try {
      listener(happened);
    } catch (error) {
      console.error("[auth] an auth event listener failed", error);
    }
  }
}

/** The production log line of an event: the account's id only. */
export function logAuthEvents(log: (line: string) => void = (line) => console.info(line)): () => void {
  return onAuthEvent(({ event, userId, method }) => log(`[auth] ${event} user=${userId}${method ? ` method=${method}` : ""}`));
}
