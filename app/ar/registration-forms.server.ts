/**
 * The forms of /ar/register (ADR 0072), by intent:
 *
 *  request   a signed-in person without a role asks for A&R access for their own account
 *  register  a visitor makes an account (the auth port's sign-up, as /auth does) and asks
 *            in the same post; the account is confirmed by the code sent to the address
 *
 * Both are public forms (honeypot) counted per network address. A new
 * account is also counted as a sign-up, so this form is no way around the
 * sign-up limit. An address that has a confirmed account already gets the
 * very answer a new one gets (the form reveals nobody); its owner is told by
 * mail to send the request from their account.
 */
import { redirect } from "@remix-run/node";
import { chargeAccountCreation } from "~/auth/attempt-limits.server";
import { authErrorMessage, statusForAuthError } from "~/auth/messages";
import { rememberPendingCode } from "~/auth/pending.server";
import { requestContext } from "~/auth/request-context.server";
import { authClient, beginSession, getSessionHeaders } from "~/auth/session.server";
import { hashPassword } from "~/auth/users.server";
import { describeWeakPasswordReasons } from "~/platform/auth/password-policy";
import { form } from "~/routing/forms.server";
import type { RouteContext } from "~/routing/route.server";
import { combineHeaders, createToastHeaders, redirectWithToast } from "~/toast/toast.server";
import { OPEN_STATUSES } from "~/applications/constants";
import { AR_REQUESTS_PER_ADDRESS } from "./registration-limits.server";
import { AR_INTENTS, arRegisterSchema, arRequestSchema } from "./registration-schema";
import { AR_REGISTRATION_TEXT as T } from "./registration-text";
import { createArRegistration, getArRegistrationForUser, isFreshAccount, mailTakenAddress } from "./registrations.server";

const perAddress = {
  rule: AR_REQUESTS_PER_ADDRESS,
  subject: ({ request }: RouteContext<"public-viewer">) => requestContext(request).clientAddress,
};

/** Where a new account goes to enter its code, then on to its dashboard (the request's status). */
const CODE_STEP = `/auth?${new URLSearchParams({ mode: "otp", step: "verify", redirect: "/dashboard" })}`;

export const AR_REGISTER_FORMS = {
  [AR_INTENTS.request]: form({
    schema: arRequestSchema,
    rateLimit: perAddress,
    async handle({ db, viewer, value, reply }) {
      if (!viewer) return reply({ formErrors: [T.notSignedIn], status: 401 });
      if (viewer.role !== null || viewer.isAdmin) return reply({ formErrors: [T.hasRole], status: 409 });
      const latest = await getArRegistrationForUser(db, viewer.id);
      if (latest?.status === "pending") return reply({ formErrors: [T.alreadyOpen], status: 409 });
      // An applicant is not also an A&R: their open application is withdrawn first; an accepted one has an offer to take.
      const application = await db
        .selectFrom("applications")
        .select("status")
        .where("user_id", "=", viewer.id)
        .where("status", "in", [...OPEN_STATUSES, "accepted"])
        .executeTakeFirst();
      if (application) return reply({ formErrors: [application.status === "accepted" ? T.hasAcceptedApplication : T.hasOpenApplication], status: 409 });
      const { intent: _intent, ...details } = value;
      const stored = await createArRegistration(db, details, { userId: viewer.id, email: viewer.email });
      // Another tab's request got in between: the person's own, so say so.
      if (stored === "duplicate") return reply({ formErrors: [T.alreadyOpen], status: 409 });
      return redirectWithToast("/dashboard", { type: "success", title: T.receivedTitle, message: T.receivedOwn });
    },
  }),

  [AR_INTENTS.register]: form({
    schema: arRegisterSchema,
    rateLimit: perAddress,
    async handle({ request, db, messages, viewer, value, reply }) {
      if (viewer) return reply({ formErrors: [T.signedInUseOwn], status: 409 });
      const limited = await chargeAccountCreation(db, requestContext(request).clientAddress);
      if (limited) return reply({ formErrors: [limited.message], status: 429, headers: limited.headers() });

      const { intent: _intent, email, password, ...details } = value;
      const outcome = await authClient(request).signUp({ email, password, data: { display_name: details.name } });
      if (outcome.error) {
        const { code } = outcome.error;
        if (code === "user_already_exists" || code === "email_exists") {
          // A new account costs a password hash: a taken address costs one too, so the answer's
          // timing does not tell them apart either.
          await hashPassword(password);
          await mailTakenAddress(messages, email);
          return codeStep(request, email);
        }
        if (code === "weak_password") {
          const reasons = describeWeakPasswordReasons(outcome.error.reasons ?? []);
          return reply({ fieldErrors: { password: reasons.length ? reasons : [authErrorMessage(outcome.error)] }, status: 400 });
        }
        return reply({ formErrors: [authErrorMessage(outcome.error)], status: statusForAuthError(outcome.error) });
      }
      const { user, session } = outcome.data;
      // A provider that confirms sign-ups at once hands over a session: the account is new.
      if (!session && !(await isFreshAccount(db, user.id))) {
        await mailTakenAddress(messages, email);
        return codeStep(request, email);
      }
      await createArRegistration(db, details, { userId: user.id, email });
      if (session) {
        await beginSession(request, session);
        return redirectWithToast("/dashboard", { type: "success", title: T.receivedTitle, message: T.receivedOwn }, { headers: getSessionHeaders(request) });
      }
      return codeStep(request, email);
    },
  }),
};

/** The one answer for a new address and a taken one alike: on to the code step. */
async function codeStep(request: Request, email: string): Promise<Response> {
  return redirect(CODE_STEP, {
    headers: combineHeaders(
      getSessionHeaders(request),
      { "Set-Cookie": await rememberPendingCode({ purpose: "signup", identifier: { email } }) },
      await createToastHeaders({ type: "success", title: T.receivedTitle, message: T.receivedNew(email) }),
    ),
  });
}
