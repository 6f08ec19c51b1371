/**
 * /ar/register: A&R registration (public; ADR 0072, amending 0023).
 *
 *  visitor               the details and a new account (e-mail, password) in one form;
 *                        on to the code step that confirms the address
 *  signed in, no role    the details for their own account (or where their request stands)
 *  member / A&R / admin  a page saying they have access already
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type Submission } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { ArRequestStatus } from "~/ar/ArRequestStatus";
import * as styles from "~/ar/ar.css";
import { AR_REGISTER_FORMS } from "~/ar/registration-forms.server";
import { AR_INTENTS, AR_LABELS, AR_LIMITS } from "~/ar/registration-fields";
import { AR_REGISTRATION_TEXT as T } from "~/ar/registration-text";
import * as regStyles from "~/ar/registration.css";
import { getArRegistrationForUser } from "~/ar/registrations.server";
import { honeypotInputProps } from "~/auth/honeypot.server";
import { isApprovedAR } from "~/auth/viewer";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${T.pageTitle} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "public-viewer",
  async load({ viewer, db }) {
    const honeypot = honeypotInputProps();
    if (!viewer) return { state: "new" as const, honeypot, name: "", who: null, request: null, approvedAr: false };
    const who = viewer.email ?? viewer.displayName;
    if (viewer.role !== null || viewer.isAdmin) {
      return { state: "has-access" as const, honeypot, name: viewer.displayName, who, request: null, approvedAr: isApprovedAR(viewer) };
    }
    const request = await getArRegistrationForUser(db, viewer.id);
    return {
      state: request?.status === "pending" ? ("pending" as const) : ("own" as const),
      honeypot,
      name: viewer.displayName,
      who,
      request,
      approvedAr: false,
    };
  },
  forms: AR_REGISTER_FORMS,
});

export const loader = route.loader;
export const action = route.action;
// Document responses take their headers from here: a refusal's Retry-After goes on.
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

const LINK_ROWS = AR_LIMITS.links;

export default function ArRegisterRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow={T.eyebrow} title={T.pageTitle} lead={T.lead} />
      {data.state === "has-access" ? (
        <section className={page.card} aria-labelledby="ar-access-title">
          <h2 id="ar-access-title" className={page.sectionTitle}>
            {T.alreadyAccessTitle}
          </h2>
          <p className={page.muted}>{data.approvedAr ? T.alreadyAccessAr : T.alreadyAccessMember}</p>
          <div className={page.headerActions}>
            {data.approvedAr ? (
              <ButtonLink to="/ar/dashboard" variant="uber" size="lg">
                {T.openDesk}
              </ButtonLink>
            ) : (
              <ButtonLink to="/dashboard" variant="uber" size="lg">
                {T.toDashboard}
              </ButtonLink>
            )}
          </div>
        </section>
      ) : data.state === "pending" && data.request ? (
        <ArRequestStatus request={data.request} />
      ) : (
        <div className={styles.formLayout}>
          <div className={regStyles.stack}>
            {data.request?.status === "declined" ? <ArRequestStatus request={data.request} offerNew={false} /> : null}
            <RegistrationForm newAccount={data.state === "new"} name={data.name} who={data.who} honeypot={data.honeypot} />
          </div>
          <aside className={page.card} aria-labelledby="ar-next-title">
            <h2 id="ar-next-title" className={page.sectionTitle}>
              {T.nextTitle}
            </h2>
            <p className={page.muted}>{data.state === "new" ? T.nextNew : T.nextOwn}</p>
            {data.state === "new" ? (
              <p className={page.muted}>
                {T.approvedSignIn} <Link to="/auth?redirect=%2Far%2Fdashboard">Sign in</Link>.
              </p>
            ) : null}
          </aside>
        </div>
      )}
    </div>
  );
}

interface RegistrationShape {
  name: string;
  company: string;
  title: string;
  territory: string;
  links: { url: string }[];
  message: string;
  email: string;
  password: string;
}

function RegistrationForm({
  newAccount,
  name,
  who,
  honeypot,
}: {
  newAccount: boolean;
  name: string;
  who: string | null;
  honeypot: ReturnType<typeof honeypotInputProps>;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  // The schemas (and zod) load after the page is up (ADR 0038); the server checks the same.
  const [validate, setValidate] = useState<typeof import("~/ar/registration-validation").validateRegistration | null>(null);
  useEffect(() => {
    let live = true;
    import("~/ar/registration-validation").then((module) => live && setValidate(() => module.validateRegistration)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const [form, fields] = useForm<RegistrationShape>({
    id: "ar-register",
    lastResult: actionData?.result,
    constraint: {
      name: { required: true, maxLength: AR_LIMITS.name },
      company: { required: true, maxLength: AR_LIMITS.company },
      title: { required: true, maxLength: AR_LIMITS.title },
      territory: { required: true, maxLength: AR_LIMITS.territory },
      message: { maxLength: AR_LIMITS.message },
      ...(newAccount ? { email: { required: true, maxLength: AR_LIMITS.email }, password: { required: true } } : {}),
    },
    defaultValue: { name, company: "", title: "", territory: "", message: "", links: Array.from({ length: LINK_ROWS }, () => ({ url: "" })) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schemas' output (links with labels, the intent) is the server's business: the browser only shows the errors.
    onValidate: validate ? ({ formData }) => validate(formData, newAccount) as unknown as Submission<RegistrationShape> : undefined,
  });
  const linkRows = fields.links.getFieldList();
  // conform lists only the rows it has values for: there are always LINK_ROWS inputs (no JavaScript needed to add one).
  const rows = Array.from({ length: LINK_ROWS }, (_, index) => linkRows[index]);
  return (
    <section className={page.card} aria-labelledby="ar-form-title">
      <h2 id="ar-form-title" className={page.sectionTitle}>
        {T.detailsTitle}
      </h2>
      <HoneypotProvider {...honeypot}>
        <Form method="post" {...getFormProps(form)} className={formStyles.form}>
          <HoneypotInputs label="Leave this field empty" />
          <input type="hidden" name="intent" value={newAccount ? AR_INTENTS.register : AR_INTENTS.request} />
          <FieldErrors id={form.errorId} errors={form.errors} />
          {who ? <p className={page.muted}>{T.signedInAs(who)}</p> : null}
          <Field label={AR_LABELS.name} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={formStyles.control} />
          </Field>
          <Field label={AR_LABELS.company} htmlFor={fields.company.id} errorId={fields.company.errorId} errors={fields.company.errors}>
            <input {...getInputProps(fields.company, { type: "text" })} autoComplete="organization" className={formStyles.control} />
          </Field>
          <Field label={AR_LABELS.title} htmlFor={fields.title.id} errorId={fields.title.errorId} errors={fields.title.errors}>
            <input {...getInputProps(fields.title, { type: "text" })} autoComplete="organization-title" placeholder="Head of A&R" className={formStyles.control} />
          </Field>
          <Field
            label={AR_LABELS.territory}
            htmlFor={fields.territory.id}
            hint="Where you sign and place songs, e.g. UK & Ireland, North America, worldwide."
            hintId={`${fields.territory.id}-hint`}
            errorId={fields.territory.errorId}
            errors={fields.territory.errors}
          >
            <input {...getInputProps(fields.territory, { type: "text", ariaDescribedBy: `${fields.territory.id}-hint` })} className={formStyles.control} />
          </Field>
          <fieldset className={formStyles.fieldset} aria-describedby={`${fields.links.id}-hint`}>
            <legend className={formStyles.legend}>{AR_LABELS.links}</legend>
            <p id={`${fields.links.id}-hint`} className={formStyles.hint}>
              {T.linksHint}
            </p>
            <FieldErrors id={fields.links.errorId} errors={fields.links.errors} />
            <ol className={regStyles.linkList}>
              {rows.map((row, index) => {
                const url = row?.getFieldset().url;
                const id = url?.id ?? `${form.id}-links-${index}-url`;
                return (
                  <li key={row?.key ?? index}>
                    <Field label={`${AR_LABELS.linkUrl} ${index + 1}`} htmlFor={id} errorId={url?.errorId ?? `${id}-error`} errors={url?.errors}>
                      <input
                        {...(url ? getInputProps(url, { type: "url" }) : { id, name: `links[${index}].url`, type: "url" })}
                        inputMode="url"
                        placeholder="https://"
                        className={formStyles.control}
                      />
                    </Field>
                  </li>
                );
              })}
            </ol>
          </fieldset>
          <Field
            label={AR_LABELS.message}
            htmlFor={fields.message.id}
            hint={`Optional. Genres, artists you work with, briefs you have open. Up to ${AR_LIMITS.message} characters.`}
            hintId={`${fields.message.id}-hint`}
            errorId={fields.message.errorId}
            errors={fields.message.errors}
          >
            <textarea {...getTextareaProps(fields.message, { ariaDescribedBy: `${fields.message.id}-hint` })} rows={4} className={formStyles.textarea} />
          </Field>
          {newAccount ? (
            <fieldset className={formStyles.fieldset} aria-describedby="ar-account-hint">
              <legend className={formStyles.legend}>{T.accountTitle}</legend>
              <p id="ar-account-hint" className={formStyles.hint}>
                {T.accountLead} {T.haveAccount} <Link to="/auth?redirect=%2Far%2Fregister">{T.signInFirst}</Link>.
              </p>
              <Field label={AR_LABELS.email} htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
                <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={formStyles.control} />
              </Field>
              <Field
                label={AR_LABELS.password}
                htmlFor={fields.password.id}
                errorId={fields.password.errorId}
                errors={fields.password.errors}
              >
                <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={formStyles.control} />
              </Field>
            </fieldset>
          ) : null}
          <div className={formStyles.actions}>
            <Button type="submit" variant="uber" size="lg" aria-disabled={sending || undefined}>
              {sending ? T.sending : T.send}
            </Button>
          </div>
        </Form>
      </HoneypotProvider>
    </section>
  );
}
