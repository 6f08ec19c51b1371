/**
 * The song submission form: title, audio, metadata, lyrics and credits.
 *
 * Without JavaScript it is a plain multipart POST through the form pipeline:
 * errors come back under the fields with a 4xx (the values typed are kept,
 * the file must be chosen again, as browsers never refill a file input); a
 * success redirects to the submission's page with a toast.
 *
 * With JavaScript the same POST goes out through XMLHttpRequest (as the
 * showcase's UploadForm does, ADR 0064): a progress bar while the bytes are
 * sent, Cancel while they are, "Processing the audio…" once they are all
 * sent. The answer is the page the action gives a browser without
 * JavaScript: after a success the submission's page (the browser then goes
 * there), after a refusal the form with its errors, read from that page by
 * their element ids, so the messages are exactly the server's.
 *
 * Credits are SUBMISSION_LIMITS.creditRows fixed rows; rows left blank are
 * ignored by the server.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { CAMP_CREDITS_TEXT } from "~/camps/review-text";
import { CreditsTable } from "~/catalog/components/CreditsTable";
import type { Credit } from "~/catalog/types";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { toast } from "~/toast/store";
import { Button } from "~/ui/Button";
import { useProgressUpload } from "~/ui/useProgressUpload";
import {
  CREDIT_ROLE_LABELS,
  CREDIT_ROLES,
  MUSICAL_KEYS,
  SUBMISSION_LIMITS,
  SUBMISSION_TEXT,
  VOCAL_TYPE_LABELS,
  VOCAL_TYPES,
} from "./constants";
import type { MemberOption } from "./submissions.server";
import * as styles from "./submissions.css";

const T = SUBMISSION_TEXT;
const FORM_ID = "submission";
const idOf = (name: string) => `${FORM_ID}-${name.replace(/[[\].]/g, "-").replace(/-+/g, "-").replace(/-$/, "")}`;
const errorIdOf = (name: string) => `${idOf(name)}-error`;
const hintIdOf = (name: string) => `${idOf(name)}-hint`;

type Errors = Record<string, string[] | undefined>;

/** The error lists the server rendered for this form, read from its page, by field name. */
function errorsFromPage(page: Document | null, names: string[]): Errors | null {
  if (!page) return null;
  const errors: Errors = {};
  let any = false;
  for (const name of names) {
    const list = page.getElementById(errorIdOf(name));
    const items = list ? [...list.querySelectorAll("li")].map((item) => item.textContent?.trim() ?? "").filter(Boolean) : [];
    if (items.length > 0) {
      errors[name] = items;
      any = true;
    }
  }
  return any ? errors : null;
}

const CREDIT_FIELDS = ["name", "memberId", "role", "split"] as const;
const creditName = (index: number, field: (typeof CREDIT_FIELDS)[number]) => `credits[${index}].${field}`;

const FIELD_NAMES = [
  "",
  "briefId",
  "campSongId",
  "title",
  "audio",
  "genre",
  "moods",
  "bpm",
  "musicalKey",
  "vocalType",
  "explicit",
  "lyrics",
  "credits",
  ...Array.from({ length: SUBMISSION_LIMITS.creditRows }, (_, i) => CREDIT_FIELDS.map((f) => creditName(i, f))).flat(),
];

/** A value the server sent back (conform's initialValue: nested objects and arrays). */
function initialOf(initial: unknown, name: string): string | undefined {
  let value: unknown = initial;
  for (const part of name.split(/[[\].]+/).filter(Boolean)) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === "string" ? value : undefined;
}

export interface SubmissionFormProps {
  action: string;
  briefId: string | null;
  members: MemberOption[];
  genres: string[];
  lastResult?: SubmissionResult<string[]> | null;
  /** The member submitting: the first credit row starts as theirs (until the form comes back from the server). */
  self: MemberOption;
  /**
   * A camp song being submitted (ADR 0091): the title starts as its working
   * title and the credits are its confirmed split sheet, shown read-only.
   */
  campSong?: { id: string; workingTitle: string; heading: string; credits: Credit[] } | null;
}

export function SubmissionForm({ action, briefId, members, genres, lastResult, self, campSong = null }: SubmissionFormProps) {
  const intent = campSong ? "submitCampSong" : "submit";
  const navigation = useNavigation();
  const navigate = useNavigate();
  const upload = useProgressUpload({ action });
  const phase = upload.phase;
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const [status, setStatus] = useState("");

  const fromReply: Errors | null = lastResult?.error ? (lastResult.error as Errors) : null;
  const errors = clientErrors ?? fromReply ?? {};
  const initial = lastResult?.initialValue;
  const prefill: Record<string, string> = initial
    ? {}
    : campSong
      ? { title: campSong.workingTitle }
      : { [creditName(0, "name")]: self.name, [creditName(0, "memberId")]: self.id };
  const value = (name: string) => (initial ? initialOf(initial, name) : prefill[name]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // XMLHttpRequest is the only browser API that reports upload progress.
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const file = formData.get("audio");
    if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
      setClientErrors({ audio: [T.errors.audioRequired] });
      return;
    }
    if (file.size > SUBMISSION_LIMITS.audioBytes) {
      setClientErrors({ audio: [T.errors.audioTooLarge] });
      return;
    }
    send(formData);
  }

  function send(formData: FormData) {
    setClientErrors(null);
    setStatus("");
    formData.set("intent", intent);
    upload.send(formData, {
      onCancelled: () => setStatus(T.uploadCancelled),
      onFailed: () => setClientErrors({ "": [T.uploadFailed] }),
      onDone: (xhr) => {
        if (xhr.status >= 200 && xhr.status < 300) {
          const landed = new URL(xhr.responseURL || action, window.location.href);
          if (landed.pathname !== new URL(action, window.location.href).pathname) {
            const title = xhr.responseXML?.querySelector("h1")?.textContent?.trim();
            toast.success(title ? T.submitted(title) : T.submittedAny);
            navigate(landed.pathname + landed.search);
            return;
          }
        }
        if (xhr.status === 413) {
          setClientErrors({ audio: [T.errors.audioTooLarge] });
          return;
        }
        const found = errorsFromPage(xhr.responseXML, FIELD_NAMES);
        setClientErrors(found ?? { "": [T.uploadFailed] });
        const first = found ? FIELD_NAMES.find((name) => found[name]) : undefined;
        if (first !== undefined) document.getElementById(first ? idOf(first) : `${FORM_ID}-form-error`)?.focus();
      },
    });
  }

  const busy = phase.kind !== "idle" || navigation.state === "submitting";
  const invalid = (name: string) => (errors[name] ? true : undefined);
  const describedBy = (name: string, hint = false) =>
    [hint && hintIdOf(name), errors[name] && errorIdOf(name)].filter(Boolean).join(" ") || undefined;

  const field = (name: string, label: string, control: ReactNode, hint?: string) => (
    <div className={formStyles.field}>
      <label htmlFor={idOf(name)} className={formStyles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintIdOf(name)} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
      {control}
      <FieldErrors id={errorIdOf(name)} errors={errors[name]} />
    </div>
  );

  const creditRows = (
    <fieldset className={formStyles.fieldset} aria-describedby={[hintIdOf("credits"), errors.credits && errorIdOf("credits")].filter(Boolean).join(" ")}>
      <legend className={formStyles.legend}>{T.labels.credits}</legend>
      <p id={hintIdOf("credits")} className={formStyles.hint}>
        {T.hints.credits}
      </p>
      <FieldErrors id={errorIdOf("credits")} errors={errors.credits} />
      <div className={styles.creditRows}>
        {Array.from({ length: SUBMISSION_LIMITS.creditRows }, (_, index) => {
          const n = index + 1;
          const name = (f: (typeof CREDIT_FIELDS)[number]) => creditName(index, f);
          return (
            <fieldset key={index} className={styles.creditRow} data-testid="credit-row">
              <legend className={styles.creditLegend}>{T.creditRow(n)}</legend>
              {field(
                name("name"),
                T.labels.creditName,
                <input
                  id={idOf(name("name"))}
                  name={name("name")}
                  type="text"
                  maxLength={SUBMISSION_LIMITS.creditName}
                  defaultValue={value(name("name"))}
                  autoComplete="off"
                  aria-invalid={invalid(name("name"))}
                  aria-describedby={describedBy(name("name"))}
                  className={formStyles.control}
                  disabled={busy}
                />,
              )}
              {field(
                name("memberId"),
                T.labels.creditMember,
                <select
                  id={idOf(name("memberId"))}
                  name={name("memberId")}
                  defaultValue={value(name("memberId")) ?? ""}
                  aria-invalid={invalid(name("memberId"))}
                  aria-describedby={describedBy(name("memberId"))}
                  className={formStyles.control}
                  disabled={busy}
                >
                  <option value="">{T.notMember}</option>
                  {members.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </select>,
              )}
              {field(
                name("role"),
                T.labels.creditRole,
                <select
                  id={idOf(name("role"))}
                  name={name("role")}
                  defaultValue={value(name("role")) ?? ""}
                  aria-invalid={invalid(name("role"))}
                  aria-describedby={describedBy(name("role"))}
                  className={formStyles.control}
                  disabled={busy}
                >
                  <option value="">{T.chooseRole}</option>
                  {CREDIT_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {CREDIT_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>,
              )}
              {field(
                name("split"),
                T.labels.creditSplit,
                <input
                  id={idOf(name("split"))}
                  name={name("split")}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step={0.01}
                  defaultValue={value(name("split"))}
                  aria-invalid={invalid(name("split"))}
                  aria-describedby={describedBy(name("split"))}
                  className={formStyles.control}
                  disabled={busy}
                />,
              )}
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );

  return (
    <Form
      id={FORM_ID}
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className={formStyles.form}
      aria-describedby={errors[""] ? `${FORM_ID}-form-error` : undefined}
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      {briefId && !campSong ? <input type="hidden" name="briefId" value={briefId} /> : null}
      {campSong ? <input type="hidden" name="campSongId" value={campSong.id} /> : null}
      <div id={`${FORM_ID}-form-error`} tabIndex={-1}>
        <FieldErrors id={errorIdOf("")} errors={errors[""]} />
        <FieldErrors id={errorIdOf("briefId")} errors={errors.briefId} />
        <FieldErrors id={errorIdOf("campSongId")} errors={errors.campSongId} />
      </div>
      {field(
        "title",
        T.labels.title,
        <input
          id={idOf("title")}
          name="title"
          type="text"
          required
          maxLength={SUBMISSION_LIMITS.title}
          defaultValue={value("title")}
          aria-invalid={invalid("title")}
          aria-describedby={describedBy("title")}
          className={formStyles.control}
          disabled={busy}
        />,
      )}
      {field(
        "audio",
        T.labels.audio,
        <input
          id={idOf("audio")}
          name="audio"
          type="file"
          required
          accept="audio/*,.mp3,.wav,.flac,.ogg,.m4a,.aac"
          aria-invalid={invalid("audio")}
          aria-describedby={describedBy("audio", true)}
          className={formStyles.control}
          disabled={busy}
        />,
        T.hints.audio,
      )}
      <div className={styles.twoFields}>
        {field(
          "genre",
          T.labels.genre,
          <>
            <input
              id={idOf("genre")}
              name="genre"
              type="text"
              required
              list={`${FORM_ID}-genres`}
              maxLength={SUBMISSION_LIMITS.genre}
              defaultValue={value("genre")}
              aria-invalid={invalid("genre")}
              aria-describedby={describedBy("genre")}
              className={formStyles.control}
              disabled={busy}
            />
            <datalist id={`${FORM_ID}-genres`}>
              {genres.map((genre) => (
                <option key={genre} value={genre} />
              ))}
            </datalist>
          </>,
        )}
        {field(
          "moods",
          T.labels.moods,
          <input
            id={idOf("moods")}
            name="moods"
            type="text"
            defaultValue={value("moods")}
            aria-invalid={invalid("moods")}
            aria-describedby={describedBy("moods", true)}
            className={formStyles.control}
            disabled={busy}
          />,
          T.hints.moods,
        )}
      </div>
      <div className={styles.twoFields}>
        {field(
          "bpm",
          T.labels.bpm,
          <input
            id={idOf("bpm")}
            name="bpm"
            type="number"
            inputMode="numeric"
            required
            min={SUBMISSION_LIMITS.bpmMin}
            max={SUBMISSION_LIMITS.bpmMax}
            step={1}
            defaultValue={value("bpm")}
            aria-invalid={invalid("bpm")}
            aria-describedby={describedBy("bpm", true)}
            className={formStyles.control}
            disabled={busy}
          />,
          T.hints.bpm,
        )}
        {field(
          "musicalKey",
          T.labels.key,
          <select
            id={idOf("musicalKey")}
            name="musicalKey"
            required
            defaultValue={value("musicalKey") ?? ""}
            aria-invalid={invalid("musicalKey")}
            aria-describedby={describedBy("musicalKey")}
            className={formStyles.control}
            disabled={busy}
          >
            <option value="">{T.chooseKey}</option>
            {MUSICAL_KEYS.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>,
        )}
        {field(
          "vocalType",
          T.labels.vocalType,
          <select
            id={idOf("vocalType")}
            name="vocalType"
            defaultValue={value("vocalType") ?? ""}
            aria-invalid={invalid("vocalType")}
            aria-describedby={describedBy("vocalType")}
            className={formStyles.control}
            disabled={busy}
          >
            <option value="">{T.noVocalType}</option>
            {VOCAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {VOCAL_TYPE_LABELS[type]}
              </option>
            ))}
          </select>,
        )}
      </div>
      <div className={formStyles.field}>
        <div className={styles.checkRow}>
          <input
            id={idOf("explicit")}
            name="explicit"
            type="checkbox"
            value="on"
            defaultChecked={value("explicit") === "on"}
            aria-describedby={hintIdOf("explicit")}
            className={styles.checkbox}
            disabled={busy}
          />
          <label htmlFor={idOf("explicit")} className={formStyles.label}>
            {T.labels.explicit}
          </label>
        </div>
        <p id={hintIdOf("explicit")} className={formStyles.hint}>
          {T.hints.explicit}
        </p>
        <FieldErrors id={errorIdOf("explicit")} errors={errors.explicit} />
      </div>
      {field(
        "lyrics",
        T.labels.lyrics,
        <textarea
          id={idOf("lyrics")}
          name="lyrics"
          maxLength={SUBMISSION_LIMITS.lyrics}
          defaultValue={value("lyrics")}
          aria-invalid={invalid("lyrics")}
          aria-describedby={describedBy("lyrics", true)}
          className={formStyles.textarea}
          disabled={busy}
        />,
        T.hints.lyrics,
      )}
      {campSong ? (
        <section className={styles.campCredits} aria-labelledby={`${FORM_ID}-camp-credits`} data-testid="camp-song-credits">
          <h3 id={`${FORM_ID}-camp-credits`} className={formStyles.legend}>
            {campSong.heading}
          </h3>
          <p className={formStyles.hint}>{CAMP_CREDITS_TEXT.fromSheetHint}</p>
          <CreditsTable credits={campSong.credits} />
        </section>
      ) : (
        creditRows
      )}
      {phase.kind !== "idle" ? (
        <div className={styles.progress} data-testid="upload-progress">
          <label htmlFor={`${FORM_ID}-progress`} className={formStyles.label}>
            {phase.kind === "sending" ? T.uploadProgress(phase.percent) : T.processing}
          </label>
          <progress id={`${FORM_ID}-progress`} className={styles.progressBar} max={100} value={phase.kind === "sending" ? phase.percent : undefined} />
        </div>
      ) : null}
      <p role="status" className={formStyles.hint}>
        {status}
      </p>
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" disabled={busy}>
          {busy ? T.submitting : T.submit}
        </Button>
        {phase.kind === "sending" ? (
          <Button type="button" variant="outline" onClick={upload.cancel}>
            {T.cancelUpload}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
