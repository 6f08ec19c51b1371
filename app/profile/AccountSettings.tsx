/**
 * Account settings on the profile pages: the e-mail address or phone number
 * one signs in with (changed only through a code sent to the new one), the
 * password (the /auth recovery flow, which asks for the current one), the
 * time zone, and the guided tour again. Every part is a plain form.
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { RestartTourButton } from "~/onboarding/RestartTourButton";
import { Button } from "~/ui/Button";
import type { PendingContactChange } from "./contact-change.server";
import { PROFILE_INTENTS } from "./profile-intents";
import { PROFILE_TEXT } from "./profile-text";
import * as styles from "./profile.css";
import { timeZoneLabel } from "./time-zones";

const T = PROFILE_TEXT.account;

export type ResultFor = (intent: string) => SubmissionResult<string[]> | undefined;

export function changePasswordPath(returnTo: string): string {
  return `/auth?${new URLSearchParams({ mode: "recover", step: "password", redirect: returnTo })}`;
}

export function AccountSettings({
  email,
  phone,
  pendingContact,
  timeZone,
  timeZones,
  resultFor,
  returnTo,
  headingLevel = 3,
}: {
  email: string | null;
  phone: string | null;
  pendingContact: PendingContactChange | null;
  timeZone: string;
  timeZones: readonly string[];
  resultFor: ResultFor;
  returnTo: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={styles.settingsList}>
      <section className={styles.settingsItem} aria-labelledby="contact-title">
        <Heading id="contact-title" className={styles.settingsTitle}>
          {T.contactTitle}
        </Heading>
        {email || phone ? (
          <p>
            {T.signedInWith}{" "}
            {[email, phone].filter(Boolean).map((value, index) => (
              <span key={value}>
                {index > 0 ? " and " : null}
                <span className={styles.address}>{value}</span>
              </span>
            ))}
            .
          </p>
        ) : (
          <p className={page.muted}>{T.noContact}</p>
        )}
        {pendingContact ? (
          <ConfirmContactForm pending={pendingContact} lastResult={resultFor(PROFILE_INTENTS.confirmContact)} />
        ) : null}
        <RequestContactForm lastResult={resultFor(PROFILE_INTENTS.requestContact)} />
      </section>

      <section className={styles.settingsItem} aria-labelledby="password-title">
        <Heading id="password-title" className={styles.settingsTitle}>
          {T.passwordTitle}
        </Heading>
        <p className={page.muted}>{T.passwordHint}</p>
        <p>
          <Link to={changePasswordPath(returnTo)} className={page.textLink}>
            {T.changePassword}
          </Link>
        </p>
      </section>

      <section className={styles.settingsItem} aria-labelledby="two-factor-title">
        <Heading id="two-factor-title" className={styles.settingsTitle}>
          {T.twoFactorTitle}
        </Heading>
        <p className={page.muted}>{T.twoFactorHint}</p>
        <p>
          <Link to={`/auth/mfa?${new URLSearchParams({ redirect: returnTo })}`} className={page.textLink}>
            {T.twoFactorLink}
          </Link>
        </p>
      </section>

      <section className={styles.settingsItem} aria-labelledby="time-zone-title">
        <Heading id="time-zone-title" className={styles.settingsTitle}>
          {T.timeZoneTitle}
        </Heading>
        <TimeZoneForm timeZone={timeZone} timeZones={timeZones} lastResult={resultFor(PROFILE_INTENTS.timeZone)} />
      </section>

      <section className={styles.settingsItem} aria-labelledby="tour-title">
        <Heading id="tour-title" className={styles.settingsTitle}>
          {T.tourTitle}
        </Heading>
        <p className={page.muted}>{T.tourHint}</p>
        <div>
          <RestartTourButton returnTo={returnTo} />
        </div>
      </section>
    </div>
  );
}

function RequestContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({ id: "contact-request-form", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className={formStyles.form}>
      <input type="hidden" name="intent" value={PROFILE_INTENTS.requestContact} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <Field
        label={T.newContact}
        htmlFor={fields.newContact.id}
        hint={`${T.contactHint} ${T.newContactHint}`}
        hintId={`${fields.newContact.id}-hint`}
        errorId={fields.newContact.errorId}
        errors={fields.newContact.errors}
      >
        <input
          {...getInputProps(fields.newContact, { type: "text", ariaDescribedBy: `${fields.newContact.id}-hint` })}
          autoComplete="off"
          spellCheck={false}
          className={formStyles.control}
        />
      </Field>
      <div className={formStyles.actions}>
        <Button type="submit" variant="outline">
          {T.sendCode}
        </Button>
      </div>
    </Form>
  );
}

function ConfirmContactForm({ pending, lastResult }: { pending: PendingContactChange; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({ id: "contact-confirm-form", lastResult, shouldValidate: "onSubmit" });
  return (
    <div className={formStyles.form}>
      <p role="status">
        {T.pending} <span className={styles.address}>{pending.newValue}</span>.
      </p>
      <Form method="post" {...getFormProps(form)} className={formStyles.form}>
        <input type="hidden" name="intent" value={PROFILE_INTENTS.confirmContact} />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <Field label={T.codeLabel} htmlFor={fields.code.id} errorId={fields.code.errorId} errors={fields.code.errors}>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            className={formStyles.control}
          />
        </Field>
        <div className={formStyles.actions}>
          <Button type="submit">{T.confirm}</Button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.cancelContact} />
        <Button type="submit" variant="ghost">
          {T.cancel}
        </Button>
      </Form>
    </div>
  );
}

function TimeZoneForm({ timeZone, timeZones, lastResult }: { timeZone: string; timeZones: readonly string[]; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({ id: "time-zone-form", lastResult, defaultValue: { timeZone }, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className={formStyles.form}>
      <input type="hidden" name="intent" value={PROFILE_INTENTS.timeZone} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <Field
        label={PROFILE_TEXT.account.timeZoneTitle}
        htmlFor={fields.timeZone.id}
        hint={T.timeZoneHint}
        hintId={`${fields.timeZone.id}-hint`}
        errorId={fields.timeZone.errorId}
        errors={fields.timeZone.errors}
      >
        <select {...getSelectProps(fields.timeZone, { ariaDescribedBy: `${fields.timeZone.id}-hint` })} className={formStyles.control}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone)}
            </option>
          ))}
        </select>
      </Field>
      <div className={formStyles.actions}>
        <Button type="submit" variant="outline">
          {T.saveTimeZone}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The "Account" section both profile layouts show (/profile in its aside, /mobile-profile in
 * its column): the heading and the settings, keyed so a confirmed change or a new time zone
 * starts the forms afresh. Each layout passes its own classes.
 */
export function AccountSection({
  email,
  phone,
  pendingContact,
  timeZone,
  timeZones,
  resultFor,
  returnTo,
  className,
  titleClassName,
}: {
  email: string | null;
  phone: string | null;
  pendingContact: PendingContactChange | null;
  timeZone: string;
  timeZones: readonly string[];
  resultFor: ResultFor;
  returnTo: string;
  className: string;
  titleClassName: string;
}) {
  return (
    <section className={className} aria-labelledby="account-title">
      <h2 id="account-title" className={titleClassName}>
        {PROFILE_TEXT.account.title}
      </h2>
      <AccountSettings
        key={`${pendingContact?.newValue ?? ""}|${timeZone}`}
        email={email}
        phone={phone}
        pendingContact={pendingContact}
        timeZone={timeZone}
        timeZones={timeZones}
        resultFor={resultFor}
        returnTo={returnTo}
      />
    </section>
  );
}
