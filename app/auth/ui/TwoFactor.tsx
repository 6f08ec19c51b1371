/**
 * The views of /auth/mfa (ADR 0099): the challenge (authenticator code, or a
 * recovery code behind a disclosure), setting up an authenticator (QR code
 * and key, then its first code), the new recovery codes shown once, and the
 * management of a factor that is on. Plain forms: all of it works without
 * JavaScript, and the code fields fill from the phone's one-time-code offer.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ZodTypeAny } from "zod";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { Button, ButtonLink } from "~/ui/Button";
import { MFA_TEXT as T } from "../mfa/mfa-text";
import { recoveryCodeSchema, totpCodeSchema } from "../mfa/schema";
import * as styles from "../auth.css";

export type LastResult = SubmissionResult<string[]> | null | undefined;
export type ResultFor = (intent: string) => LastResult;

/**
 * The schema's constraints without `pattern`: the server takes "123 456" and
 * "ABCDE 23456" (it strips spaces and folds case), and before hydration the
 * browser's own pattern check would refuse them with its generic message.
 */
function constraintOf(schema: ZodTypeAny) {
  const constraint = getZodConstraint(schema);
  return Object.fromEntries(Object.entries(constraint).map(([name, rules]) => [name, { ...rules, pattern: undefined }]));
}

function useStepForm(intent: string, schema: ZodTypeAny, lastResult: LastResult) {
  return useForm({
    id: `mfa-${intent}`,
    lastResult,
    constraint: constraintOf(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** A form of one intent, carrying where the person is going. */
function StepForm({
  intent,
  redirectTo,
  form,
  children,
  submit,
  variant = "uber",
}: {
  intent: string;
  redirectTo: string | null;
  form?: ReturnType<typeof useStepForm>[0];
  children?: ReactNode;
  submit: { label: string; busy?: string };
  variant?: "uber" | "outline" | "destructive";
}) {
  const busy = useBusy(intent);
  return (
    <Form method="post" {...(form ? getFormProps(form) : {})} className={formStyles.form}>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {form ? <FieldErrors id={form.errorId} errors={form.errors} /> : null}
      {children}
      <div className={formStyles.actions}>
        <Button type="submit" variant={variant} size={variant === "uber" ? "lg" : "default"} aria-disabled={busy || undefined}>
          {busy && submit.busy ? submit.busy : submit.label}
        </Button>
      </div>
    </Form>
  );
}

function TotpForm({
  intent,
  redirectTo,
  lastResult,
  submit,
  label = T.codeLabel,
  variant,
  focus = false,
}: {
  intent: "verify" | "confirm" | "regenerate" | "disable";
  redirectTo: string | null;
  lastResult: LastResult;
  submit: string;
  label?: string;
  variant?: "uber" | "outline" | "destructive";
  /** Only where the code is all the page asks for (the challenge): elsewhere focus would skip the instructions. */
  focus?: boolean;
}) {
  const [form, fields] = useStepForm(intent, totpCodeSchema, lastResult);
  const hintId = `${fields.code.id}-hint`;
  return (
    <StepForm intent={intent} redirectTo={redirectTo} form={form} submit={{ label: submit, busy: T.verifyBusy }} variant={variant}>
      <Field label={label} htmlFor={fields.code.id} hint={T.codeHint} hintId={hintId} errorId={fields.code.errorId} errors={fields.code.errors}>
        <input
          {...getInputProps(fields.code, { type: "text", ariaDescribedBy: hintId })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          autoFocus={focus || undefined}
          className={`${formStyles.control} ${styles.codeInput}`}
        />
      </Field>
    </StepForm>
  );
}

function RecoveryForm({ redirectTo, lastResult }: { redirectTo: string | null; lastResult: LastResult }) {
  const [form, fields] = useStepForm("recover", recoveryCodeSchema, lastResult);
  const hintId = `${fields.recoveryCode.id}-hint`;
  return (
    <details className={styles.disclosure} open={Boolean(lastResult) || undefined}>
      <summary>{T.recoverySummary}</summary>
      <StepForm intent="recover" redirectTo={redirectTo} form={form} submit={{ label: T.recoverySubmit, busy: T.verifyBusy }} variant="outline">
        <Field label={T.recoveryLabel} htmlFor={fields.recoveryCode.id} hint={T.recoveryHint} hintId={hintId} errorId={fields.recoveryCode.errorId} errors={fields.recoveryCode.errors}>
          <input
            {...getInputProps(fields.recoveryCode, { type: "text", ariaDescribedBy: hintId })}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={64}
            className={formStyles.control}
          />
        </Field>
      </StepForm>
    </details>
  );
}

function SignOutForm() {
  return (
    <Form method="post" action="/auth/sign-out" className={styles.links}>
      <Button type="submit" variant="link">
        {T.signOut}
      </Button>
    </Form>
  );
}

export function ChallengeView({ redirectTo, resultFor }: { redirectTo: string | null; resultFor: ResultFor }) {
  return (
    <>
      <TotpForm intent="verify" redirectTo={redirectTo} lastResult={resultFor("verify")} submit={T.verifySubmit} focus />
      <RecoveryForm redirectTo={redirectTo} lastResult={resultFor("recover")} />
      <SignOutForm />
    </>
  );
}

export function StartView({ required, redirectTo, resultFor, continueTo }: { required: boolean; redirectTo: string | null; resultFor: ResultFor; continueTo: string }) {
  const [form] = useStepForm("enrol", totpCodeSchema.pick({ redirectTo: true }), resultFor("enrol"));
  return (
    <>
      <StepForm intent="enrol" redirectTo={redirectTo} form={form} submit={{ label: T.startSetup }} />
      {required ? (
        <SignOutForm />
      ) : (
        <p className={styles.links}>
          <ButtonLink to={continueTo} variant="link">
            {T.notNowLink}
          </ButtonLink>
        </p>
      )}
    </>
  );
}

export function SetupView({ qrSvg, secretKey, redirectTo, resultFor }: { qrSvg: string; secretKey: string; redirectTo: string | null; resultFor: ResultFor }) {
  return (
    <>
      <ol className={styles.setupSteps}>
        <li>
          <p>{T.setupLead}</p>
          {/* The SVG is made on the server by qrcode from the otpauth URI: paths only, no script. */}
          <div className={styles.qr} role="img" aria-label={T.qrLabel} dangerouslySetInnerHTML={{ __html: qrSvg }} />
          <p className={page.muted}>{T.manualKey}</p>
          <p>
            <code className={styles.secretKey} data-testid="mfa-secret">
              {secretKey}
            </code>
          </p>
        </li>
        <li>
          <TotpForm intent="confirm" redirectTo={redirectTo} lastResult={resultFor("confirm")} submit={T.confirmSubmit} />
        </li>
      </ol>
      <StepForm intent="cancel" redirectTo={redirectTo} submit={{ label: T.cancelSetup }} variant="outline" />
    </>
  );
}

export function CodesView({ codes, continueTo }: { codes: string[]; continueTo: string }) {
  return (
    <>
      <ul className={styles.recoveryCodes} aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <ButtonLink to={continueTo} variant="uber" size="lg">
          {T.codesDone}
        </ButtonLink>
      </p>
    </>
  );
}

export function ManageView({
  remaining,
  canDisable,
  redirectTo,
  resultFor,
  continueTo,
}: {
  remaining: number;
  canDisable: boolean;
  redirectTo: string | null;
  resultFor: ResultFor;
  continueTo: string;
}) {
  return (
    <>
      <p>{T.remaining(remaining)}</p>
      <section aria-labelledby="mfa-regenerate-title" className={styles.manageSection}>
        <h2 id="mfa-regenerate-title" className={styles.manageHeading}>
          {T.regenerate}
        </h2>
        <p className={page.muted}>{T.regenerateLead}</p>
        <TotpForm intent="regenerate" redirectTo={redirectTo} lastResult={resultFor("regenerate")} submit={T.regenerate} label={T.confirmChangeLabel} variant="outline" />
      </section>
      {canDisable ? (
        <section aria-labelledby="mfa-disable-title" className={styles.manageSection}>
          <h2 id="mfa-disable-title" className={styles.manageHeading}>
            {T.disable}
          </h2>
          <TotpForm intent="disable" redirectTo={redirectTo} lastResult={resultFor("disable")} submit={T.disable} label={T.confirmChangeLabel} variant="destructive" />
        </section>
      ) : (
        <p className={page.muted}>{T.adminsKeepIt}</p>
      )}
      <p className={styles.links}>
        <ButtonLink to={continueTo} variant="link">
          {T.doneLink}
        </ButtonLink>
      </p>
    </>
  );
}
