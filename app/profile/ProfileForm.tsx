/**
 * The own-profile form, used by /profile (two columns on wide screens) and
 * /mobile-profile (one compact column). A plain POST to the route action; with
 * JavaScript conform validates in the browser first with the same schema.
 */
import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { Button } from "~/ui/Button";
import { PROFILE_LABELS as L, PROFILE_LIMITS, SKILLS } from "./profile-fields";
import { profileSchema } from "./profile-schema";
import type { OwnProfile } from "./profile.server";
import * as styles from "./profile.css";

export function ProfileForm({
  profile,
  lastResult,
  layout = "wide",
}: {
  profile: OwnProfile;
  lastResult?: SubmissionResult<string[]> | null;
  layout?: "wide" | "compact";
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    constraint: getZodConstraint(profileSchema),
    defaultValue: {
      displayName: profile.displayName,
      bio: profile.bio,
      location: profile.location,
      skills: profile.skills,
      genres: profile.genres.join(", "),
      publicProfile: profile.publicProfile,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  // Wide: name and location side by side; compact: one column like the rest.
  const rowClass = layout === "wide" ? styles.wideRow : formStyles.form;

  return (
    <Form method="post" {...getFormProps(form)} className={formStyles.form}>
      <FieldErrors id={form.errorId} errors={form.errors} />
      <div className={rowClass}>
        <Field label={L.displayName} htmlFor={fields.displayName.id} errorId={fields.displayName.errorId} errors={fields.displayName.errors}>
          <input {...getInputProps(fields.displayName, { type: "text" })} autoComplete="nickname" className={formStyles.control} />
        </Field>
        <Field
          label={L.location}
          htmlFor={fields.location.id}
          hint="City or region, so collaborators can plan sessions."
          hintId={`${fields.location.id}-hint`}
          errorId={fields.location.errorId}
          errors={fields.location.errors}
        >
          <input
            {...getInputProps(fields.location, { type: "text", ariaDescribedBy: `${fields.location.id}-hint` })}
            autoComplete="address-level2"
            className={formStyles.control}
          />
        </Field>
      </div>
      <Field
        label={L.bio}
        htmlFor={fields.bio.id}
        hint={`Credits, sound and what you are looking for. Up to ${PROFILE_LIMITS.bio} characters.`}
        hintId={`${fields.bio.id}-hint`}
        errorId={fields.bio.errorId}
        errors={fields.bio.errors}
      >
        <textarea {...getTextareaProps(fields.bio, { ariaDescribedBy: `${fields.bio.id}-hint` })} rows={layout === "wide" ? 6 : 5} className={formStyles.textarea} />
      </Field>
      <fieldset className={formStyles.fieldset} aria-describedby={fields.skills.errors ? fields.skills.errorId : undefined}>
        <legend className={formStyles.legend}>{L.skills}</legend>
        <div className={formStyles.checkGrid}>
          {getCollectionProps(fields.skills, { type: "checkbox", options: SKILLS.map((s) => s.value) }).map(({ key, ...props }) => (
            <label key={key} className={formStyles.check}>
              <input {...props} />
              <span>{SKILLS.find((s) => s.value === props.value)?.label}</span>
            </label>
          ))}
        </div>
        <FieldErrors id={fields.skills.errorId} errors={fields.skills.errors} />
      </fieldset>
      <Field
        label={L.genres}
        htmlFor={fields.genres.id}
        hint={`Separate with commas, up to ${PROFILE_LIMITS.genres}. For example: pop, dance, r&b.`}
        hintId={`${fields.genres.id}-hint`}
        errorId={fields.genres.errorId}
        errors={fields.genres.errors}
      >
        <input {...getInputProps(fields.genres, { type: "text", ariaDescribedBy: `${fields.genres.id}-hint` })} className={formStyles.control} />
      </Field>
      <div className={formStyles.field}>
        <label className={styles.publicToggle} htmlFor={fields.publicProfile.id}>
          <input {...getInputProps(fields.publicProfile, { type: "checkbox" })} className={styles.publicToggleInput} />
          <span>
            <strong>{L.publicProfile}</strong>
            <br />
            <span className={formStyles.hint}>Members, A&amp;R and visitors can then find you at /members.</span>
          </span>
        </label>
        <FieldErrors id={fields.publicProfile.errorId} errors={fields.publicProfile.errors} />
      </div>
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" size={layout === "wide" ? "lg" : "default"} aria-disabled={saving || undefined}>
          {saving ? "Saving..." : "Save profile"}
        </Button>
      </div>
    </Form>
  );
}
