/**
 * The pool of signed-in sessions the e2e fixtures hand out (tests/e2e/fixtures.ts
 * `signedInAs`), as prepare-sessions.ts writes it before the server starts.
 *
 * Plain Node only: the Playwright workers read this, and must not load the app.
 */
import fs from "node:fs";
import path from "node:path";

/**
 * The five demo accounts (app/demo/accounts.ts) and the demo collective's
 * pending A&R (pendingar@, app/ar/registration-demo.ts: signed in, no role, an
 * A&R request waiting for review), shared by every test that signs in as them.
 */
export const DEMO_PERSONAS = ["admin", "ar", "member", "newmember", "applicant", "pendingAr"] as const;
export type DemoPersona = (typeof DEMO_PERSONAS)[number];
/**
 * "disposable": an accepted member of its own (one user per session), for a
 * test that signs out everywhere, changes a password or otherwise ends more
 * than its own session. A demo persona's user is shared with tests running
 * at the same time, and the app's sign-out is global by default.
 */
export type Persona = DemoPersona | "disposable";

export interface PooledSession {
  userId: string;
  email: string;
  displayName: string;
  /** Where a sign-in through the form would land (landingFor). */
  landing: string;
  /** The value of the session cookie, exactly as the server's Set-Cookie carries it. */
  cookie: string;
}

export interface SessionPool {
  /** When the sessions were made (ms): their idle clocks started then. */
  createdAt: number;
  /** The server's idle timeout: a session unused for this long is over. */
  idleTimeoutMs: number;
  cookieName: string;
  /** Whether the server sets the cookie Secure (production): the fixture sets it the same way. */
  secure: boolean;
  sessions: Record<Persona, PooledSession[]>;
  /**
   * Admins of their own, each with an authenticator of its own, for the specs
   * that sign an admin in through the form, and for `signedInAs("admin")` once
   * the prepared admin sessions are used up or too old: a code is good once
   * and an account has 10 checks per 15 minutes, so no two tests share one.
   */
  formAdmins: FormAdmin[];
}

export interface FormAdmin {
  email: string;
  userId: string;
  displayName: string;
  totpSecret: string;
}

/** An admin of its own for this test (null when all are taken). */
export function claimFormAdmin(dataDir: string, pool: SessionPool, by: string): FormAdmin | null {
  const dir = claimsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  for (let index = 0; index < pool.formAdmins.length; index++) {
    try {
      fs.writeFileSync(path.join(dir, `form-admin-${index}`), `${by}\n`, { flag: "wx" });
      return pool.formAdmins[index]!;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return null;
}

/** Everything the pool needs lives in the server's (throwaway) DATA_DIR. */
export const poolDir = (dataDir: string) => path.join(dataDir, "e2e-sessions");
export const poolFile = (dataDir: string) => path.join(poolDir(dataDir), "pool.json");
/** One file per session taken: created exclusively, so no two tests can take the same one. */
export const claimsDir = (dataDir: string) => path.join(poolDir(dataDir), "claims");

export function readPool(dataDir: string): SessionPool {
  return JSON.parse(fs.readFileSync(poolFile(dataDir), "utf8")) as SessionPool;
}

/**
 * Takes the first session of `persona` no one has taken in this run, across
 * workers, restarted workers and retries (an exclusive create is atomic), and
 * returns it with its index, or null when all are taken.
 */
export function claimSession(dataDir: string, pool: SessionPool, persona: Persona, by: string): { index: number; session: PooledSession } | null {
  const dir = claimsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const sessions = pool.sessions[persona] ?? [];
  for (let index = 0; index < sessions.length; index++) {
    try {
      fs.writeFileSync(path.join(dir, `${persona}-${index}`), `${by}\n`, { flag: "wx" });
      return { index, session: sessions[index] };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return null;
}
