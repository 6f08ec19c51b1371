/**
 * The /auth page's forms: sign in (password), sign up, one-time code sign-in,
 * password recovery and the new password. Each is one form of the route's
 * declaration (app/routes/auth/sign-in.tsx) and goes through the shared form
 * pipeline (app/routing/forms.server.ts): the `intent` picks it, the honeypot
 * guards the public ones, its zod schema (forms.ts) parses it, and the
 * handler below does the auth work. Successful steps redirect
 * (post/redirect/get, so a reload never re-submits); refusals re-render the
 * form with the error, a 4xx status and the password fields emptied.
 */
import { redirect } from "@remix-run/node";
import { safeSameSitePath } from "~/shared/safe-redirect";
import type { AuthError } from "~/platform/auth/port";
import { describeWeakPasswordReasons } from "~/platform/auth/password-policy";
import { combineHeaders, createToastHeaders } from "~/toast/toast.server";
import { form, type FormContext, type ReplyOptions } from "~/routing/forms.server";
import type { Access } from "~/routing/access";
import {
  chargeAccountCreation,
  chargeCodeCheck,
  chargeCodeRequest,
  chargeSignInAttempt,
  clearAccountFailures,
  settleCodeCheck,
  settleSuccessfulSignIn,
} from "./attempt-limits.server";
import { PASSWORD_CHANGE_MESSAGES, changePassword, type PasswordChangeOutcome } from "./password-change.server";
import {
  INTENTS,
  newPasswordSchema,
  otpRequestSchema,
  otpVerifySchema,
  recoverRequestSchema,
  recoverVerifySchema,
  signInSchema,
  signUpSchema,
} from "./forms";
import { parseIdentifier, type ParsedIdentifier } from "~/platform/auth/identifiers";
import { authErrorMessage, statusForAuthError, AUTH_MESSAGES } from "./messages";
import { forgetPendingCode, otpTypeFor, readPendingCode, rememberPendingCode, type PendingCode } from "./pending.server";
import { requestContext } from "./request-context.server";
import { getAuthPort } from "~/platform/auth/index.server";
import { SUSPENSION_TEXT, suspensionMessage } from "./suspension";
import { activeSuspensionOf, forgetSuspensionNotice } from "./suspension.server";
import { authClient, beginSession, getSessionHeaders, landingFor, requireUser } from "./session.server";
import type { Viewer } from "./viewer";

type Context<S extends keyof typeof SCHEMA_OF> = FormContext<Access, (typeof SCHEMA_OF)[S]>;
const SCHEMA_OF = {
  signIn: signInSchema,
  signUp: signUpSchema,
  otpRequest: otpRequestSchema,
  recoverRequest: recoverRequestSchema,
  otpVerify: otpVerifySchema,
  recoverVerify: recoverVerifySchema,
  newPassword: newPasswordSchema,
} as const;

/** Same-site paths only, and never back into /auth itself. */
export function destinationAfterSignIn(viewer: Pick<Viewer, "role" | "isAdmin">, redirectTo: string | null | undefined): string {
  const landing = landingFor(viewer);
  const safe = safeSameSitePath(redirectTo, landing);
  return safe === "/auth" || safe.startsWith("/auth/") || safe.startsWith("/auth?") ? landing : safe;
}

function keyOf(identifier: ParsedIdentifier): string {
  return "email" in identifier ? identifier.email : identifier.phone;
}

function authPageUrl(mode: string, step: string | null, redirectTo: string | undefined) {
  const params = new URLSearchParams({ mode });
  if (step) params.set("step", step);
  if (redirectTo) params.set("redirect", redirectTo);
  return `/auth?${params}`;
}

async function signIn({ request, db, value, reply }: Context<"signIn">) {
  const { password, redirectTo } = value;
  const identifier = parseIdentifier(value.identifier)!;
  const address = requestContext(request).clientAddress;

  // Each attempt is counted (one atomic upsert) before the password is checked,
  // so a parallel burst cannot all pass a check that runs before any failure is
  // recorded; a successful sign-in gives back only what it was charged.
  const limited = await chargeSignInAttempt(db, keyOf(identifier), address);
  if (limited) return reply(refusedBy(limited));

  const outcome = await authClient(request).signInWithPassword({ ...identifier, password } as Parameters<
    ReturnType<typeof authClient>["signInWithPassword"]
  >[0]);
  if (outcome.error) return reply(outcome.error.code === "user_banned" ? await suspendedRefusal(db, identifier) : refusedWith(outcome.error));
  await settleSuccessfulSignIn(db, keyOf(identifier), address);
  const viewer = await beginSession(request, outcome.data);
  // A suspension notice from before (ADR 0080) no longer applies once the person is back in.
  throw redirect(destinationAfterSignIn(viewer, redirectTo), {
    headers: combineHeaders(getSessionHeaders(request), { "Set-Cookie": await forgetSuspensionNotice() }),
  });
}

/**
 * A sign-in refused for a suspension (ADR 0080). The embedded adapter checks
 * the password (or code) before the ban, so its refusal proves the person
 * knows it: they read the reason and end date. GoTrue checks the ban first,
 * so on Supabase the same refusal may follow a wrong password: no details.
 */
async function suspendedRefusal(db: Context<"signIn">["db"], identifier: ParsedIdentifier): Promise<ReplyOptions> {
  const notice = getAuthPort().kind === "local" ? await activeSuspensionOf(db, identifier) : null;
  return { formErrors: [notice ? suspensionMessage(notice) : SUSPENSION_TEXT.withoutDetails], status: 400 };
}

/** A refusal by the provider, with its status. */
function refusedWith(error: AuthError): ReplyOptions {
  return { formErrors: [authErrorMessage(error)], status: statusForAuthError(error) };
}

/** A refusal by a rate limit: 429 with Retry-After. */
function refusedBy(limited: { message: string; headers(): Record<string, string> }): ReplyOptions {
  return { formErrors: [limited.message], status: 429, headers: limited.headers() };
}

/** A weak password lists each of its reasons under the field (SPEC §8: weak_password with reasons). */
function weakPassword(error: AuthError): ReplyOptions {
  const reasons = error.code === "weak_password" ? describeWeakPasswordReasons(error.reasons ?? []) : [];
  return { fieldErrors: { password: reasons.length ? reasons : [authErrorMessage(error)] }, status: statusForAuthError(error) };
}

async function signUp({ request, db, value, reply }: Context<"signUp">) {
  const { email, phone, password, displayName, redirectTo } = value;

  const limited = await chargeAccountCreation(db, requestContext(request).clientAddress);
  if (limited) return reply(refusedBy(limited));

  const identifier = parseIdentifier((email || phone)!)!;
  const outcome = await authClient(request).signUp({
    ...("email" in identifier ? { email: identifier.email } : { phone: identifier.phone }),
    password: password!,
    data: displayName ? { display_name: displayName } : undefined,
  });
  if (outcome.error) return reply(outcome.error.code === "weak_password" ? weakPassword(outcome.error) : refusedWith(outcome.error));
  // A provider that confirms sign-ups automatically issues a session here: its clock must start too.
  if (outcome.data?.session) await beginSession(request, outcome.data.session);
  throw redirect(authPageUrl("otp", "verify", redirectTo), {
    headers: combineHeaders(
      getSessionHeaders(request),
      { "Set-Cookie": await rememberPendingCode({ purpose: "signup", identifier }) },
    ),
  });
}

async function requestCode({ request, db, value, reply }: Context<"otpRequest" | "recoverRequest">, purpose: "otp" | "recovery") {
  const identifier = parseIdentifier(value.identifier)!;

  const limited = await chargeCodeRequest(db, keyOf(identifier), requestContext(request).clientAddress);
  if (limited) return reply(refusedBy(limited));

  const client = authClient(request);
  const outcome =
    purpose === "recovery" && "email" in identifier
      ? await client.resetPasswordForEmail(identifier.email)
      : await client.signInWithOtp({ ...identifier, shouldCreateUser: false } as Parameters<typeof client.signInWithOtp>[0]);
  // Both answer the same whether or not an account exists (the code step then
  // refuses every code as it would a wrong one): nobody learns who has one.
  const hide = outcome.error?.code === "otp_disabled";
  if (outcome.error && !hide) return reply(refusedWith(outcome.error));
  throw redirect(authPageUrl(purpose === "otp" ? "otp" : "recover", "verify", value.redirectTo), {
    headers: combineHeaders(getSessionHeaders(request), { "Set-Cookie": await rememberPendingCode({ purpose, identifier }) }),
  });
}

async function verifyCode({ request, db, value, reply }: Context<"otpVerify" | "recoverVerify">, recovering: boolean) {
  const { redirectTo } = value;
  const pending = (recovering ? typedRecoveryCode(value) : null) ?? (await readPendingCode(request));
  if (!pending || (recovering ? pending.purpose !== "recovery" : pending.purpose === "recovery" || pending.purpose === "phone-test")) {
    // The code-entry page without a pending code asks for the address: keep the person there.
    if (recovering) return reply({ fieldErrors: { identifier: ["Enter your email address or phone number"] }, status: 400 });
    throw redirect(authPageUrl(recovering ? "recover" : "otp", null, redirectTo));
  }
  const recipient = keyOf(pending.identifier);

  // Counted before the check (atomically), so parallel guesses cannot outrun the limit.
  const limited = await chargeCodeCheck(db, recipient, requestContext(request).clientAddress);
  if (limited) return reply(refusedBy(limited));

  const outcome = await authClient(request).verifyOtp({
    ...pending.identifier,
    token: value.code,
    type: otpTypeFor(pending),
  } as Parameters<ReturnType<typeof authClient>["verifyOtp"]>[0]);
  if (outcome.error) {
    return reply(outcome.error.code === "user_banned" ? await suspendedRefusal(db, pending.identifier) : refusedWith(outcome.error));
  }
  await settleCodeCheck(db, recipient, requestContext(request).clientAddress);
  // The owner proved control of the address: strangers' failures no longer hold the account,
  // and for 10 minutes this session may set a password without the old one.
  await clearAccountFailures(db, recipient, requestContext(request).clientAddress);
  const viewer = await beginSession(request, outcome.data, { viaCode: true });
  const target = recovering ? authPageUrl("recover", "password", redirectTo) : destinationAfterSignIn(viewer, redirectTo);
  throw redirect(target, {
    headers: combineHeaders(getSessionHeaders(request), { "Set-Cookie": await forgetPendingCode() }),
  });
}

/**
 * A recovery code entered with the address it was sent to (one an admin sent, ADR 0080):
 * nothing is sent, and the same limits and check apply as for a code asked for here.
 */
function typedRecoveryCode(value: Context<"otpVerify" | "recoverVerify">["value"]): PendingCode | null {
  const typed = "identifier" in value && value.identifier ? parseIdentifier(value.identifier) : null;
  return typed ? { purpose: "recovery", identifier: typed } : null;
}

async function setNewPassword({ request, db, messages, value, reply }: Context<"newPassword">) {
  // Setting a password is for the signed-in person only (after a recovery, or a change).
  const viewer = await requireUser(request);
  const { currentPassword, password, redirectTo } = value;
  const outcome = await changePassword({ request, db, messages }, { currentPassword, newPassword: password });
  if (!outcome.ok) return reply(passwordChangeRefusal(outcome));
  throw redirect(destinationAfterSignIn(viewer, redirectTo), {
    headers: combineHeaders(
      getSessionHeaders(request),
      await createToastHeaders({ type: "success", title: "Password updated", message: AUTH_MESSAGES.passwordUpdated }),
    ),
  });
}

/** A refused password change: errors under the field they concern. */
export function passwordChangeRefusal(outcome: Exclude<PasswordChangeOutcome, { ok: true }>): ReplyOptions {
  switch (outcome.reason) {
    case "not-signed-in":
      return { formErrors: [PASSWORD_CHANGE_MESSAGES.notSignedIn], status: 401 };
    case "current-required":
      return { fieldErrors: { currentPassword: [PASSWORD_CHANGE_MESSAGES.currentRequired] } };
    case "current-wrong":
      return { fieldErrors: { currentPassword: [PASSWORD_CHANGE_MESSAGES.currentWrong] } };
    case "limited":
      return refusedBy(outcome.limited);
    case "rejected":
      return outcome.error.code === "weak_password" || outcome.error.code === "same_password" ? weakPassword(outcome.error) : refusedWith(outcome.error);
  }
}

/**
 * The forms of /auth, by intent. All but the new password are public (the
 * honeypot applies); the new password is for the signed-in person.
 */
export const AUTH_FORMS = {
  [INTENTS.signIn]: form({ schema: signInSchema, handle: signIn }),
  [INTENTS.signUp]: form({ schema: signUpSchema, handle: signUp }),
  [INTENTS.otpRequest]: form({ schema: otpRequestSchema, handle: (context) => requestCode(context, "otp") }),
  [INTENTS.recoverRequest]: form({ schema: recoverRequestSchema, handle: (context) => requestCode(context, "recovery") }),
  [INTENTS.otpVerify]: form({ schema: otpVerifySchema, handle: (context) => verifyCode(context, false) }),
  [INTENTS.recoverVerify]: form({ schema: recoverVerifySchema, handle: (context) => verifyCode(context, true) }),
  [INTENTS.newPassword]: form({ schema: newPasswordSchema, honeypot: false, handle: setNewPassword }),
};
