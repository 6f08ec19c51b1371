/** /ar/register: the A&R access request form (public). Stored in ar_registrations, confirmed with a toast. */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import * as styles from "~/ar/ar.css";
import { AR_LABELS, AR_LIMITS, arRegistrationSchema } from "~/ar/registration-schema";
import { AR_REQUESTS_PER_ADDRESS } from "~/ar/registration-limits.server";
import { createArRegistration } from "~/ar/registrations.server";
import { honeypotInputProps, isSpam } from "~/auth/honeypot.server";
import { requestContext } from "~/auth/request-context.server";
import { optionalViewer } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { consume } from "~/platform/rate-limit.server";
import { db } from "~/platform/runtime.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `Request A&R access | ${PRODUCT_NAME}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await optionalViewer(request);
  return { defaults: { name: viewer?.displayName ?? "", email: viewer?.email ?? "" }, honeypot: honeypotInputProps() };
}

const SPAM_MESSAGE = "This form could not be sent. Reload the page and try again.";

export async function action({ request }: ActionFunctionArgs) {
  const viewer = await optionalViewer(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: arRegistrationSchema });
  if (isSpam(formData)) {
    return data({ result: submission.reply({ formErrors: [SPAM_MESSAGE] }) }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const limited = await consume(db(), AR_REQUESTS_PER_ADDRESS, requestContext(request).clientAddress);
  if (limited) {
    return data({ result: submission.reply({ formErrors: [limited.message] }) }, { status: 429, headers: limited.headers() });
  }
  // A repeat of an open request is not stored twice, and is answered the same
  // way, so the form does not reveal who has already asked for access.
  await createArRegistration(db(), submission.value, viewer?.id ?? null);
  return redirectWithToast("/ar", {
    type: "success",
    title: "Request received",
    message: `Thanks, ${submission.value.name}. We'll reply to ${submission.value.email} once the team has reviewed your request.`,
  });
}

// Document responses take their headers from here: pass a refusal's Retry-After on.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

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
