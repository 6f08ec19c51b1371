/**
 * The profile picture: what is shown now, a plain multipart form to upload a
 * new one (works without JavaScript) and a form to remove it. The file is
 * judged on the server; the browser's `accept` only narrows the picker.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { MemberAvatar } from "~/members/MemberAvatar";
import { Button } from "~/ui/Button";
import { PROFILE_LABELS as L } from "./profile-fields";
import { PROFILE_INTENTS } from "./profile-intents";
import { PROFILE_TEXT } from "./profile-text";
import * as styles from "./profile.css";

const T = PROFILE_TEXT.avatar;

export function AvatarEditor({
  name,
  avatarUrl,
  lastResult,
}: {
  name: string;
  avatarUrl: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === PROFILE_INTENTS.avatar;
  // Server validation only: what the file is can only be told from its bytes.
  const [form, fields] = useForm({ id: "avatar-form", lastResult });
  return (
    <div className={styles.avatarBlock}>
      <MemberAvatar name={name} size="lg" avatarUrl={avatarUrl} />
      <div className={styles.avatarForms}>
        {avatarUrl ? null : <p className={formStyles.hint}>{T.none}</p>}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className={formStyles.form}>
          <input type="hidden" name="intent" value={PROFILE_INTENTS.avatar} />
          <FieldErrors id={form.errorId} errors={form.errors} />
          <div className={formStyles.field}>
            <label htmlFor={fields.avatar.id} className={formStyles.label}>
              {L.avatar}
            </label>
            <p id={`${fields.avatar.id}-hint`} className={formStyles.hint}>
              {T.hint}
            </p>
            <input
              {...getInputProps(fields.avatar, { type: "file", ariaDescribedBy: `${fields.avatar.id}-hint` })}
              accept="image/jpeg,image/png,image/webp"
              className={styles.fileInput}
            />
            <FieldErrors id={fields.avatar.errorId} errors={fields.avatar.errors} />
          </div>
          <div className={formStyles.actions}>
            <Button type="submit" variant="outline" aria-disabled={uploading || undefined}>
              {uploading ? T.uploading : T.upload}
            </Button>
          </div>
        </Form>
        {avatarUrl ? (
          <Form method="post">
            <input type="hidden" name="intent" value={PROFILE_INTENTS.removeAvatar} />
            <Button type="submit" variant="ghost">
              {T.remove}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
