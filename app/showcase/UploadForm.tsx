/**
 * The showcase upload form (title + audio file).
 *
 * Without JavaScript it is a plain multipart POST to /showcase through the
 * form pipeline: errors come back under the fields with a 4xx, a success
 * redirects with a toast.
 *
 * With JavaScript the same POST goes out through XMLHttpRequest, whose upload
 * events drive a progress bar, and a Cancel button aborts it while bytes are
 * still being sent (the server then never gets a whole form, so nothing is
 * stored). Once every byte is sent the bar says the audio is being processed
 * and Cancel goes away: from then on the server decides. The answer is the
 * page the action answers a browser with (the form with its errors, or the
 * page a success redirects to); errors are read from it by their ids, so the
 * messages are exactly the server's.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { toast } from "~/toast/store";
import { Button } from "~/ui/Button";
import { useProgressUpload } from "~/ui/useProgressUpload";
import { SHOWCASE_PATH, SHOWCASE_TEXT, SHOWCASE_TITLE_MAX } from "./constants";
import { uploadSchema } from "./showcase-schema";
import * as styles from "./showcase.css";

/*
 * Not conform's useForm: the server's replies keep conform's shape (the form
 * pipeline), but this form reads them itself and checks the schema with zod
 * (already in every page's bundle) on submit, which keeps conform's 12 KB
 * chunk off the page (docs/decisions/0038's budget).
 */
const IDS = {
  form: "showcase-upload",
  formError: "showcase-upload-form-error",
  title: "showcase-upload-title",
  titleHint: "showcase-upload-title-hint",
  titleError: "showcase-upload-title-error",
  audio: "showcase-upload-audio",
  audioHint: "showcase-upload-audio-hint",
  audioError: "showcase-upload-audio-error",
} as const;

/** The browser's check, with the server's schema: a file is "none" when the field was left empty. */
function checkInBrowser(formData: FormData): ServerErrors | null {
  const file = formData.get("audio");
  const title = formData.get("title");
  const parsed = uploadSchema.safeParse({
    title: typeof title === "string" ? title : undefined,
    audio: file instanceof File && (file.size > 0 || file.name !== "") ? file : undefined,
  });
  if (parsed.success) return null;
  const errors: ServerErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === "title" ? "title" : issue.path[0] === "audio" ? "audio" : "form";
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

interface ServerErrors {
  form?: string[];
  title?: string[];
  audio?: string[];
}

/** The error lists the server rendered for this form, read from its page. */
function errorsFromPage(page: Document | null, ids: { form: string; title: string; audio: string }): ServerErrors | null {
  if (!page) return null;
  const read = (id: string) => {
    const list = page.getElementById(id);
    const items = list ? [...list.querySelectorAll("li")].map((item) => item.textContent?.trim() ?? "").filter(Boolean) : [];
    return items.length > 0 ? items : undefined;
  };
  const errors: ServerErrors = { form: read(ids.form), title: read(ids.title), audio: read(ids.audio) };
  return errors.form || errors.title || errors.audio ? errors : null;
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/** The title of the last track on the page a success led to (for the toast). */
function newestTitle(page: Document | null): string | null {
  const titles = page?.querySelectorAll('[data-testid="showcase-track"] [data-track-title]');
  return titles && titles.length > 0 ? (titles[titles.length - 1]!.textContent ?? null) : null;
}

export function UploadForm({ lastResult, disabled }: { lastResult?: SubmissionResult<string[]> | null; disabled: boolean }) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const upload = useProgressUpload({ action: SHOWCASE_PATH });
  const phase = upload.phase;
  const [serverErrors, setServerErrors] = useState<ServerErrors | null>(null);
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLFormElement>(null);

  const fromReply: ServerErrors | null = lastResult?.error
    ? { form: lastResult.error[""] ?? undefined, title: lastResult.error.title ?? undefined, audio: lastResult.error.audio ?? undefined }
    : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // XMLHttpRequest is the only browser API that reports upload progress.
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const invalid = checkInBrowser(formData);
    if (invalid) {
      setStatus("");
      setServerErrors(invalid);
      return;
    }
    send(formData);
  }

  function send(formData: FormData) {
    setServerErrors(null);
    setStatus("");
    formData.set("intent", "upload");
    upload.send(formData, {
      onCancelled: () => setStatus(SHOWCASE_TEXT.uploadCancelled),
      onFailed: () => setServerErrors({ form: [SHOWCASE_TEXT.uploadFailed] }),
      onDone: (xhr) => {
        const page = xhr.responseXML;
        if (xhr.status >= 200 && xhr.status < 300) {
          formRef.current?.reset();
          const title = newestTitle(page);
          const message = title ? SHOWCASE_TEXT.uploaded(title) : SHOWCASE_TEXT.uploadedAny;
          setStatus(message);
          toast.success(message);
          // The list (and the count) come from the loader again.
          revalidator.revalidate();
          return;
        }
        if (xhr.status === 413) {
          setServerErrors({ audio: [SHOWCASE_TEXT.audioTooLarge] });
          return;
        }
        setServerErrors(errorsFromPage(page, { form: IDS.formError, title: IDS.titleError, audio: IDS.audioError }) ?? { form: [SHOWCASE_TEXT.uploadFailed] });
        // A full showcase (another tab or upload filled it): show the current list.
        revalidator.revalidate();
      },
    });
  }

  const busy = phase.kind !== "idle" || navigation.state === "submitting";
  // The latest answer wins: the browser's check or XMLHttpRequest's, else the page's reply.
  const shown = serverErrors ?? fromReply;
  const formErrors = shown?.form;
  const titleErrors = shown?.title;
  const audioErrors = shown?.audio;

  return (
    <Form
      ref={formRef}
      id={IDS.form}
      method="post"
      action={SHOWCASE_PATH}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      aria-describedby={formErrors ? IDS.formError : undefined}
      className={formStyles.form}
    >
      <input type="hidden" name="intent" value="upload" />
      <FieldErrors id={IDS.formError} errors={formErrors} />
      <Field label={SHOWCASE_TEXT.titleLabel} htmlFor={IDS.title} hint={SHOWCASE_TEXT.titleHint} hintId={IDS.titleHint} errorId={IDS.titleError} errors={titleErrors}>
        <input
          id={IDS.title}
          name="title"
          type="text"
          maxLength={SHOWCASE_TITLE_MAX}
          defaultValue={typeof lastResult?.initialValue?.title === "string" ? lastResult.initialValue.title : undefined}
          aria-invalid={titleErrors ? true : undefined}
          aria-describedby={describedBy(IDS.titleHint, titleErrors && IDS.titleError)}
          className={formStyles.control}
          disabled={disabled || busy}
        />
      </Field>
      <Field label={SHOWCASE_TEXT.audioLabel} htmlFor={IDS.audio} hint={SHOWCASE_TEXT.uploadHint} hintId={IDS.audioHint} errorId={IDS.audioError} errors={audioErrors}>
        <input
          id={IDS.audio}
          name="audio"
          type="file"
          required
          accept="audio/*,.mp3,.wav,.flac,.ogg,.m4a,.aac"
          aria-invalid={audioErrors ? true : undefined}
          aria-describedby={describedBy(IDS.audioHint, audioErrors && IDS.audioError)}
          className={formStyles.control}
          disabled={disabled || busy}
        />
      </Field>
      {phase.kind !== "idle" ? (
        <div className={styles.progress} data-testid="upload-progress">
          <label htmlFor="showcase-upload-progress" className={formStyles.label}>
            {phase.kind === "sending" ? SHOWCASE_TEXT.uploadProgress(phase.percent) : SHOWCASE_TEXT.processing}
          </label>
          <progress
            id="showcase-upload-progress"
            className={styles.progressBar}
            max={100}
            // Indeterminate while the server works on the file.
            value={phase.kind === "sending" ? phase.percent : undefined}
          />
        </div>
      ) : null}
      <p role="status" className={formStyles.hint}>
        {status}
      </p>
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" disabled={disabled || busy}>
          {busy ? SHOWCASE_TEXT.uploading : SHOWCASE_TEXT.uploadButton}
        </Button>
        {phase.kind === "sending" ? (
          <Button type="button" variant="outline" onClick={upload.cancel}>
            {SHOWCASE_TEXT.cancelUpload}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
