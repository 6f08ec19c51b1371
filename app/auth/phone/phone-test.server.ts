/**
 * The phone-authentication test pages (/test-phone-auth, /simple-phone-test,
 * /working-phone-test, /local-phone-test): one loader and one action driving
 * the real phone one-time-code flow, step by step:
 *   enter phone -> send code (by SMS, or to the server log and
 *   DATA_DIR/messages/outbox.jsonl when no SMS transport is configured) -> enter
 *   code -> verified, showing the resulting user and session state (never tokens).
 * Public pages (app/routes/auth/phone-test.tsx declares them); the same rate
 * limits as /auth, and the sign-up budget when a number has no account yet.
 */
import type { SubmissionResult } from "@conform-to/react";
import { redirect } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import type { Access } from "~/routing/access";
import { form, type FormContext } from "~/routing/forms.server";
import { combineHeaders } from "~/toast/toast.server";
import { honeypotInputProps } from "../honeypot.server";
import { maskIdentifier, normalizePhone } from "~/platform/auth/identifiers";
import { phoneResetSchema, phoneSendSchema, phoneVerifySchema } from "./phone-forms";
import { authErrorMessage, statusForAuthError } from "../messages";
import { forgetPendingCode, readPendingCode, rememberPendingCode } from "../pending.server";
import { requestContext } from "../request-context.server";
import { chargeAccountCreation, chargeCodeCheck, chargeCodeRequest, clearAccountFailures, settleCodeCheck } from "../attempt-limits.server";
import { authClient, beginSession, getSessionHeaders, getSessionSummary } from "../session.server";

export type PhoneTestStep = "phone" | "code" | "verified";

export interface PhoneTestActionData {
  intent: "send" | "verify";
  result: SubmissionResult<string[]>;
}

/** The page's state: which step, where the code went, and the session it led to (never tokens). */
export async function phoneTestPage({ request, url }: { request: Request; url: URL }) {
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
    honeypot: honeypotInputProps(),
  };
}

type Context<S extends ZodTypeAny> = FormContext<Access, S>;

async function sendCode({ request, url, db, value, reply }: Context<typeof phoneSendSchema>) {
  const phone = normalizePhone(value.phone);
  const limited = await chargeCodeRequest(db, phone, requestContext(request).clientAddress);
  if (limited) return reply({ formErrors: [limited.message], status: 429, headers: limited.headers() });
  // A test page for phone sign-in creates the phone user on first use, as
  // Supabase's default does; creating one spends the same per-address budget
  // as the sign-up form, so these pages are no way around it.
  const client = authClient(request);
  let outcome = await client.signInWithOtp({ phone, shouldCreateUser: false });
  if (outcome.error?.code === "otp_disabled") {
    const creating = await chargeAccountCreation(db, requestContext(request).clientAddress);
    if (creating) return reply({ formErrors: [creating.message], status: 429, headers: creating.headers() });
    outcome = await client.signInWithOtp({ phone, shouldCreateUser: true });
  }
  if (outcome.error) return reply({ formErrors: [authErrorMessage(outcome.error)], status: statusForAuthError(outcome.error) });
  throw redirect(url.pathname, {
    headers: combineHeaders(getSessionHeaders(request), {
      "Set-Cookie": await rememberPendingCode({ purpose: "phone-test", identifier: { phone } }),
    }),
  });
}

async function verifyCode({ request, url, db, value, reply }: Context<typeof phoneVerifySchema>) {
  const pending = await readPendingCode(request);
  if (!pending || pending.purpose !== "phone-test" || !("phone" in pending.identifier)) throw redirect(url.pathname);
  const phone = pending.identifier.phone;
  // Counted before the check (atomically), so parallel guesses cannot outrun the limit.
  const limited = await chargeCodeCheck(db, phone, requestContext(request).clientAddress);
  if (limited) return reply({ formErrors: [limited.message], status: 429, headers: limited.headers() });
  const outcome = await authClient(request).verifyOtp({ phone, token: value.code, type: "sms" });
  if (outcome.error) return reply({ formErrors: [authErrorMessage(outcome.error)], status: statusForAuthError(outcome.error) });
  await settleCodeCheck(db, phone, requestContext(request).clientAddress);
  await clearAccountFailures(db, phone, requestContext(request).clientAddress);
  await beginSession(request, outcome.data, { viaCode: true });
  throw redirect(`${url.pathname}?step=verified`, {
    headers: combineHeaders(getSessionHeaders(request), { "Set-Cookie": await forgetPendingCode() }),
  });
}

/** The forms of the phone test pages (public: the honeypot guards send and verify). */
export const PHONE_TEST_FORMS = {
  send: form({ schema: phoneSendSchema, handle: sendCode }),
  verify: form({ schema: phoneVerifySchema, handle: verifyCode }),
  // Start over: forget where the code went. Nothing to guard.
  reset: form({
    schema: phoneResetSchema,
    honeypot: false,
    handle: async ({ url }) => redirect(url.pathname, { headers: { "Set-Cookie": await forgetPendingCode() } }),
  }),
};
