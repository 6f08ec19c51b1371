/**
 * Two-factor sign-in for test clients (ADR 0099): an admin must set up an
 * authenticator before anything else, and whoever has one is challenged.
 * TestClient.signIn passes that step the way a person would, through
 * /auth/mfa's own forms: it reads the set-up key off the page, answers with
 * the current code, and keeps the key and the recovery codes per account for
 * the next sign-in. A code is good once per 30-second step, so a second
 * sign-in within the same step spends a recovery code instead (and an admin
 * then sets up a new authenticator, as the page asks).
 */
import { MFA_TEXT } from "~/auth/mfa/mfa-text";
import { totpCode, totpStep, TOTP_PERIOD_S } from "~/platform/auth/totp.server";

export interface Authenticator {
  secret: string;
  recoveryCodes: string[];
  lastStep: number;
}

const authenticators = new Map<string, Authenticator>();

/** The authenticator a test client set up for an account (null: none yet). */
export function authenticatorOf(email: string): Authenticator | null {
  return authenticators.get(email.toLowerCase()) ?? null;
}

export function forgetAuthenticator(email: string): void {
  authenticators.delete(email.toLowerCase());
}

const html = (text: string) => text.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

export function secretOnPage(page: string): string | null {
  const match = /data-testid="mfa-secret"[^>]*>([^<]+)</.exec(page);
  return match ? match[1]!.replace(/\s+/g, "") : null;
}

export function recoveryCodesOnPage(page: string): string[] {
  const list = /data-testid="recovery-codes"[\s\S]*?<\/ul>/.exec(page)?.[0] ?? "";
  return [...list.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]!);
}

interface Client {
  get(path: string): Promise<Response>;
  post(path: string, body?: Record<string, string | string[]>): Promise<Response>;
}

/** Sets up an authenticator from the set-up page: returns it, with the recovery codes the page then shows. */
export async function setUpAuthenticator(client: Client, email: string): Promise<Authenticator> {
  const started = await client.post("/auth/mfa", { intent: "enrol" });
  if (started.status !== 302) throw new Error(`setting up two-factor sign-in for ${email}: enrol answered ${started.status}`);
  const secret = secretOnPage(await (await client.get("/auth/mfa")).text());
  if (!secret) throw new Error(`setting up two-factor sign-in for ${email}: no key on the set-up page`);
  const at = new Date();
  const confirmed = await client.post("/auth/mfa", { intent: "confirm", code: totpCode(secret, at) });
  if (confirmed.status !== 302) throw new Error(`setting up two-factor sign-in for ${email}: confirm answered ${confirmed.status}: ${(await confirmed.text()).slice(0, 300)}`);
  const recoveryCodes = recoveryCodesOnPage(await (await client.get("/auth/mfa")).text());
  const authenticator = { secret, recoveryCodes, lastStep: totpStep(at) };
  authenticators.set(email.toLowerCase(), authenticator);
  return authenticator;
}

/** After a password sign-in: passes the second factor where the account has or needs one. */
export async function passSecondFactor(client: Client, email: string): Promise<void> {
  const page = html(await (await client.get("/auth/mfa")).text());
  if (page.includes(MFA_TEXT.enrolRequiredTitle)) {
    await setUpAuthenticator(client, email);
    return;
  }
  if (!page.includes(MFA_TEXT.challengeTitle)) return;
  const known = authenticatorOf(email);
  if (!known) throw new Error(`${email} has an authenticator this test process did not set up: sign in with its code yourself`);
  // The server takes the steps either side of now, each once: the next unused one, if the window has it.
  const step = Math.max(totpStep(new Date()) - 1, known.lastStep + 1);
  if (step <= totpStep(new Date()) + 1) {
    const verified = await client.post("/auth/mfa", { intent: "verify", code: totpCode(known.secret, new Date(step * TOTP_PERIOD_S * 1000 + 1000)) });
    if (verified.status === 302) {
      known.lastStep = step;
      return;
    }
  }
  const recoveryCode = known.recoveryCodes.shift();
  if (!recoveryCode) throw new Error(`${email}: no recovery code left for another sign-in within 30 seconds`);
  const recovered = await client.post("/auth/mfa", { intent: "recover", recoveryCode });
  if (recovered.status !== 302) throw new Error(`${email}: the recovery code was refused (${recovered.status})`);
  forgetAuthenticator(email);
  // The lost authenticator is gone: an admin sets up a new one at once.
  await passSecondFactor(client, email);
}
