/**
 * The page behind the four phone-authentication test routes. Each step is a
 * plain form, so the whole flow works without JavaScript.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { phoneSendSchema as sendSchema, phoneVerifySchema as verifySchema } from "./phone-forms";
import * as styles from "../auth.css";
import type { PhoneTestActionData, PhoneTestStep, phoneTestPage } from "./phone-test.server";

const STEPS: { step: PhoneTestStep; label: string }[] = [
  { step: "phone", label: "1. Phone number" },
  { step: "code", label: "2. Code" },
  { step: "verified", label: "3. Verified" },
];

function Steps({ current }: { current: PhoneTestStep }) {
  const index = STEPS.findIndex((s) => s.step === current);
  return (
    <ol className={styles.steps} aria-label="Progress">
      {STEPS.map((s, i) => (
        <li key={s.step} className={i < index ? styles.stepDone : i === index ? styles.stepCurrent : undefined} aria-current={i === index ? "step" : undefined}>
          {s.label}
        </li>
      ))}
    </ol>
  );
}

function SendForm({ lastResult }: { lastResult?: PhoneTestActionData["result"] }) {
  const busy = useNavigation().formData?.get("intent") === "send";
  const [form, fields] = useForm({
    id: "phone-send",
    lastResult,
    constraint: getZodConstraint(sendSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={formStyles.form}>
      <input type="hidden" name="intent" value="send" />
      <HoneypotInputs label="Leave this field empty" />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <Field
        label="Phone number"
        htmlFor={fields.phone.id}
        hint="With its country code, e.g. +44 7700 900123."
        hintId={`${fields.phone.id}-hint`}
        errorId={fields.phone.errorId}
        errors={fields.phone.errors}
      >
        <input {...getInputProps(fields.phone, { type: "tel", ariaDescribedBy: `${fields.phone.id}-hint` })} autoComplete="tel" className={formStyles.control} />
      </Field>
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" size="lg" aria-disabled={busy || undefined}>
          {busy ? "Sending..." : "Send code"}
        </Button>
      </div>
    </Form>
  );
}

function VerifyForm({ lastResult }: { lastResult?: PhoneTestActionData["result"] }) {
  const busy = useNavigation().formData?.get("intent") === "verify";
  const [form, fields] = useForm({
    id: "phone-verify",
    lastResult,
    constraint: getZodConstraint(verifySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifySchema }),
  });
  return (
    <>
      <Form method="post" {...getFormProps(form)} className={formStyles.form}>
        <input type="hidden" name="intent" value="verify" />
        <HoneypotInputs label="Leave this field empty" />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <Field label="6-digit code" htmlFor={fields.code.id} errorId={fields.code.errorId} errors={fields.code.errors}>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className={`${formStyles.control} ${styles.codeInput}`}
          />
        </Field>
        <div className={formStyles.actions}>
          <Button type="submit" variant="uber" size="lg" aria-disabled={busy || undefined}>
            {busy ? "Checking..." : "Verify code"}
          </Button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="reset" />
        <Button type="submit" variant="link">
          Use a different number
        </Button>
      </Form>
    </>
  );
}

type Summary = NonNullable<Awaited<ReturnType<typeof phoneTestPage>>["session"]>;

function SessionState({ session }: { session: Summary }) {
  const rows: [string, string][] = [
    ["User id", session.userId],
    ["Phone", session.phone ?? "none"],
    ["Email", session.email ?? "none"],
    ["Role (user metadata)", session.metadataRole],
    ["Member role (profile)", session.profileRole ?? "none yet (applicant)"],
    ["Administrator", session.isAdmin ? "yes" : "no"],
    ["Session expires at", `${session.expiresAt} (${new Date(session.expiresAt * 1000).toISOString()})`],
    ["Expires in", `${session.expiresIn} s`],
    ["Token type", session.tokenType],
    ["Signed in at", session.startedAt],
  ];
  return (
    <section aria-labelledby="session-state-title" className={styles.heading}>
      <h2 id="session-state-title">Session state</h2>
      <p className={styles.lead}>What the server knows about this session. The tokens themselves never leave the server.</p>
      <table className={styles.stateTable}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className={styles.stateCellHead}>
                {label}
              </th>
              <td className={styles.stateCell}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function PhoneAuthTest({ title }: { title: string }) {
  const { step, sentTo, session, honeypot } = useLoaderData<typeof phoneTestPage>();
  const actionData = useActionData<PhoneTestActionData>();
  const resultFor = (intent: PhoneTestActionData["intent"]) => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <div className={styles.page}>
      <HoneypotProvider {...honeypot}>
        <section className={styles.wideCard} aria-labelledby="phone-test-title">
          <div className={styles.heading}>
            <h1 id="phone-test-title" className={styles.title}>
              {title}
            </h1>
            <p className={styles.lead}>Signs in with a one-time code sent by SMS, one step at a time.</p>
          </div>
          <Steps current={step} />

          {step === "phone" ? <SendForm lastResult={resultFor("send")} /> : null}
          {step === "code" ? (
            <>
              <Alert title="Code sent">
                <p>
                  We sent a 6-digit code to <strong>{sentTo}</strong>.
                </p>
              </Alert>
              <VerifyForm lastResult={resultFor("verify")} />
            </>
          ) : null}
          {step === "verified" ? (
            <Alert title="Verified">
              <p>The code was accepted and you are signed in.</p>
            </Alert>
          ) : null}

          {session ? (
            <SessionState session={session} />
          ) : (
            <p className={styles.lead}>No session yet: nobody is signed in in this browser.</p>
          )}
        </section>
      </HoneypotProvider>
    </div>
  );
}
