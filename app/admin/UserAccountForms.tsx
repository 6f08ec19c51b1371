/**
 * The forms of /admin/users/{userId} (ADR 0080). Plain posts that work
 * without JavaScript (errors come back from the server with a 4xx); with
 * JavaScript conform checks the ban form against the same schema first.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { Button } from "~/ui/Button";
import { BAN_REASON_MAX, USER_INTENTS, USERS_TEXT } from "./users-text";

type Validation = typeof import("./users-validation");

/** The schema, loaded after the page has rendered; until then the server checks (it always does). */
function useValidation(): Validation | null {
  const [validation, setValidation] = useState<Validation | null>(null);
  useEffect(() => {
    let live = true;
    import("./users-validation").then((module) => live && setValidation(module)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return validation;
}

export type Result = SubmissionResult<string[]> | undefined;

function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function BanForm({ action, lastResult }: { action: string; lastResult: Result }) {
  const validation = useValidation();
  const [form, fields] = useForm({
    id: "ban-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData }) => validation.validateBan(formData) : undefined,
  });
  const busy = useBusy(USER_INTENTS.ban);
  // The earliest end date the browser offers: tomorrow (UTC), as the server requires.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className={formStyles.form} preventScrollReset>
      <input type="hidden" name="intent" value={USER_INTENTS.ban} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <Field
        label={USERS_TEXT.banReasonLabel}
        htmlFor={fields.reason.id}
        hint={USERS_TEXT.banReasonHint}
        hintId={`${fields.reason.id}-hint`}
        errorId={fields.reason.errorId}
        errors={fields.reason.errors}
      >
        <textarea
          {...getTextareaProps(fields.reason, { ariaDescribedBy: `${fields.reason.id}-hint` })}
          maxLength={BAN_REASON_MAX}
          rows={3}
          className={formStyles.textarea}
        />
      </Field>
      <Field
        label={USERS_TEXT.banEndsLabel}
        htmlFor={fields.endsAt.id}
        hint={USERS_TEXT.banEndsHint}
        hintId={`${fields.endsAt.id}-hint`}
        errorId={fields.endsAt.errorId}
        errors={fields.endsAt.errors}
      >
        <input
          {...getInputProps(fields.endsAt, { type: "date", ariaDescribedBy: `${fields.endsAt.id}-hint` })}
          min={tomorrow}
          className={formStyles.control}
        />
      </Field>
      <div className={formStyles.actions}>
        <Button type="submit" variant="destructive" disabled={busy}>
          {USERS_TEXT.banSubmit}
        </Button>
      </div>
    </Form>
  );
}

/** A form that is one button (plus hidden fields), with the errors of its last post. */
export function ActionForm({
  action,
  intent,
  label,
  lastResult,
  variant = "secondary",
  hidden,
  children,
  testId,
}: {
  action: string;
  intent: string;
  label: string;
  lastResult: Result;
  variant?: "secondary" | "destructive" | "outline";
  hidden?: Record<string, string>;
  children?: ReactNode;
  testId?: string;
}) {
  const busy = useBusy(intent);
  const errors = lastResult?.error ? Object.values(lastResult.error).flat().filter((e): e is string => Boolean(e)) : undefined;
  const errorId = `${intent}-errors`;
  return (
    <Form method="post" action={action} className={formStyles.form} preventScrollReset data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <FieldErrors id={errorId} errors={errors?.length ? errors : undefined} />
      <div className={formStyles.actions}>
        <Button type="submit" variant={variant} disabled={busy} aria-describedby={errors?.length ? errorId : undefined}>
          {label}
        </Button>
      </div>
    </Form>
  );
}
