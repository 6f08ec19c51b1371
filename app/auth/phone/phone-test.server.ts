/**
 * The phone-authentication test pages (/test-phone-auth, /simple-phone-test,
 * /working-phone-test, /local-phone-test): one loader and one action driving
 * the real phone one-time-code flow, step by step:
 *   enter phone -> send code (the outbox on the embedded default) -> enter
 *   code -> verified, showing the resulting user and session state (never tokens).
 * Public pages: no guard beyond optionalViewer; the same rate limits as /auth.
 */
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { RATE_LIMITS, consume, resetLimit } from "~/platform/rate-limit.server";
import { isEmbeddedDefault } from "~/platform/auth/index.server";
import { db } from "~/platform/runtime.server";
import { combineHeaders } from "~/toast/toast.server";
import { honeypotInputProps, isSpam } from "../honeypot.server";
import { maskIdentifier, normalizePhone } from "../identifiers";
import { phoneSendSchema, phoneVerifySchema } from "./phone-forms";
import { AUTH_MESSAGES, authErrorMessage, statusForAuthError } from "../messages";
import { forgetPendingCode, readPendingCode, rememberPendingCode } from "../pending.server";
import { requestContext } from "../request-context.server";
import { authClient, beginSession, getSessionHeaders, getSessionSummary, optionalViewer } from "../session.server";

export type PhoneTestStep = "phone" | "code" | "verified";

export interface PhoneTestActionData {
  intent: "send" | "verify";
  result: SubmissionResult<string[]>;
}

export async function phoneTestLoader({ request }: LoaderFunctionArgs) {
  await optionalViewer(request);
  const url = new URL(request.url);
  const pending = await readPendingCode(request);
  const phonePending = pending?.purpose === "phone-test" ? pending : null;
  const summary = await getSessionSummary(request);
  let step: PhoneTestStep = "phone";
  if (url.searchParams.get("step") === "verified" && summary) step = "verified";
  else if (phonePending) step = "code";
  return {
    step,
    sentTo: phonePending ? maskIdentifier(phonePending.identifier) : null,
    session: summary,
    outbox: isEmbeddedDefault(),
    honeypot: honeypotInputProps(),
  };
}

function reply(request: Request, intent: PhoneTestActionData["intent"], result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) {
  return data<PhoneTestActionData>({ intent, result }, { status, headers: combineHeaders(getSessionHeaders(request), headers) });
}

export async function phoneTestAction({ request }: ActionFunctionArgs) {
  const page = new URL(request.url).pathname;
  const formData = await request.formData().catch(() => new FormData());
  const intent = formData.get("intent");

  if (intent === "reset") {
    throw redirect(page, { headers: { "Set-Cookie": await forgetPendingCode() } });
  }
  if (intent !== "send" && intent !== "verify") throw data({ message: "Unknown form" }, { status: 400 });
  if (isSpam(formData)) return reply(request, intent, { status: "error", error: { "": [AUTH_MESSAGES.spam] } }, 400);

  if (intent === "send") {
    const submission = parseWithZod(formData, { schema: phoneSendSchema });
    if (submission.status !== "success") return reply(request, intent, submission.reply(), 400);
    const phone = normalizePhone(submission.value.phone);
    const limited =
      (await consume(db(), RATE_LIMITS.codesPerRecipient, phone)) ??
      (await consume(db(), RATE_LIMITS.codesPerAddress, requestContext(request).clientAddress));
    if (limited) return reply(request, intent, submission.reply({ formErrors: [limited.message] }), 429, limited.headers());
    // A test page for phone sign-in creates the phone user on first use, as Supabase's default does.
    const outcome = await authClient(request).signInWithOtp({ phone, shouldCreateUser: true });
    if (outcome.error) {
      return reply(request, intent, submission.reply({ formErrors: [authErrorMessage(outcome.error)] }), statusForAuthError(outcome.error));
    }
    throw redirect(page, {
      headers: combineHeaders(getSessionHeaders(request), {
        "Set-Cookie": await rememberPendingCode({ purpose: "phone-test", identifier: { phone } }),
      }),
    });
  }

  const submission = parseWithZod(formData, { schema: phoneVerifySchema });
  if (submission.status !== "success") return reply(request, intent, submission.reply(), 400);
  const pending = await readPendingCode(request);
  if (!pending || pending.purpose !== "phone-test" || !("phone" in pending.identifier)) throw redirect(page);
  const phone = pending.identifier.phone;
  // Counted before the check (atomically), so parallel guesses cannot outrun the limit.
  const limited = await consume(db(), RATE_LIMITS.codeChecksPerRecipient, phone);
  if (limited) return reply(request, intent, submission.reply({ formErrors: [limited.message] }), 429, limited.headers());
  const outcome = await authClient(request).verifyOtp({ phone, token: submission.value.code, type: "sms" });
  if (outcome.error) {
    return reply(request, intent, submission.reply({ formErrors: [authErrorMessage(outcome.error)] }), statusForAuthError(outcome.error));
  }
  await resetLimit(db(), RATE_LIMITS.codeChecksPerRecipient, phone);
  await beginSession(request, outcome.data);
  throw redirect(`${page}?step=verified`, {
    headers: combineHeaders(getSessionHeaders(request), { "Set-Cookie": await forgetPendingCode() }),
  });
}
