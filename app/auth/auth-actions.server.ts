/**
 * The /auth page's actions: sign in (password), sign up, one-time code sign-in
 * and password recovery. Each form posts an `intent`; each intent has one zod
 * schema (forms.ts). Successful steps redirect (post/redirect/get, so a reload
 * never re-submits); refusals re-render the form with the error, a 4xx status
 * and the password fields emptied.
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { safeSameSitePath } from "~/shared/safe-redirect";
import { db } from "~/platform/runtime.server";
import {
  RATE_LIMITS,
  consume,
  resetLimit,
  type RateLimitedError,
} from "~/platform/rate-limit.server";
import type { AuthError } from "~/platform/auth/port";
import { describeWeakPasswordReasons } from "~/platform/auth/password-policy";
import { combineHeaders, createToastHeaders } from "~/toast/toast.server";
import {
  INTENTS,
  isIntent,
  newPasswordSchema,
  otpRequestSchema,
  otpVerifySchema,
  recoverRequestSchema,
  recoverVerifySchema,
  signInSchema,
  signUpSchema,
  type Intent,
} from "./forms";
import { parseIdentifier, type ParsedIdentifier } from "./identifiers";
import { isSpam } from "./honeypot.server";
import { AUTH_MESSAGES, authErrorMessage, statusForAuthError } from "./messages";
import { forgetPendingCode, otpTypeFor, readPendingCode, rememberPendingCode } from "./pending.server";
import { requestContext } from "./request-context.server";
import { authClient, beginSession, getSessionHeaders, landingFor, requireUser } from "./session.server";
import type { Viewer } from "./viewer";

export interface AuthActionData {
  intent: Intent;
  result: SubmissionResult<string[]>;
}

const HIDDEN = ["password"];

type Reply = ReturnType<typeof data<AuthActionData>>;

function reply(
  request: Request,
  intent: Intent,
  result: SubmissionResult<string[]>,
  status: number,
  headers?: HeadersInit,
): Reply {
  return data({ intent, result }, { status, headers: combineHeaders(getSessionHeaders(request), headers) });
}

function rateLimited(request: Request, intent: Intent, limited: RateLimitedError, result: (errors: string[]) => SubmissionResult<string[]>) {
  return reply(request, intent, result([limited.message]), 429, limited.headers());
}

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

export async function handleAuthAction(request: Request): Promise<Response | Reply> {
  const formData = await request.formData().catch(() => new FormData());
  const intent = formData.get("intent");
  if (!isIntent(intent)) {
    throw data({ message: "Unknown form" }, { status: 400 });
  }
  // The new-password step is for a signed-in (recovering) user, not a public form.
  if (intent !== INTENTS.newPassword && isSpam(formData)) {
    return reply(request, intent, { status: "error", error: { "": [AUTH_MESSAGES.spam] } }, 400);
  }
  switch (intent) {
    case INTENTS.signIn:
      return signIn(request, formData);
    case INTENTS.signUp:
      return signUp(request, formData);
    case INTENTS.otpRequest:
      return requestCode(request, formData, "otp");
    case INTENTS.recoverRequest:
      return requestCode(request, formData, "recovery");
    case INTENTS.otpVerify:
    case INTENTS.recoverVerify:
      return verifyCode(request, formData, intent);
    case INTENTS.newPassword:
      return setNewPassword(request, formData);
  }
}

async function signIn(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return reply(request, INTENTS.signIn, submission.reply({ hideFields: HIDDEN }), 400);
  const { password, redirectTo } = submission.value;
  const identifier = parseIdentifier(submission.value.identifier)!;
  const address = requestContext(request).clientAddress;
  const refuse = (errors: string[]) => submission.reply({ formErrors: errors, hideFields: HIDDEN });

  // Each attempt is counted (one atomic upsert) before the password is checked,
  // so a parallel burst cannot all pass a check that runs before any failure is
  // recorded; a successful sign-in clears the counts it was charged.
  const limited =
    (await consume(db(), RATE_LIMITS.signInPerAccount, keyOf(identifier))) ??
    (await consume(db(), RATE_LIMITS.signInPerAddress, address));
  if (limited) return rateLimited(request, INTENTS.signIn, limited, refuse);

  const outcome = await authClient(request).signInWithPassword({ ...identifier, password } as Parameters<
    ReturnType<typeof authClient>["signInWithPassword"]
  >[0]);
  if (outcome.error) {
    return reply(request, INTENTS.signIn, refuse([authErrorMessage(outcome.error)]), statusForAuthError(outcome.error));
  }
  await resetLimit(db(), RATE_LIMITS.signInPerAccount, keyOf(identifier));
  await resetLimit(db(), RATE_LIMITS.signInPerAddress, address);
  const viewer = await beginSession(request, outcome.data);
  throw redirect(destinationAfterSignIn(viewer, redirectTo), { headers: getSessionHeaders(request) });
}

/** A weak password lists each of its reasons under the field (SPEC §8: weak_password with reasons). */
function weakPasswordReply(error: AuthError, submission: { reply: (o: object) => SubmissionResult<string[]> }) {
  const reasons = error.code === "weak_password" ? describeWeakPasswordReasons(error.reasons ?? []) : [];
  return submission.reply({ fieldErrors: { password: reasons.length ? reasons : [authErrorMessage(error)] }, hideFields: HIDDEN });
}

async function signUp(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: signUpSchema });
  if (submission.status !== "success") return reply(request, INTENTS.signUp, submission.reply({ hideFields: HIDDEN }), 400);
  const { email, phone, password, displayName, redirectTo } = submission.value;
  const refuse = (errors: string[]) => submission.reply({ formErrors: errors, hideFields: HIDDEN });

  const limited = await consume(db(), RATE_LIMITS.signUpsPerAddress, requestContext(request).clientAddress);
  if (limited) return rateLimited(request, INTENTS.signUp, limited, refuse);

  const identifier = parseIdentifier((email || phone)!)!;
  const outcome = await authClient(request).signUp({
    ...("email" in identifier ? { email: identifier.email } : { phone: identifier.phone }),
    password: password!,
    data: displayName ? { display_name: displayName } : undefined,
  });
  if (outcome.error) {
    const result = outcome.error.code === "weak_password" ? weakPasswordReply(outcome.error, submission) : refuse([authErrorMessage(outcome.error)]);
    return reply(request, INTENTS.signUp, result, statusForAuthError(outcome.error));
  }
  // A provider that confirms sign-ups automatically issues a session here: its clock must start too.
  if (outcome.data?.session) await beginSession(request, outcome.data.session);
  throw redirect(authPageUrl("otp", "verify", redirectTo), {
    headers: combineHeaders(
      getSessionHeaders(request),
      { "Set-Cookie": await rememberPendingCode({ purpose: "signup", identifier }) },
    ),
  });
}

async function requestCode(request: Request, formData: FormData, purpose: "otp" | "recovery") {
  const intent = purpose === "otp" ? INTENTS.otpRequest : INTENTS.recoverRequest;
  const submission = parseWithZod(formData, { schema: purpose === "otp" ? otpRequestSchema : recoverRequestSchema });
  if (submission.status !== "success") return reply(request, intent, submission.reply(), 400);
  const identifier = parseIdentifier(submission.value.identifier)!;
  const refuse = (errors: string[]) => submission.reply({ formErrors: errors });

  const limited =
    (await consume(db(), RATE_LIMITS.codesPerRecipient, keyOf(identifier))) ??
    (await consume(db(), RATE_LIMITS.codesPerAddress, requestContext(request).clientAddress));
  if (limited) return rateLimited(request, intent, limited, refuse);

  const client = authClient(request);
  const outcome =
    purpose === "recovery" && "email" in identifier
      ? await client.resetPasswordForEmail(identifier.email)
      : await client.signInWithOtp({ ...identifier, shouldCreateUser: false } as Parameters<typeof client.signInWithOtp>[0]);
  // Recovery answers the same whether or not an account exists: nobody learns who has one.
  const hide = purpose === "recovery" && outcome.error?.code === "otp_disabled";
  if (outcome.error && !hide) {
    return reply(request, intent, refuse([authErrorMessage(outcome.error)]), statusForAuthError(outcome.error));
  }
  throw redirect(authPageUrl(purpose === "otp" ? "otp" : "recover", "verify", submission.value.redirectTo), {
    headers: combineHeaders(getSessionHeaders(request), { "Set-Cookie": await rememberPendingCode({ purpose, identifier }) }),
  });
}

async function verifyCode(request: Request, formData: FormData, intent: typeof INTENTS.otpVerify | typeof INTENTS.recoverVerify) {
  const submission = parseWithZod(formData, { schema: intent === INTENTS.otpVerify ? otpVerifySchema : recoverVerifySchema });
  if (submission.status !== "success") return reply(request, intent, submission.reply(), 400);
  const { redirectTo } = submission.value;
  const recovering = intent === INTENTS.recoverVerify;
  const pending = await readPendingCode(request);
  if (!pending || (recovering ? pending.purpose !== "recovery" : pending.purpose === "recovery" || pending.purpose === "phone-test")) {
    throw redirect(authPageUrl(recovering ? "recover" : "otp", null, redirectTo));
  }
  const refuse = (errors: string[]) => submission.reply({ formErrors: errors });
  const recipient = keyOf(pending.identifier);

  // Counted before the check (atomically), so parallel guesses cannot outrun the limit.
  const limited = await consume(db(), RATE_LIMITS.codeChecksPerRecipient, recipient);
  if (limited) return rateLimited(request, intent, limited, refuse);

  const outcome = await authClient(request).verifyOtp({
    ...pending.identifier,
    token: submission.value.code,
    type: otpTypeFor(pending),
  } as Parameters<ReturnType<typeof authClient>["verifyOtp"]>[0]);
  if (outcome.error) {
    return reply(request, intent, refuse([authErrorMessage(outcome.error)]), statusForAuthError(outcome.error));
  }
  await resetLimit(db(), RATE_LIMITS.codeChecksPerRecipient, recipient);
  const viewer = await beginSession(request, outcome.data);
  const target = recovering ? authPageUrl("recover", "password", redirectTo) : destinationAfterSignIn(viewer, redirectTo);
  throw redirect(target, {
    headers: combineHeaders(getSessionHeaders(request), { "Set-Cookie": await forgetPendingCode() }),
  });
}

async function setNewPassword(request: Request, formData: FormData) {
  const viewer = await requireUser(request);
  const submission = parseWithZod(formData, { schema: newPasswordSchema });
  if (submission.status !== "success") return reply(request, INTENTS.newPassword, submission.reply({ hideFields: HIDDEN }), 400);
  const outcome = await authClient(request).updatePassword(submission.value.password);
  if (outcome.error) {
    const result =
      outcome.error.code === "weak_password" || outcome.error.code === "same_password"
        ? weakPasswordReply(outcome.error, submission)
        : submission.reply({ formErrors: [authErrorMessage(outcome.error)], hideFields: HIDDEN });
    return reply(request, INTENTS.newPassword, result, statusForAuthError(outcome.error));
  }
  throw redirect(destinationAfterSignIn(viewer, submission.value.redirectTo), {
    headers: combineHeaders(
      getSessionHeaders(request),
      await createToastHeaders({ type: "success", title: "Password updated", message: AUTH_MESSAGES.passwordUpdated }),
    ),
  });
}
