/**
 * A labelled form control with its hint and errors. Errors render from the
 * server's reply too, so they show without JavaScript; the control points at
 * them with aria-describedby (conform's getInputProps sets that up).
 */
import type { ReactNode } from "react";
import * as styles from "./form.css";

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className={styles.error}>
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

export function Field({
  label,
  htmlFor,
  hint,
  hintId,
  errorId,
  errors,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  hint?: ReactNode;
  hintId?: string;
  errorId: string;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={htmlFor} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
