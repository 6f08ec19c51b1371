/**
 * Two-factor sign-in, the page's side (ADR 0099): what /auth/mfa shows to
 * whom, and its forms. The provider (the auth port's `mfa`) keeps the
 * authenticators and raises a session to aal2; recovery codes are ours
 * (recovery-codes.server.ts).
 *
 * Two short-lived cookies carry what must survive a redirect without being
 * stored in the clear, both sealed (AES-GCM under the session secret), bound
 * to the account, HttpOnly and scoped to /auth:
 *  - the set-up in progress (the new factor's id, secret and URI), so a wrong
 *    first code, or a page without JavaScript, can show the QR code again;
 *  - a new set of recovery codes, shown by the next page load and gone after.
 */
import { redirect } from "@remix-run/node";
import QRCode from "qrcode";
import { getAuthPort } from "~/platform/auth/index.server";
import { authCookieOptions } from "~/platform/auth/cookies.server";
import type { AuthError } from "~/platform/auth/port";
import { AUTH_ERROR_CODES } from "~/platform/auth/port";
import { sealText, unsealText } from "~/platform/auth/totp.server";
import type { Database } from "~/platform/db/connect.server";
import { consume, RATE_LIMITS, refund } from "~/platform/rate-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { form, type FormContext } from "~/routing/forms.server";
import { safeSameSitePath } from "~/shared/safe-redirect";
import { redirectWithToast } from "~/toast/toast.server";
import { AUTH_EVENTS, emitAuthEvent } from "../auth-events.server";
import { requestContext } from "../request-context.server";
import { authClient, forgetResolvedSession, landingFor, MFA_PATH, requireSession, type SecondFactor } from "../session.server";
import type { Viewer } from "../viewer";
import { MFA_TEXT } from "./mfa-text";
import { forgetRecoveryCodes, issueRecoveryCodes, redeemRecoveryCode, restoreRecoveryCode, unusedRecoveryCodes } from "./recovery-codes.server";
import { mfaStepSchema, recoveryCodeSchema, totpCodeSchema } from "./schema";
import { claimCode, releaseCode } from "./used-codes.server";

const SETUP_COOKIE = "hf-mfa-setup";
/** /auth, not /auth/mfa: the page's data requests go to /auth/mfa.data, which a /auth/mfa cookie path does not cover. */
const COOKIE_PATH = "/auth";
const CODES_COOKIE = "hf-mfa-codes";
const SETUP_TTL_S = 15 * 60;
const CODES_TTL_S = 5 * 60;
/** The one /auth page a second factor may lead back to: a password recovery's last step. */
const RECOVERY_PASSWORD_STEP = "/auth?mode=recover&step=password";

interface Sealed {
  userId: string;
  expiresAt: number;
}
interface SetupInProgress extends Sealed {
  factorId: string;
  secret: string;
  uri: string;
}
interface NewCodes extends Sealed {
  codes: string[];
}

function writeSealed(request: Request, name: string, payload: object, maxAgeS: number): void {
  const value = sealText(getRuntime().sessionSecret, `cookie:${name}`, JSON.stringify({ ...payload, expiresAt: Date.now() + maxAgeS * 1000 }));
  requestContext(request).jar.set({ name, value, options: { ...authCookieOptions(maxAgeS), path: COOKIE_PATH } });
}

function readSealed<T extends Sealed>(request: Request, name: string, userId: string): T | null {
  const value = requestContext(request).jar.get(name);
  if (!value) return null;
  const plain = unsealText(getRuntime().sessionSecret, `cookie:${name}`, value);
  if (!plain) return null;
  try {
    const payload = JSON.parse(plain) as T;
    return payload.userId === userId && payload.expiresAt > Date.now() ? payload : null;
  } catch {
    return null;
  }
}

function clearSealed(request: Request, name: string): void {
  if (requestContext(request).jar.get(name) === undefined) return;
  requestContext(request).jar.set({ name, value: "", options: { ...authCookieOptions(0), path: COOKIE_PATH } });
}

/** Where a person goes once past the second factor: a same-site path, never back into /auth (but a recovery's new password). */
export function afterSecondFactor(viewer: Pick<Viewer, "role" | "isAdmin">, redirectTo: string | null | undefined): string {
  const landing = landingFor(viewer);
  const safe = safeSameSitePath(redirectTo, landing);
  if (safe === RECOVERY_PASSWORD_STEP || safe.startsWith(`${RECOVERY_PASSWORD_STEP}&`)) return safe;
  return safe === "/auth" || safe.startsWith("/auth/") || safe.startsWith("/auth?") ? landing : safe;
}

/** /auth/mfa, keeping where the person is going. */
export function secondFactorPage(redirectTo: string | null | undefined): string {
  const safe = safeSameSitePath(redirectTo, "");
  return safe ? `${MFA_PATH}?${new URLSearchParams({ redirect: safe })}` : MFA_PATH;
}

/** Four digits at a time, as authenticator apps print keys. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export type SecondFactorView =
  | { view: "challenge" }
  | { view: "start"; required: boolean }
  | { view: "setup"; required: boolean; qrSvg: string; key: string }
  | { view: "codes"; codes: string[] }
  | { view: "manage"; remaining: number; since: string | null; canDisable: boolean };

/** What /auth/mfa shows this session. */
export async function secondFactorView(request: Request, db: Database): Promise<SecondFactorView & { secondFactor: SecondFactor }> {
  const { viewer, secondFactor } = await requireSession(request);
  if (secondFactor === "challenge") return { view: "challenge", secondFactor };
  const fresh = readSealed<NewCodes>(request, CODES_COOKIE, viewer.id);
  if (fresh) {
    // Shown once: a reload no longer has them (new ones can be made from the same page).
    clearSealed(request, CODES_COOKIE);
    return { view: "codes", codes: fresh.codes, secondFactor };
  }
  const factors = await authClient(request).mfa.listFactors();
  if (factors.error) throw new Response(MFA_TEXT.unavailable, { status: 503 });
  const verified = factors.data.filter((factor) => factor.status === "verified");
  if (verified.length === 0) {
    const required = secondFactor === "enrol";
    const setup = readSealed<SetupInProgress>(request, SETUP_COOKIE, viewer.id);
    if (setup && factors.data.some((factor) => factor.id === setup.factorId)) {
      const qrSvg = await QRCode.toString(setup.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M", width: 200 });
      return { view: "setup", required, qrSvg, key: grouped(setup.secret), secondFactor };
    }
    return { view: "start", required, secondFactor };
  }
  return {
    view: "manage",
    remaining: await unusedRecoveryCodes(db, viewer.id),
    since: verified[0]?.createdAt ?? null,
    canDisable: !viewer.isAdmin,
    secondFactor,
  };
}

// ---------------------------------------------------------------------------
// The forms

type Ctx<S extends typeof totpCodeSchema | typeof recoveryCodeSchema | typeof mfaStepSchema> = FormContext<"second-factor", S>;

const perAccount = { subject: ({ viewer }: { viewer: Viewer | null }) => viewer?.id ?? "" };
const checks = { rule: RATE_LIMITS.secondFactorChecksPerUser, ...perAccount };
const changes = { rule: RATE_LIMITS.secondFactorChangesPerUser, ...perAccount };

/**
 * Beyond the 15-minute budget, a day's: failed codes only (a success gives its
 * hit back), so a person signing in all day never meets it, while a guesser
 * holding the password gets 30 tries a day instead of 960.
 */
async function overDailyBudget(context: { db: Database; viewer: Viewer; reply: Ctx<typeof totpCodeSchema>["reply"] }) {
  const limited = await consume(context.db, RATE_LIMITS.secondFactorFailuresPerUserDay, context.viewer.id);
  return limited ? context.reply({ formErrors: [limited.message], status: 429, headers: limited.headers() }) : null;
}
const succeeded = (context: { db: Database; viewer: Viewer }) => refund(context.db, RATE_LIMITS.secondFactorFailuresPerUserDay, context.viewer.id);

const notNow = (context: { reply: Ctx<typeof mfaStepSchema>["reply"] }) => context.reply({ formErrors: [MFA_TEXT.notNow], status: 409 });

/** A refused code under its field; anything else the provider says is the form's error. */
function codeRefusal(context: Ctx<typeof totpCodeSchema>, error: AuthError) {
  const wrong = error.code === AUTH_ERROR_CODES.mfaVerificationFailed || error.code === AUTH_ERROR_CODES.mfaChallengeExpired || error.status === 422;
  if (wrong) return context.reply({ fieldErrors: { code: [MFA_TEXT.wrongCode] }, status: 400 });
  if (error.status === 429) return context.reply({ formErrors: [MFA_TEXT.providerBusy], status: 429 });
  return context.reply({ formErrors: [MFA_TEXT.unavailable], status: error.status >= 500 ? 503 : 400 });
}

/**
 * A code from the factor's authenticator, checked by the provider, once: the
 * code is claimed first (used-codes.server.ts) and given back if refused.
 * Null when it is right; otherwise the reply that says why.
 */
async function checkCode(context: Ctx<typeof totpCodeSchema>, factorId: string) {
  const { request, db, value } = context;
  const overBudget = await overDailyBudget(context);
  if (overBudget) return overBudget;
  if (!(await claimCode(db, factorId, value.code))) return context.reply({ fieldErrors: { code: [MFA_TEXT.wrongCode] }, status: 400 });
  const client = authClient(request).mfa;
  const challenge = await client.challenge(factorId);
  const verified = challenge.error ? challenge : await client.verify({ factorId, challengeId: challenge.data.challengeId, code: value.code });
  if (verified.error) {
    await releaseCode(db, factorId, value.code);
    return codeRefusal(context, verified.error);
  }
  await succeeded(context);
  return null;
}

async function currentState(request: Request) {
  return (await requireSession(request)).secondFactor;
}

/** The challenge: a code from the authenticator raises this session to aal2. */
const verify = form<"second-factor", typeof totpCodeSchema>({
  schema: totpCodeSchema,
  rateLimit: checks,
  hide: ["code"],
  async handle(context) {
    const { request, viewer, value } = context;
    if ((await currentState(request)) !== "challenge") return notNow(context);
    const factors = await authClient(request).mfa.listFactors();
    const factor = factors.data?.find((f) => f.status === "verified");
    if (!factor) return notNow(context);
    const refused = await checkCode(context, factor.id);
    if (refused) return refused;
    forgetResolvedSession(request);
    emitAuthEvent(AUTH_EVENTS.mfaChallengeVerified, viewer.id, "totp");
    return redirect(afterSecondFactor(viewer, value.redirectTo));
  },
});

/**
 * A recovery code in place of the lost authenticator: spent, and the
 * authenticator removed (a lost phone must not keep opening the account). An
 * admin sets up a new one before anything else; a member may later.
 */
const recover = form<"second-factor", typeof recoveryCodeSchema>({
  schema: recoveryCodeSchema,
  rateLimit: checks,
  hide: ["recoveryCode"],
  async handle(context) {
    const { request, viewer, value, db } = context;
    if ((await currentState(request)) !== "challenge") return notNow(context);
    const overBudget = await overDailyBudget(context);
    if (overBudget) return overBudget;
    const admin = getAuthPort().admin();
    let spent = false;
    if (admin.transactional) {
      // The embedded provider's tables are ours: the code and the factors change together.
      spent = await db.transaction().execute(async (tx) => {
        if (!(await redeemRecoveryCode(tx, viewer.id, value.recoveryCode))) return false;
        const removed = await admin.deleteFactors(viewer.id, tx);
        if (removed.error) throw removed.error;
        return true;
      });
    } else {
      spent = await redeemRecoveryCode(db, viewer.id, value.recoveryCode);
      if (spent) {
        const removed = await admin.deleteFactors(viewer.id);
        if (removed.error) {
          // The factor is still there: the code must still work.
          await restoreRecoveryCode(db, viewer.id, value.recoveryCode);
          return context.reply({ formErrors: [MFA_TEXT.unavailable], status: 503 });
        }
      }
    }
    if (!spent) return context.reply({ fieldErrors: { recoveryCode: [MFA_TEXT.wrongRecoveryCode] }, status: 400 });
    await succeeded(context);
    await forgetRecoveryCodes(db, viewer.id);
    // Whoever else holds a session of this account (the lost phone's browser, say) is signed out:
    // from here on, only this session may set up the new authenticator.
    await authClient(request).signOut("others");
    forgetResolvedSession(request);
    emitAuthEvent(AUTH_EVENTS.mfaChallengeVerified, viewer.id, "recovery-code");
    if (viewer.isAdmin) return redirectWithToast(secondFactorPage(value.redirectTo), { type: "success", message: MFA_TEXT.recoveryUsed });
    return redirectWithToast(afterSecondFactor(viewer, value.redirectTo), { type: "success", message: MFA_TEXT.recoveryUsedOptional });
  },
});

/** Starts setting up an authenticator: a new unverified factor, its secret sealed in the set-up cookie. */
const enrol = form<"second-factor", typeof mfaStepSchema>({
  schema: mfaStepSchema,
  rateLimit: changes,
  async handle(context) {
    const { request, viewer, value } = context;
    if ((await currentState(request)) === "challenge") return notNow(context);
    const client = authClient(request).mfa;
    const factors = await client.listFactors();
    if (factors.error) return context.reply({ formErrors: [MFA_TEXT.unavailable], status: 503 });
    if (factors.data.some((f) => f.status === "verified")) return context.reply({ formErrors: [MFA_TEXT.nothingToSetUp], status: 409 });
    const enrolment = await client.enroll("Authenticator app");
    if (enrolment.error) return context.reply({ formErrors: [MFA_TEXT.unavailable], status: enrolment.error.status >= 500 ? 503 : 400 });
    writeSealed(request, SETUP_COOKIE, { userId: viewer.id, factorId: enrolment.data.factorId, secret: enrolment.data.secret, uri: enrolment.data.uri }, SETUP_TTL_S);
    return redirect(secondFactorPage(value.redirectTo));
  },
});

/** The first code from the new authenticator: the factor is verified, the session aal2, and recovery codes are made. */
const confirm = form<"second-factor", typeof totpCodeSchema>({
  schema: totpCodeSchema,
  rateLimit: checks,
  hide: ["code"],
  async handle(context) {
    const { request, viewer, value, db } = context;
    // A session that still owes its code answers the challenge, not a new authenticator's.
    if ((await currentState(request)) === "challenge") return notNow(context);
    const setup = readSealed<SetupInProgress>(request, SETUP_COOKIE, viewer.id);
    if (!setup) return context.reply({ formErrors: [MFA_TEXT.setupExpired], status: 409 });
    const factors = await authClient(request).mfa.listFactors();
    if (factors.error) return context.reply({ formErrors: [MFA_TEXT.unavailable], status: 503 });
    if (!factors.data.some((f) => f.id === setup.factorId && f.status === "unverified")) {
      clearSealed(request, SETUP_COOKIE);
      return context.reply({ formErrors: [MFA_TEXT.setupExpired], status: 409 });
    }
    const refused = await checkCode(context, setup.factorId);
    if (refused) return refused;
    const codes = await issueRecoveryCodes(db, viewer.id);
    clearSealed(request, SETUP_COOKIE);
    writeSealed(request, CODES_COOKIE, { userId: viewer.id, codes }, CODES_TTL_S);
    forgetResolvedSession(request);
    emitAuthEvent(AUTH_EVENTS.mfaChallengeVerified, viewer.id, "totp");
    return redirectWithToast(secondFactorPage(value.redirectTo), { type: "success", message: MFA_TEXT.turnedOn });
  },
});

/** Leaves a set-up half-way: the unverified factor goes. */
const cancel = form<"second-factor", typeof mfaStepSchema>({
  schema: mfaStepSchema,
  rateLimit: changes,
  async handle(context) {
    const { request, viewer, value } = context;
    const setup = readSealed<SetupInProgress>(request, SETUP_COOKIE, viewer.id);
    if (setup) {
      const factors = await authClient(request).mfa.listFactors();
      const pending = factors.data?.find((f) => f.id === setup.factorId && f.status === "unverified");
      if (pending) await authClient(request).mfa.unenroll(pending.id);
    }
    clearSealed(request, SETUP_COOKIE);
    return redirect(secondFactorPage(value.redirectTo));
  },
});

async function passedWithFactor(request: Request): Promise<string | null> {
  if ((await currentState(request)) !== "passed") return null;
  const factors = await authClient(request).mfa.listFactors();
  return factors.data?.find((f) => f.status === "verified")?.id ?? null;
}

/** A new set of recovery codes (the old set stops working), from a session that passed its second factor. */
const regenerate = form<"second-factor", typeof totpCodeSchema>({
  schema: totpCodeSchema,
  rateLimit: changes,
  hide: ["code"],
  async handle(context) {
    const { request, viewer, value, db } = context;
    const factorId = await passedWithFactor(request);
    if (!factorId) return notNow(context);
    // A current code first: a session left open must not be enough to mint lasting access.
    const refused = await checkCode(context, factorId);
    if (refused) return refused;
    const codes = await issueRecoveryCodes(db, viewer.id);
    writeSealed(request, CODES_COOKIE, { userId: viewer.id, codes }, CODES_TTL_S);
    return redirectWithToast(secondFactorPage(value.redirectTo), { type: "success", message: MFA_TEXT.newCodes });
  },
});

/** Turns two-factor sign-in off (members and A&R; admins keep it). */
const disable = form<"second-factor", typeof totpCodeSchema>({
  schema: totpCodeSchema,
  rateLimit: changes,
  hide: ["code"],
  async handle(context) {
    const { request, viewer, value, db } = context;
    if (viewer.isAdmin) return context.reply({ formErrors: [MFA_TEXT.adminsCannotDisable], status: 403 });
    const factorId = await passedWithFactor(request);
    if (!factorId) return notNow(context);
    const refused = await checkCode(context, factorId);
    if (refused) return refused;
    const client = authClient(request).mfa;
    const factors = await client.listFactors();
    for (const factor of factors.data ?? []) {
      const removed = await client.unenroll(factor.id);
      if (removed.error) return context.reply({ formErrors: [MFA_TEXT.unavailable], status: removed.error.status >= 500 ? 503 : 400 });
    }
    await forgetRecoveryCodes(db, viewer.id);
    forgetResolvedSession(request);
    return redirectWithToast(secondFactorPage(value.redirectTo), { type: "success", message: MFA_TEXT.turnedOff });
  },
});

export const SECOND_FACTOR_FORMS = { verify, recover, enrol, confirm, cancel, regenerate, disable };
