/**
 * The A&R's "Post a brief" form: a plain POST to /ar/briefs through the form
 * pipeline. The browser's own checks (required, maxlength, a date field) come
 * first; the server's errors show under the fields, with or without
 * JavaScript, and what was typed comes back with them. (Not conform's
 * useForm: its chunk stays off the page, ADR 0038's budget.)
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { Button } from "~/ui/Button";
import { errorsFor, valueFor } from "./BriefParts";
import { AR_BRIEFS_PATH, BRIEF_LABELS as L, BRIEF_LIMITS, BRIEF_TEXT } from "./constants";

const T = BRIEF_TEXT.ar;
export const POST_BRIEF_INTENT = "post";
const id = (name: string) => `brief-${name}`;

export function BriefPostForm({ lastResult, defaultCompany, minDeadline }: { lastResult: SubmissionResult<string[]> | null; defaultCompany: string; minDeadline: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === POST_BRIEF_INTENT;
  const formErrors = errorsFor(lastResult, "");
  // A refused post keeps what was typed; a fresh form (or a success's redirect) starts empty.
  const value = (name: string, fallback = "") => valueFor(lastResult, name) ?? fallback;
  const described = (name: string, hint: boolean) =>
    [hint ? `${id(name)}-hint` : null, errorsFor(lastResult, name) ? `${id(name)}-error` : null].filter(Boolean).join(" ") || undefined;
  const invalid = (name: string) => (errorsFor(lastResult, name) ? true : undefined);
  return (
    <Form method="post" action={AR_BRIEFS_PATH} className={formStyles.form} id="brief-post-form" aria-describedby={formErrors ? "brief-post-error" : undefined}>
      <input type="hidden" name="intent" value={POST_BRIEF_INTENT} />
      <FieldErrors id="brief-post-error" errors={formErrors} />
      <Field label={L.title} htmlFor={id("title")} hint={BRIEF_TEXT.ar.postHint} hintId={`${id("title")}-hint`} errorId={`${id("title")}-error`} errors={errorsFor(lastResult, "title")}>
        <input
          id={id("title")}
          name="title"
          type="text"
          required
          minLength={BRIEF_LIMITS.titleMin}
          maxLength={BRIEF_LIMITS.title}
          defaultValue={value("title")}
          aria-invalid={invalid("title")}
          aria-describedby={described("title", true)}
          className={formStyles.control}
        />
      </Field>
      <Field label={L.company} htmlFor={id("company")} hint={T.companyHint} hintId={`${id("company")}-hint`} errorId={`${id("company")}-error`} errors={errorsFor(lastResult, "company")}>
        <input
          id={id("company")}
          name="company"
          type="text"
          required
          maxLength={BRIEF_LIMITS.company}
          autoComplete="organization"
          defaultValue={value("company", defaultCompany)}
          aria-invalid={invalid("company")}
          aria-describedby={described("company", true)}
          className={formStyles.control}
        />
      </Field>
      <Field label={L.body} htmlFor={id("body")} hint={T.bodyHint} hintId={`${id("body")}-hint`} errorId={`${id("body")}-error`} errors={errorsFor(lastResult, "body")}>
        <textarea
          id={id("body")}
          name="body"
          required
          maxLength={BRIEF_LIMITS.body}
          rows={5}
          defaultValue={value("body")}
          aria-invalid={invalid("body")}
          aria-describedby={described("body", true)}
          className={formStyles.textarea}
        />
      </Field>
      <Field label={L.genre} htmlFor={id("genre")} errorId={`${id("genre")}-error`} errors={errorsFor(lastResult, "genre")}>
        <input
          id={id("genre")}
          name="genre"
          type="text"
          maxLength={BRIEF_LIMITS.genre}
          defaultValue={value("genre")}
          aria-invalid={invalid("genre")}
          aria-describedby={described("genre", false)}
          className={formStyles.control}
        />
      </Field>
      <Field label={L.deadline} htmlFor={id("deadline")} hint={T.deadlineHint} hintId={`${id("deadline")}-hint`} errorId={`${id("deadline")}-error`} errors={errorsFor(lastResult, "deadline")}>
        <input
          id={id("deadline")}
          name="deadline"
          type="date"
          min={minDeadline}
          defaultValue={value("deadline")}
          aria-invalid={invalid("deadline")}
          aria-describedby={described("deadline", true)}
          className={formStyles.control}
        />
      </Field>
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" disabled={busy}>
          {T.post}
        </Button>
      </div>
    </Form>
  );
}
