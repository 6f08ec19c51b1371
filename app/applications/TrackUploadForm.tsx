/**
 * One group's sample-track upload (title + audio file), the showcase's
 * pattern (app/showcase/UploadForm.tsx, ADR 0064):
 *
 * Without JavaScript it is a plain multipart POST to /dashboard through the
 * form pipeline: errors come back under the fields with a 4xx, a success
 * redirects with a toast.
 *
 * With JavaScript the same POST goes out through XMLHttpRequest, whose upload
 * events drive a progress bar, and Cancel aborts it while bytes are still
 * being sent (the server then never gets a whole form, so nothing is stored).
 * The answer is the page the action answers a browser with; errors are read
 * from it by their ids, so the messages are exactly the server's.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as showcaseStyles from "~/showcase/showcase.css";
import { toast } from "~/toast/store";
import { Button } from "~/ui/Button";
import { useProgressUpload } from "~/ui/useProgressUpload";
import { lengthMessage } from "~/shared/sanitize";
import { APPLICATION_AUDIO_MAX_BYTES, APPLICATION_INTENTS, APPLICATION_LIMITS, APPLICATION_PATH, APPLICATION_TEXT as T } from "./constants";
import type { TrackMode } from "./track-ids";

interface Errors {
  form?: string[];
  title?: string[];
  audio?: string[];
}

const idsFor = (mode: TrackMode) => ({
  form: `application-upload-${mode}`,
  formError: `application-upload-${mode}-form-error`,
  title: `application-upload-${mode}-title`,
  titleHint: `application-upload-${mode}-title-hint`,
  titleError: `application-upload-${mode}-title-error`,
  audio: `application-upload-${mode}-audio`,
  audioHint: `application-upload-${mode}-audio-hint`,
  audioError: `application-upload-${mode}-audio-error`,
  progress: `application-upload-${mode}-progress`,
});

/**
 * The browser's check, the same rules as the server's schema (application-schema.ts), written
 * out so zod stays off the dashboard's bundle (docs/decisions/0038's budget): a file is "none"
 * when the field was left empty.
 */
function checkInBrowser(formData: FormData): Errors | null {
  const file = formData.get("audio");
  const title = formData.get("title");
  const errors: Errors = {};
  if (typeof title === "string" && title.trim().length > APPLICATION_LIMITS.trackTitle) {
    errors.title = [lengthMessage(T.titleLabel, APPLICATION_LIMITS.trackTitle)];
  }
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) errors.audio = [T.audioRequired];
  else if (file.size > APPLICATION_AUDIO_MAX_BYTES) errors.audio = [T.audioTooLarge];
  return errors.title || errors.audio ? errors : null;
}

function errorsFromPage(page: Document | null, ids: ReturnType<typeof idsFor>): Errors | null {
  if (!page) return null;
  const read = (id: string) => {
    const list = page.getElementById(id);
    const items = list ? [...list.querySelectorAll("li")].map((item) => item.textContent?.trim() ?? "").filter(Boolean) : [];
    return items.length > 0 ? items : undefined;
  };
  const errors: Errors = { form: read(ids.formError), title: read(ids.titleError), audio: read(ids.audioError) };
  return errors.form || errors.title || errors.audio ? errors : null;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/** The title of the group's last track on the page a success led to (for the toast). */
function newestTitle(page: Document | null, mode: TrackMode): string | null {
  const titles = page?.querySelectorAll(`[data-testid="application-tracks-${mode}"] [data-track-title]`);
  return titles && titles.length > 0 ? (titles[titles.length - 1]!.textContent ?? null) : null;
}

export function TrackUploadForm({
  mode,
  count,
  lastResult,
  kind,
}: {
  mode: TrackMode;
  count: number;
  lastResult?: SubmissionResult<string[]> | null;
  /** The preselected kind, kept by the draft a first upload makes (without JavaScript the page reloads). */
  kind?: string | null;
}) {
  const ids = idsFor(mode);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const upload = useProgressUpload({ action: APPLICATION_PATH });
  const phase = upload.phase;
  const [errors, setErrors] = useState<Errors | null>(null);
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const full = count >= APPLICATION_LIMITS.tracksPerMode;

  const fromReply: Errors | null = lastResult?.error
    ? { form: lastResult.error[""] ?? undefined, title: lastResult.error.title ?? undefined, audio: lastResult.error.audio ?? undefined }
    : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // XMLHttpRequest is the only browser API that reports upload progress.
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const invalid = checkInBrowser(formData);
    if (invalid) {
      setStatus("");
      setErrors(invalid);
      return;
    }
    send(formData);
  }

  function send(formData: FormData) {
    setErrors(null);
    setStatus("");
    upload.send(formData, {
      onCancelled: () => setStatus(T.uploadCancelled),
      onFailed: () => setErrors({ form: [T.uploadFailed] }),
      onDone: (xhr) => {
        const page = xhr.responseXML;
        if (xhr.status >= 200 && xhr.status < 300) {
          formRef.current?.reset();
          const title = newestTitle(page, mode);
          const message = title ? T.uploaded(title) : T.uploadedAny;
          setStatus(message);
          toast.success(message);
          // The lists (and the draft the first upload made) come from the loader again.
          revalidator.revalidate();
          return;
        }
        if (xhr.status === 413) {
          setErrors({ audio: [T.audioTooLarge] });
          return;
        }
        setErrors(errorsFromPage(page, ids) ?? { form: [T.uploadFailed] });
        revalidator.revalidate();
      },
    });
  }

  const busy = phase.kind !== "idle" || navigation.state === "submitting";
  const shown = errors ?? fromReply;

  return (
    <Form
      ref={formRef}
      id={ids.form}
      method="post"
      action={APPLICATION_PATH}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      aria-describedby={shown?.form ? ids.formError : undefined}
      className={formStyles.form}
      data-testid={`application-upload-${mode}`}
    >
      <input type="hidden" name="intent" value={APPLICATION_INTENTS.addTrack} />
      <input type="hidden" name="mode" value={mode} />
      {kind ? <input type="hidden" name="kind" value={kind} /> : null}
      <FieldErrors id={ids.formError} errors={shown?.form} />
      {full ? <p className={formStyles.hint}>{T.groupFull(mode)}</p> : null}
      <Field label={T.titleLabel} htmlFor={ids.title} hint={T.titleHint} hintId={ids.titleHint} errorId={ids.titleError} errors={shown?.title}>
        <input
          id={ids.title}
          name="title"
          type="text"
          maxLength={APPLICATION_LIMITS.trackTitle}
          defaultValue={typeof lastResult?.initialValue?.title === "string" ? lastResult.initialValue.title : undefined}
          aria-invalid={shown?.title ? true : undefined}
          aria-describedby={describedBy(ids.titleHint, shown?.title && ids.titleError)}
          className={formStyles.control}
          disabled={busy}
        />
      </Field>
      <Field label={T.audioLabel} htmlFor={ids.audio} hint={T.uploadHint} hintId={ids.audioHint} errorId={ids.audioError} errors={shown?.audio}>
        <input
          id={ids.audio}
          name="audio"
          type="file"
          required
          accept="audio/*,.mp3,.wav,.flac,.ogg,.m4a,.aac"
          aria-invalid={shown?.audio ? true : undefined}
          aria-describedby={describedBy(ids.audioHint, shown?.audio && ids.audioError)}
          className={formStyles.control}
          disabled={busy}
        />
      </Field>
      {phase.kind !== "idle" ? (
        <div className={showcaseStyles.progress} data-testid="upload-progress">
          <label htmlFor={ids.progress} className={formStyles.label}>
            {phase.kind === "sending" ? T.uploadProgress(phase.percent) : T.processing}
          </label>
          <progress id={ids.progress} className={showcaseStyles.progressBar} max={100} value={phase.kind === "sending" ? phase.percent : undefined} />
        </div>
      ) : null}
      <p role="status" className={formStyles.hint}>
        {status}
      </p>
      <div className={formStyles.actions}>
        {/* Still offered when full: the server answers a fourth with the reason. */}
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? T.uploading : T.uploadButton(mode)}
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
