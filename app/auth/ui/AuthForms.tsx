/**
 * The /auth forms. Each is a real <form method="post"> with its own schema:
 * without JavaScript the server validates and re-renders errors; with it,
 * conform validates on blur with the same schema first. Passwords are never
 * echoed back (the server replies with hideFields: ["password"]).
 */
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { ZodTypeAny } from "zod";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { Button } from "~/ui/Button";
import { PASSWORD_MIN_LENGTH } from "~/platform/auth/password-policy";
import {
  INTENTS,
  newPasswordSchema,
  otpRequestSchema,
  otpVerifySchema,
  recoverRequestSchema,
  recoverVerifySchema,
  signInSchema,
  signUpSchema,
  type Intent,
} from "../forms";
import * as styles from "../auth.css";

export type LastResult = SubmissionResult<string[]> | null | undefined;
/** The forms are built from several schemas; field components only need the metadata's common part. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TextField = FieldMetadata<any, any, string[]>;

function useAuthForm(intent: Intent, schema: ZodTypeAny, lastResult: LastResult) {
  return useForm({
    id: `auth-${intent}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

function useSubmitting(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function Shell({
  intent,
  form,
  lastResult,
  redirectTo,
  submitLabel,
  busyLabel,
  honeypot = true,
  children,
}: {
  intent: Intent;
  form: ReturnType<typeof useAuthForm>[0];
  lastResult: LastResult;
  redirectTo: string | null;
  submitLabel: string;
  busyLabel: string;
  honeypot?: boolean;
  children: ReactNode;
}) {
  const busy = useSubmitting(intent);
  const formRef = useRef<HTMLFormElement>(null);
  // The server never echoes a password; with JavaScript the browser must not keep it either.
  useEffect(() => {
    if (!lastResult) return;
    formRef.current?.querySelectorAll<HTMLInputElement>('input[type="password"]').forEach((input) => {
      input.value = "";
    });
  }, [lastResult]);
  return (
    <Form ref={formRef} method="post" {...getFormProps(form)} className={formStyles.form}>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {honeypot ? <HoneypotInputs label="Leave this field empty" /> : null}
      <FieldErrors id={form.errorId} errors={form.errors} />
      {children}
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" size="lg" aria-disabled={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function IdentifierField({ field, label = "Email or phone number" }: { field: TextField; label?: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <Field label={label} htmlFor={field.id} hint="Phone numbers start with their country code, e.g. +44 7700 900123." hintId={hintId} errorId={field.errorId} errors={field.errors}>
      <input {...getInputProps(field, { type: "text", ariaDescribedBy: hintId })} autoComplete="username" spellCheck={false} className={formStyles.control} />
    </Field>
  );
}

function PasswordField({ field, label, autoComplete, hint }: { field: TextField; label: string; autoComplete: string; hint?: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <Field label={label} htmlFor={field.id} hint={hint} hintId={hint ? hintId : undefined} errorId={field.errorId} errors={field.errors}>
      <input
        {...getInputProps(field, { type: "password", ariaDescribedBy: hint ? hintId : undefined })}
        // Never pre-filled: a re-rendered form starts the password empty.
        defaultValue=""
        autoComplete={autoComplete}
        className={formStyles.control}
      />
    </Field>
  );
}

function CodeField({ field }: { field: TextField }) {
  const hintId = `${field.id}-hint`;
  return (
    <Field label="6-digit code" htmlFor={field.id} hint="The code expires after 10 minutes." hintId={hintId} errorId={field.errorId} errors={field.errors}>
      <input
        {...getInputProps(field, { type: "text", ariaDescribedBy: hintId })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className={`${formStyles.control} ${styles.codeInput}`}
      />
    </Field>
  );
}

const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a number.`;

export function SignInForm({ lastResult, redirectTo }: { lastResult: LastResult; redirectTo: string | null }) {
  const [form, fields] = useAuthForm(INTENTS.signIn, signInSchema, lastResult);
  return (
    <Shell intent={INTENTS.signIn} form={form} lastResult={lastResult} redirectTo={redirectTo} submitLabel="Sign in" busyLabel="Signing in...">
      <IdentifierField field={fields.identifier} />
      <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
    </Shell>
  );
}

export function SignUpForm({ lastResult, redirectTo }: { lastResult: LastResult; redirectTo: string | null }) {
  const [form, fields] = useAuthForm(INTENTS.signUp, signUpSchema, lastResult);
  return (
    <Shell intent={INTENTS.signUp} form={form} lastResult={lastResult} redirectTo={redirectTo} submitLabel="Create account" busyLabel="Creating account...">
      <Field label="Display name (optional)" htmlFor={fields.displayName.id} errorId={fields.displayName.errorId} errors={fields.displayName.errors}>
        <input {...getInputProps(fields.displayName, { type: "text" })} autoComplete="nickname" className={formStyles.control} />
      </Field>
      <Field label="Email" htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" spellCheck={false} className={formStyles.control} />
      </Field>
      <Field
        label="or phone number"
        htmlFor={fields.phone.id}
        hint="With its country code, e.g. +44 7700 900123."
        hintId={`${fields.phone.id}-hint`}
        errorId={fields.phone.errorId}
        errors={fields.phone.errors}
      >
        <input {...getInputProps(fields.phone, { type: "tel", ariaDescribedBy: `${fields.phone.id}-hint` })} autoComplete="tel" className={formStyles.control} />
      </Field>
      <PasswordField field={fields.password} label="Password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
    </Shell>
  );
}

export function CodeRequestForm({
  purpose,
  lastResult,
  redirectTo,
}: {
  purpose: "otp" | "recovery";
  lastResult: LastResult;
  redirectTo: string | null;
}) {
  const intent = purpose === "otp" ? INTENTS.otpRequest : INTENTS.recoverRequest;
  const [form, fields] = useAuthForm(intent, purpose === "otp" ? otpRequestSchema : recoverRequestSchema, lastResult);
  return (
    <Shell
      intent={intent}
      form={form}
      lastResult={lastResult}
      redirectTo={redirectTo}
      submitLabel={purpose === "otp" ? "Send code" : "Send recovery code"}
      busyLabel="Sending..."
    >
      <IdentifierField field={fields.identifier} />
    </Shell>
  );
}

export function CodeVerifyForm({
  purpose,
  lastResult,
  redirectTo,
  askIdentifier = false,
}: {
  purpose: "otp" | "recovery";
  lastResult: LastResult;
  redirectTo: string | null;
  /** No code was asked for in this browser (an admin sent it): the address comes with the code. */
  askIdentifier?: boolean;
}) {
  const intent = purpose === "otp" ? INTENTS.otpVerify : INTENTS.recoverVerify;
  const [form, fields] = useAuthForm(intent, purpose === "otp" ? otpVerifySchema : recoverVerifySchema, lastResult);
  return (
    <Shell
      intent={intent}
      form={form}
      lastResult={lastResult}
      redirectTo={redirectTo}
      submitLabel={purpose === "otp" ? "Verify and sign in" : "Verify code"}
      busyLabel="Checking..."
    >
      {askIdentifier ? <IdentifierField field={fields.identifier} /> : null}
      <CodeField field={fields.code} />
    </Shell>
  );
}

/**
 * A new password. `needsCurrentPassword`: the session did not verify a code in
 * the last 10 minutes, so the server asks for the current password as well.
 */
export function NewPasswordForm({
  lastResult,
  redirectTo,
  needsCurrentPassword,
}: {
  lastResult: LastResult;
  redirectTo: string | null;
  needsCurrentPassword: boolean;
}) {
  const [form, fields] = useAuthForm(INTENTS.newPassword, newPasswordSchema, lastResult);
  return (
    <Shell intent={INTENTS.newPassword} form={form} lastResult={lastResult} redirectTo={redirectTo} submitLabel="Set new password" busyLabel="Saving..." honeypot={false}>
      {needsCurrentPassword ? <PasswordField field={fields.currentPassword} label="Current password" autoComplete="current-password" /> : null}
      <PasswordField field={fields.password} label="New password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
    </Shell>
  );
}
