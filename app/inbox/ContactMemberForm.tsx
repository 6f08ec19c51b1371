/**
 * "Get in touch" on a member's page (/members/{userId}): the form for members
 * and approved A&R, a sign-in link for visitors, a sentence for applicants.
 * The form posts to the page it is on with intent "contact"
 * (app/inbox/contact.server.ts); without JavaScript, errors come back under
 * the fields with a 4xx, and a sent message redirects back with the toast
 * 'Message sent'.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation, useRouteLoaderData } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { useEffect, useRef } from "react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { Button } from "~/ui/Button";
import * as styles from "./contact.css";
import { CONTACT_LABELS, CONTACT_LIMITS, CONTACT_TEXT } from "./contact-text";

export const CONTACT_INTENT = "contact";
const FORM_ID = "contact-member";

export interface ContactMemberFormProps {
  recipientName: string;
  /** The page action's `result` for this form (only when its `intent` was "contact"). */
  lastResult?: unknown;
  /** A signed-in member, A&R or admin looking at someone else's public profile. */
  viewerCanContact: boolean;
  /** Where a visitor signs in (and comes back from): contactSignInHref(userId). */
  signInHref: string;
  /** Signed in but not allowed (an applicant): a sentence instead of the sign-in link (default: read from the root loader). */
  signedIn?: boolean;
  /** The member's profile is private (an admin or the owner looking): nobody can write to it. */
  recipientPrivate?: boolean;
  /** false when the sender's own profile is private: they are told the member cannot answer them here. */
  senderProfilePublic?: boolean;
}

export function ContactMemberForm({
  recipientName,
  lastResult,
  viewerCanContact,
  signInHref,
  signedIn,
  recipientPrivate,
  senderProfilePublic,
}: ContactMemberFormProps) {
  // The page around it gives the heading; who is looking comes from the root loader unless said.
  const root = useRouteLoaderData<RootLoader>("root");
  const isSignedIn = signedIn ?? Boolean(root?.viewer);
  if (viewerCanContact) return <ContactForm recipientName={recipientName} lastResult={lastResult} senderProfilePublic={senderProfilePublic} />;
  if (recipientPrivate) return <p className={page.muted}>{CONTACT_TEXT.recipientPrivate(recipientName)}</p>;
  if (isSignedIn) return <p className={page.muted}>{CONTACT_TEXT.applicant(recipientName)}</p>;
  return (
    <div className={styles.contactCard}>
      <p className={page.muted}>{CONTACT_TEXT.signInLead(recipientName)}</p>
      <p>
        <Link to={signInHref} className={page.textLink}>
          {CONTACT_TEXT.signIn}
        </Link>
      </p>
    </div>
  );
}

/** The reply's errors and the values to show again, from the action's conform result. */
function readResult(lastResult: unknown) {
  const result = lastResult as SubmissionResult<string[]> | undefined;
  const errors = (result?.status === "error" ? result.error : undefined) ?? {};
  const initial = (result?.initialValue ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof initial[name] === "string" ? (initial[name] as string) : "");
  const of = (name: string) => errors[name] ?? undefined;
  return { formErrors: of(""), subject: { value: text("subject"), errors: of("subject") }, message: { value: text("message"), errors: of("message") } };
}

/**
 * The form itself. The server parses it with the shared schema (conform + zod,
 * contact-schema.ts) and answers errors under the fields; the browser keeps
 * to native constraints (required, maxlength) and shows the server's errors,
 * with or without JavaScript. conform's browser half is left out on purpose:
 * it is 12 KB of first-load JavaScript on the member page (ADR 0066).
 */
function ContactForm({ recipientName, lastResult, senderProfilePublic }: { recipientName: string; lastResult?: unknown; senderProfilePublic?: boolean }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === CONTACT_INTENT;
  const reply = readResult(lastResult);
  const formRef = useRef<HTMLFormElement>(null);

  // A sent message comes back as a redirect (no reply): empty the form for the next one.
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) wasSending.current = true;
    else if (wasSending.current) {
      wasSending.current = false;
      if (!lastResult) formRef.current?.reset();
    }
  }, [sending, lastResult]);

  const ids = { form: `${FORM_ID}-error`, subject: `${FORM_ID}-subject`, message: `${FORM_ID}-message` };
  const describedBy = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.contactCard}>
      <p className={page.muted}>{CONTACT_TEXT.lead(recipientName)}</p>
      {senderProfilePublic === false ? <p className={page.muted}>{CONTACT_TEXT.privateSender}</p> : null}
      <Form method="post" id={FORM_ID} ref={formRef} className={formStyles.form} aria-describedby={reply.formErrors ? ids.form : undefined}>
        <input type="hidden" name="intent" value={CONTACT_INTENT} />
        <FieldErrors id={ids.form} errors={reply.formErrors} />
        <Field label={CONTACT_LABELS.subject} htmlFor={ids.subject} errorId={`${ids.subject}-error`} errors={reply.subject.errors}>
          <input
            id={ids.subject}
            name="subject"
            type="text"
            required
            maxLength={CONTACT_LIMITS.subject}
            defaultValue={reply.subject.value}
            autoComplete="off"
            aria-invalid={reply.subject.errors ? true : undefined}
            aria-describedby={describedBy(reply.subject.errors && `${ids.subject}-error`)}
            className={formStyles.control}
          />
        </Field>
        <Field
          label={CONTACT_LABELS.message}
          htmlFor={ids.message}
          hint={CONTACT_TEXT.messageHint}
          hintId={`${ids.message}-hint`}
          errorId={`${ids.message}-error`}
          errors={reply.message.errors}
        >
          <textarea
            id={ids.message}
            name="message"
            required
            maxLength={CONTACT_LIMITS.message}
            defaultValue={reply.message.value}
            rows={6}
            aria-invalid={reply.message.errors ? true : undefined}
            aria-describedby={describedBy(`${ids.message}-hint`, reply.message.errors && `${ids.message}-error`)}
            className={formStyles.textarea}
          />
        </Field>
        <div className={formStyles.actions}>
          {/* aria-disabled while sending: a second click does not post again (and the server delivers a repeat once). */}
          <Button type="submit" variant="uber" aria-disabled={sending || undefined}>
            {sending ? CONTACT_TEXT.sending : CONTACT_TEXT.send}
          </Button>
        </div>
      </Form>
    </div>
  );
}
