/**
 * The own-profile form, used by /profile (two columns on wide screens) and
 * /mobile-profile (one compact column). A plain POST to the route action; with
 * JavaScript conform validates in the browser first with the same schema,
 * loaded once the page is up (profile-validation.ts).
 */
import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { Button } from "~/ui/Button";
import { PROFILE_LABELS as L, PROFILE_LIMITS, SKILLS } from "./profile-fields";
import type { OwnProfile } from "./profile.server";
import { PROFILE_INTENTS } from "./profile-intents";
import type { ProfileLink } from "./profile-schema";
import { PROFILE_TEXT } from "./profile-text";
import * as styles from "./profile.css";

/** The stored links plus empty rows to add more (without JavaScript too): at least two rows, at most the limit. */
function linkRows(links: ProfileLink[]) {
  const count = Math.min(PROFILE_LIMITS.links, Math.max(links.length + 1, 2));
  return Array.from({ length: count }, (_, index) => links[index] ?? { label: "", url: "" });
}

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
  const [validate, setValidate] = useState<typeof import("./profile-validation").validateProfile | null>(null);
  useEffect(() => {
    let live = true;
    import("./profile-validation").then((module) => live && setValidate(() => module.validateProfile)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const [form, fields] = useForm({
    id: "profile-form",
    lastResult,
    constraint: { displayName: { required: true } },
    defaultValue: {
      displayName: profile.displayName,
      bio: profile.bio,
      location: profile.location,
      skills: profile.skills,
      genres: profile.genres.join(", "),
      links: linkRows(profile.links),
      publicProfile: profile.publicProfile,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Until the schema has loaded, submitting goes to the server, which checks the same.
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
  // Wide: name and location side by side; compact: one column like the rest.
  const rowClass = layout === "wide" ? styles.wideRow : formStyles.form;

  return (
    <Form method="post" {...getFormProps(form)} className={formStyles.form}>
      <input type="hidden" name="intent" value={PROFILE_INTENTS.profile} />
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
      <fieldset className={formStyles.fieldset} aria-describedby={`${fields.links.id}-hint`}>
        <legend className={formStyles.legend}>{L.links}</legend>
        <p id={`${fields.links.id}-hint`} className={formStyles.hint}>
          {PROFILE_TEXT.links.hint}
        </p>
        <FieldErrors id={fields.links.errorId} errors={fields.links.errors} />
        <ol className={styles.linkList}>
          {fields.links.getFieldList().map((row, index) => {
            const link = row.getFieldset();
            return (
              <li key={row.key} className={styles.linkRow}>
                <Field label={`${L.linkLabel} ${index + 1}`} htmlFor={link.label.id} errorId={link.label.errorId} errors={link.label.errors}>
                  <input {...getInputProps(link.label, { type: "text" })} placeholder="Website" className={formStyles.control} />
                </Field>
                <Field label={`${L.linkUrl} ${index + 1}`} htmlFor={link.url.id} errorId={link.url.errorId} errors={link.url.errors}>
                  <input
                    {...getInputProps(link.url, { type: "url" })}
                    inputMode="url"
                    autoComplete="url"
                    placeholder="https://"
                    className={formStyles.control}
                  />
                </Field>
              </li>
            );
          })}
        </ol>
      </fieldset>
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
