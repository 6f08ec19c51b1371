/**
 * The forms on an applicant's review page: the admin's own rating and
 * comment, the decision with its note, and a fresh offer link. Plain posts
 * (they work without JavaScript, errors come back from the server); with
 * JavaScript conform checks the same schemas first.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { Button } from "~/ui/Button";
import { DECISIONS, REVIEW_LIMITS, REVIEW_TEXT } from "./review-text";
import * as styles from "./review.css";

type Result = SubmissionResult<string[]> | undefined;
type Validation = typeof import("./review-validation");

/** The schemas, loaded after the page has rendered; until then the server checks (it always does). */
function useValidation(): Validation | null {
  const [validation, setValidation] = useState<Validation | null>(null);
  useEffect(() => {
    let live = true;
    import("./review-validation").then((module) => live && setValidation(module)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return validation;
}

function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function RatingForm({ action, mine, lastResult }: { action: string; mine: { rating: number; comment: string } | null; lastResult: Result }) {
  const validation = useValidation();
  const [form, fields] = useForm({
    id: "rating-form",
    lastResult,
    defaultValue: { rating: mine ? String(mine.rating) : undefined, comment: mine?.comment ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData }) => validation.validateRating(formData) : undefined,
  });
  const busy = useBusy("rate");
  return (
    <Form method="post" action={action} {...getFormProps(form)} className={formStyles.form} preventScrollReset>
      <input type="hidden" name="intent" value="rate" />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <fieldset className={formStyles.fieldset} aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className={formStyles.legend}>{REVIEW_TEXT.ratingLabel}</legend>
        <div className={styles.radioRow}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={styles.radioLabel}>
              <input type="radio" name={fields.rating.name} value={String(n)} defaultChecked={mine?.rating === n} />
              {n}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors} />
      </fieldset>
      <Field
        label={REVIEW_TEXT.commentLabel}
        htmlFor={fields.comment.id}
        hint={REVIEW_TEXT.commentHint}
        hintId={`${fields.comment.id}-hint`}
        errorId={fields.comment.errorId}
        errors={fields.comment.errors}
      >
        <textarea
          {...getTextareaProps(fields.comment, { ariaDescribedBy: `${fields.comment.id}-hint` })}
          maxLength={REVIEW_LIMITS.comment}
          rows={4}
          className={formStyles.textarea}
        />
      </Field>
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          {REVIEW_TEXT.saveRating}
        </Button>
      </div>
    </Form>
  );
}

export function DecisionForm({ action, status, lastResult }: { action: string; status: string; lastResult: Result }) {
  const validation = useValidation();
  const [form, fields] = useForm({
    id: "decision-form",
    lastResult,
    defaultValue: { expectedStatus: status },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validation ? ({ formData }) => validation.validateDecision(formData) : undefined,
  });
  const busy = useBusy("decide");
  return (
    <Form method="post" action={action} {...getFormProps(form)} className={formStyles.form} preventScrollReset>
      <input type="hidden" name="intent" value="decide" />
      {/* The status this page showed: a decision taken meanwhile is not overwritten. */}
      <input type="hidden" name="expectedStatus" value={status} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <FieldErrors id={fields.expectedStatus.errorId} errors={fields.expectedStatus.errors} />
      <fieldset className={formStyles.fieldset} aria-describedby={fields.decision.errors ? fields.decision.errorId : undefined}>
        <legend className={formStyles.legend}>{REVIEW_TEXT.decisionLabel}</legend>
        <div className={styles.radioRow}>
          {DECISIONS.filter((d) => !(d === "shortlist" && status === "shortlisted") && !(d === "waitlist" && status === "waitlisted")).map((decision) => (
            <label key={decision} className={styles.radioLabel}>
              <input type="radio" name={fields.decision.name} value={decision} />
              {REVIEW_TEXT.decisionNames[decision]}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.decision.errorId} errors={fields.decision.errors} />
      </fieldset>
      <Field
        label={REVIEW_TEXT.noteLabel}
        htmlFor={fields.note.id}
        hint={REVIEW_TEXT.noteHint}
        hintId={`${fields.note.id}-hint`}
        errorId={fields.note.errorId}
        errors={fields.note.errors}
      >
        <textarea {...getTextareaProps(fields.note, { ariaDescribedBy: `${fields.note.id}-hint` })} maxLength={REVIEW_LIMITS.note} rows={3} className={formStyles.textarea} />
      </Field>
      <div>
        <Button type="submit" disabled={busy}>
          {REVIEW_TEXT.decide}
        </Button>
      </div>
    </Form>
  );
}

export function ResendOfferForm({ action, lastResult }: { action: string; lastResult: Result }) {
  const busy = useBusy("resend");
  const errors = lastResult?.error?.[""] ?? undefined;
  return (
    <Form method="post" action={action} className={formStyles.form} preventScrollReset>
      <input type="hidden" name="intent" value="resend" />
      <FieldErrors id="resend-errors" errors={errors} />
      <p className={formStyles.hint}>{REVIEW_TEXT.resendHint}</p>
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          {REVIEW_TEXT.resendOffer}
        </Button>
      </div>
    </Form>
  );
}

