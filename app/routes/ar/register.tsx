/** /ar/register: the A&R access request form (public). Stored in ar_registrations, confirmed with a toast. */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import * as styles from "~/ar/ar.css";
import { AR_LABELS, AR_LIMITS, arRegistrationSchema } from "~/ar/registration-schema";
import { AR_REQUESTS_PER_ADDRESS } from "~/ar/registration-limits.server";
import { createArRegistration } from "~/ar/registrations.server";
import { honeypotInputProps } from "~/auth/honeypot.server";
import { requestContext } from "~/auth/request-context.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Request A&R access | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "public-viewer",
  load: ({ viewer }) => ({ defaults: { name: viewer?.displayName ?? "", email: viewer?.email ?? "" }, honeypot: honeypotInputProps() }),
  forms: {
    request: form({
      schema: arRegistrationSchema,
      // Counted per network address, so one client cannot flood the admins' queue.
      rateLimit: { rule: AR_REQUESTS_PER_ADDRESS, subject: ({ request }) => requestContext(request).clientAddress },
      async handle({ db, viewer, value }) {
        // A repeat of an open request is not stored twice, and is answered the same
        // way, so the form does not reveal who has already asked for access.
        await createArRegistration(db, value, viewer?.id ?? null);
        return redirectWithToast("/ar", {
          type: "success",
          title: "Request received",
          message: `Thanks, ${value.name}. We'll reply to ${value.email} once the team has reviewed your request.`,
        });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
// Document responses take their headers from here: a refusal's Retry-After goes on.
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

export default function ArRegisterRoute() {
  const { defaults, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "ar-register",
    lastResult: actionData?.result,
    constraint: getZodConstraint(arRegistrationSchema),
    defaultValue: { ...defaults, company: "", message: "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: arRegistrationSchema }),
  });
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="For A&R and labels"
        title="Request A&R access"
        lead="Tell us who you are and what you are looking for. The team reviews every request by hand."
      />
      <div className={styles.formLayout}>
        <section className={page.card} aria-labelledby="ar-form-title">
          <h2 id="ar-form-title" className={page.sectionTitle}>
            Your details
          </h2>
          <HoneypotProvider {...honeypot}>
          <Form method="post" {...getFormProps(form)} className={formStyles.form}>
            <HoneypotInputs label="Leave this field empty" />
            <FieldErrors id={form.errorId} errors={form.errors} />
            <Field label={AR_LABELS.name} htmlFor={fields.name.id} errorId={fields.name.errorId} errors={fields.name.errors}>
              <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={formStyles.control} />
            </Field>
            <Field label={AR_LABELS.company} htmlFor={fields.company.id} errorId={fields.company.errorId} errors={fields.company.errors}>
              <input {...getInputProps(fields.company, { type: "text" })} autoComplete="organization" className={formStyles.control} />
            </Field>
            <Field label={AR_LABELS.email} htmlFor={fields.email.id} errorId={fields.email.errorId} errors={fields.email.errors}>
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={formStyles.control} />
            </Field>
            <Field
              label={AR_LABELS.message}
              htmlFor={fields.message.id}
              hint={`Optional. Genres, artists you work with, briefs you have open. Up to ${AR_LIMITS.message} characters.`}
              hintId={`${fields.message.id}-hint`}
              errorId={fields.message.errorId}
              errors={fields.message.errors}
            >
              <textarea {...getTextareaProps(fields.message, { ariaDescribedBy: `${fields.message.id}-hint` })} rows={5} className={formStyles.textarea} />
            </Field>
            <div className={formStyles.actions}>
              <Button type="submit" variant="uber" size="lg" aria-disabled={sending || undefined}>
                {sending ? "Sending..." : "Send request"}
              </Button>
            </div>
          </Form>
          </HoneypotProvider>
        </section>
        <aside className={page.card} aria-labelledby="ar-next-title">
          <h2 id="ar-next-title" className={page.sectionTitle}>
            What happens next
          </h2>
          <p className={page.muted}>
            We check who you are and reply by e-mail. Approved A&amp;R professionals sign in to an A&amp;R dashboard and the full catalogue.
          </p>
          <p className={page.muted}>
            Already approved? <Link to="/auth?redirect=%2Far%2Fdashboard">Sign in</Link>.
          </p>
        </aside>
      </div>
    </div>
  );
}
