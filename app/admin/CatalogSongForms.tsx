/**
 * The forms of /admin/catalog/{songId}: the song's details, its credits, its
 * alternate versions (upload and remove), featuring and archiving.
 *
 * Every form is a plain POST through the form pipeline, so all of it works
 * without JavaScript: errors come back under the fields with a 4xx, the
 * values typed are kept; a success redirects with a toast. The credits form
 * shows the song's credits plus a few empty rows; its "Add a row" button posts
 * the form with intent addRow, which saves nothing and answers the same form
 * with more empty rows (up to CATALOG_LIMITS.credits).
 *
 * With JavaScript the version upload goes out through XMLHttpRequest
 * (useProgressUpload, as the showcase's does, ADR 0064): a progress bar while
 * the bytes are sent and Cancel while they are; the answer is the page the
 * action answers a browser with, and errors are read from it by their ids.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { VOCAL_TYPES } from "~/catalog/facets";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { MUSICAL_KEYS } from "~/submissions/constants";
import { toast } from "~/toast/store";
import { Button } from "~/ui/Button";
import { useProgressUpload } from "~/ui/useProgressUpload";
import { CATALOG_LIMITS as L, CATALOG_TEXT, CREDIT_ROLE_LABELS, CREDIT_ROLES, VERSION_KINDS, VERSION_LABELS, type VersionKind } from "./catalog-text";
import * as styles from "./catalog.css";

const T = CATALOG_TEXT;
type Result = SubmissionResult<string[]> | null | undefined;
type Errors = Record<string, string[] | null | undefined>;

const idOf = (form: string, name: string) => `${form}-${name.replace(/[[\].]/g, "-").replace(/-+/g, "-").replace(/-$/, "")}`;
const errorIdOf = (form: string, name: string) => `${idOf(form, name)}-error`;
const hintIdOf = (form: string, name: string) => `${idOf(form, name)}-hint`;

/** A value the server sent back (conform's initialValue: nested objects and arrays). */
function initialOf(initial: unknown, name: string): string | undefined {
  let value: unknown = initial;
  for (const part of name.split(/[[\].]+/).filter(Boolean)) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === "string" ? value : undefined;
}

function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The label, hint, control and errors of one field, wired by ids (no JavaScript needed). */
function FieldBox({ form, name, label, hint, errors, children }: { form: string; name: string; label: string; hint?: string; errors: Errors; children: ReactNode }) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={idOf(form, name)} className={formStyles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintIdOf(form, name)} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={errorIdOf(form, name)} errors={errors[name] ?? undefined} />
    </div>
  );
}

function describedBy(form: string, name: string, errors: Errors, hint = false): string | undefined {
  return [hint && hintIdOf(form, name), errors[name] && errorIdOf(form, name)].filter(Boolean).join(" ") || undefined;
}

/** The form-level errors of a reply, and a link to reload when the song changed meanwhile. */
function FormErrors({ form, errors }: { form: string; errors: Errors }) {
  const list = errors[""] ?? undefined;
  return (
    <div id={`${form}-form-error`} tabIndex={-1}>
      <FieldErrors id={`${form}-errors`} errors={list} />
      <FieldErrors id={errorIdOf(form, "updatedAt")} errors={errors.updatedAt ?? undefined} />
      {list?.includes(T.stale) ? (
        <p>
          <a href="" className={page.textLink}>
            {T.reload}
          </a>
        </p>
      ) : null}
    </div>
  );
}

export interface EditorSong {
  id: string;
  title: string;
  genre: string;
  moods: string[];
  bpm: number;
  musicalKey: string;
  vocalType: string | null;
  explicit: boolean;
  lyrics: string | null;
  status: string;
  featured: boolean;
  updatedAt: string;
  credits: { memberId: string | null; name: string; role: string; split: number }[];
}

export function DetailsForm({ action, song, lastResult }: { action: string; song: EditorSong; lastResult: Result }) {
  const F = "details";
  const errors: Errors = (lastResult?.error as Errors | undefined) ?? {};
  const initial = lastResult?.initialValue;
  const fromSong: Record<string, string> = {
    title: song.title,
    genre: song.genre,
    moods: song.moods.join(", "),
    bpm: String(song.bpm),
    musicalKey: song.musicalKey,
    vocalType: song.vocalType ?? "",
    explicit: song.explicit ? "on" : "",
    lyrics: song.lyrics ?? "",
  };
  const value = (name: string) => (initial ? (initialOf(initial, name) ?? "") : fromSong[name]);
  const stamp = (initial && initialOf(initial, "updatedAt")) || song.updatedAt;
  const busy = useBusy(F);
  const keys = MUSICAL_KEYS.includes(value("musicalKey") ?? "") || !value("musicalKey") ? MUSICAL_KEYS : [value("musicalKey")!, ...MUSICAL_KEYS];
  const invalid = (name: string) => (errors[name] ? true : undefined);
  return (
    <Form method="post" action={action} className={formStyles.form} preventScrollReset aria-describedby={errors[""] ? `${F}-form-error` : undefined}>
      <input type="hidden" name="intent" value={F} />
      <input type="hidden" name="updatedAt" value={stamp} />
      <FormErrors form={F} errors={errors} />
      <FieldBox form={F} name="title" label={T.labels.title} errors={errors}>
        <input id={idOf(F, "title")} name="title" type="text" required maxLength={L.title} defaultValue={value("title")} aria-invalid={invalid("title")} aria-describedby={describedBy(F, "title", errors)} className={formStyles.control} />
      </FieldBox>
      <div className={styles.twoFields}>
        <FieldBox form={F} name="genre" label={T.labels.genre} errors={errors}>
          <input id={idOf(F, "genre")} name="genre" type="text" required maxLength={L.genre} defaultValue={value("genre")} aria-invalid={invalid("genre")} aria-describedby={describedBy(F, "genre", errors)} className={formStyles.control} />
        </FieldBox>
        <FieldBox form={F} name="moods" label={T.labels.moods} hint={T.hints.moods} errors={errors}>
          <input id={idOf(F, "moods")} name="moods" type="text" defaultValue={value("moods")} aria-invalid={invalid("moods")} aria-describedby={describedBy(F, "moods", errors, true)} className={formStyles.control} />
        </FieldBox>
      </div>
      <div className={styles.twoFields}>
        <FieldBox form={F} name="bpm" label={T.labels.bpm} hint={T.hints.bpm} errors={errors}>
          <input id={idOf(F, "bpm")} name="bpm" type="number" inputMode="numeric" required min={L.bpmMin} max={L.bpmMax} step={1} defaultValue={value("bpm")} aria-invalid={invalid("bpm")} aria-describedby={describedBy(F, "bpm", errors, true)} className={formStyles.control} />
        </FieldBox>
        <FieldBox form={F} name="musicalKey" label={T.labels.key} errors={errors}>
          <select id={idOf(F, "musicalKey")} name="musicalKey" required defaultValue={value("musicalKey")} aria-invalid={invalid("musicalKey")} aria-describedby={describedBy(F, "musicalKey", errors)} className={formStyles.control}>
            {keys.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>
        </FieldBox>
        <FieldBox form={F} name="vocalType" label={T.labels.vocalType} errors={errors}>
          <select id={idOf(F, "vocalType")} name="vocalType" defaultValue={value("vocalType")} aria-invalid={invalid("vocalType")} aria-describedby={describedBy(F, "vocalType", errors)} className={formStyles.control}>
            <option value="">{T.noVocalType}</option>
            {VOCAL_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </FieldBox>
      </div>
      <div className={formStyles.field}>
        <div className={styles.checkRow}>
          <input id={idOf(F, "explicit")} name="explicit" type="checkbox" value="on" defaultChecked={value("explicit") === "on"} aria-describedby={hintIdOf(F, "explicit")} className={styles.checkbox} />
          <label htmlFor={idOf(F, "explicit")} className={formStyles.label}>
            {T.labels.explicit}
          </label>
        </div>
        <p id={hintIdOf(F, "explicit")} className={formStyles.hint}>
          {T.hints.explicit}
        </p>
        <FieldErrors id={errorIdOf(F, "explicit")} errors={errors.explicit ?? undefined} />
      </div>
      <FieldBox form={F} name="lyrics" label={T.labels.lyrics} hint={T.hints.lyrics} errors={errors}>
        <textarea id={idOf(F, "lyrics")} name="lyrics" maxLength={L.lyrics} rows={8} defaultValue={value("lyrics")} aria-invalid={invalid("lyrics")} aria-describedby={describedBy(F, "lyrics", errors, true)} className={formStyles.textarea} />
      </FieldBox>
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" disabled={busy}>
          {busy ? T.saving : T.saveDetails}
        </Button>
      </div>
    </Form>
  );
}

const CREDIT_FIELDS = ["name", "memberId", "role", "split"] as const;
const creditName = (index: number, field: (typeof CREDIT_FIELDS)[number]) => `credits[${index}].${field}`;

/** How many rows the credits form shows: the song's credits and a few empty ones; more after "Add a row". */
export function creditRowCount(song: EditorSong, lastResult: Result, lastIntent: string | undefined): number {
  const shown = Number(initialOf(lastResult?.initialValue, "rows"));
  const base = Number.isInteger(shown) && shown > 0 ? shown : Math.max(song.credits.length + L.spareRows, 1);
  return Math.min(L.credits, lastIntent === "addRow" ? base + L.spareRows : base);
}

export function CreditsForm({
  action,
  song,
  members,
  lastResult,
  lastIntent,
}: {
  action: string;
  song: EditorSong;
  members: { id: string; name: string }[];
  lastResult: Result;
  lastIntent: string | undefined;
}) {
  const F = "credits";
  const errors: Errors = lastIntent === "credits" ? ((lastResult?.error as Errors | undefined) ?? {}) : {};
  const initial = lastResult?.initialValue;
  const rows = creditRowCount(song, lastResult, lastIntent);
  const fromSong = (index: number, field: (typeof CREDIT_FIELDS)[number]): string => {
    const credit = song.credits[index];
    if (!credit) return "";
    if (field === "split") return String(credit.split);
    if (field === "memberId") return credit.memberId ?? "";
    return credit[field];
  };
  const value = (index: number, field: (typeof CREDIT_FIELDS)[number]) => (initial ? (initialOf(initial, creditName(index, field)) ?? "") : fromSong(index, field));
  const stamp = (initial && initialOf(initial, "updatedAt")) || song.updatedAt;
  // Members linked on the song stay choosable even when they are no longer in the list (a role changed).
  const linked = song.credits.filter((c) => c.memberId && !members.some((m) => m.id === c.memberId)).map((c) => ({ id: c.memberId!, name: c.name }));
  const options = [...members, ...linked];
  const busy = useBusy(F);
  const invalid = (name: string) => (errors[name] ? true : undefined);
  return (
    <Form method="post" action={action} className={formStyles.form} preventScrollReset aria-describedby={errors[""] ? `${F}-form-error` : undefined}>
      <input type="hidden" name="updatedAt" value={stamp} />
      <input type="hidden" name="rows" value={rows} />
      <FormErrors form={F} errors={errors} />
      <fieldset className={formStyles.fieldset} aria-describedby={[hintIdOf(F, "credits"), errors.credits && errorIdOf(F, "credits")].filter(Boolean).join(" ")}>
        <legend className={formStyles.legend}>{T.creditsTitle}</legend>
        <p id={hintIdOf(F, "credits")} className={formStyles.hint}>
          {T.hints.credits}
        </p>
        <FieldErrors id={errorIdOf(F, "credits")} errors={errors.credits ?? undefined} />
        <div className={styles.creditRows}>
          {Array.from({ length: rows }, (_, index) => {
            const name = (field: (typeof CREDIT_FIELDS)[number]) => creditName(index, field);
            return (
              <fieldset key={index} className={styles.creditRow} data-testid="credit-row">
                <legend className={styles.creditLegend}>{T.creditRow(index + 1)}</legend>
                <FieldBox form={F} name={name("name")} label={T.labels.creditName} errors={errors}>
                  <input id={idOf(F, name("name"))} name={name("name")} type="text" maxLength={L.creditName} autoComplete="off" defaultValue={value(index, "name")} aria-invalid={invalid(name("name"))} aria-describedby={describedBy(F, name("name"), errors)} className={formStyles.control} />
                </FieldBox>
                <FieldBox form={F} name={name("memberId")} label={T.labels.creditMember} errors={errors}>
                  <select id={idOf(F, name("memberId"))} name={name("memberId")} defaultValue={value(index, "memberId")} aria-invalid={invalid(name("memberId"))} aria-describedby={describedBy(F, name("memberId"), errors)} className={formStyles.control}>
                    <option value="">{T.notMember}</option>
                    {options.map((member) => (
                      <option key={member.id} value={member.id}>
                        {member.name}
                      </option>
                    ))}
                  </select>
                </FieldBox>
                <FieldBox form={F} name={name("role")} label={T.labels.creditRole} errors={errors}>
                  <select id={idOf(F, name("role"))} name={name("role")} defaultValue={value(index, "role")} aria-invalid={invalid(name("role"))} aria-describedby={describedBy(F, name("role"), errors)} className={formStyles.control}>
                    <option value="">{T.chooseRole}</option>
                    {CREDIT_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {CREDIT_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </FieldBox>
                <FieldBox form={F} name={name("split")} label={T.labels.creditSplit} errors={errors}>
                  <input id={idOf(F, name("split"))} name={name("split")} type="number" inputMode="decimal" min={0} max={100} step={0.01} defaultValue={value(index, "split")} aria-invalid={invalid(name("split"))} aria-describedby={describedBy(F, name("split"), errors)} className={formStyles.control} />
                </FieldBox>
              </fieldset>
            );
          })}
        </div>
      </fieldset>
      <div className={formStyles.actions}>
        <Button type="submit" name="intent" value="credits" variant="uber" disabled={busy}>
          {busy ? T.saving : T.saveCredits}
        </Button>
        {rows < L.credits ? (
          // Saves nothing: the same form comes back with more empty rows (works without JavaScript).
          <Button type="submit" name="intent" value="addRow" variant="outline" formNoValidate>
            {T.addRow}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

const UPLOAD = {
  form: "version-upload",
  formError: "version-errors",
  kind: idOf("version", "kind"),
  kindError: errorIdOf("version", "kind"),
  audio: idOf("version", "audio"),
  audioHint: hintIdOf("version", "audio"),
  audioError: errorIdOf("version", "audio"),
  progress: "version-upload-progress",
} as const;

interface UploadErrors {
  form?: string[];
  kind?: string[];
  audio?: string[];
}

function errorsFromPage(doc: Document | null): UploadErrors | null {
  if (!doc) return null;
  const read = (id: string) => {
    const items = [...(doc.getElementById(id)?.querySelectorAll("li") ?? [])].map((li) => li.textContent?.trim() ?? "").filter(Boolean);
    return items.length > 0 ? items : undefined;
  };
  const errors = { form: read(UPLOAD.formError), kind: read(UPLOAD.kindError), audio: read(UPLOAD.audioError) };
  return errors.form || errors.kind || errors.audio ? errors : null;
}

export function VersionUploadForm({ action, takenKinds, lastResult }: { action: string; takenKinds: VersionKind[]; lastResult: Result }) {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const upload = useProgressUpload({ action });
  const phase = upload.phase;
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<UploadErrors | null>(null);
  const [status, setStatus] = useState("");
  const free = VERSION_KINDS.filter((kind) => !takenKinds.includes(kind));
  const fromReply: UploadErrors | null = lastResult?.error
    ? { form: lastResult.error[""] ?? undefined, kind: lastResult.error.kind ?? undefined, audio: lastResult.error.audio ?? undefined }
    : null;
  const shown = clientErrors ?? fromReply;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // XMLHttpRequest is the only browser API that reports upload progress.
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const file = formData.get("audio");
    if (!(file instanceof File) || file.size === 0) {
      setClientErrors({ audio: [T.errors.audioRequired] });
      return;
    }
    if (file.size > L.audioBytes) {
      setClientErrors({ audio: [T.errors.audioTooLarge] });
      return;
    }
    setClientErrors(null);
    setStatus("");
    formData.set("intent", "uploadVersion");
    upload.send(formData, {
      onCancelled: () => setStatus(T.uploadCancelled),
      onFailed: () => setClientErrors({ form: [T.uploadFailed] }),
      onDone: (xhr) => {
        if (xhr.status >= 200 && xhr.status < 300) {
          formRef.current?.reset();
          setStatus(T.versionAddedAny);
          toast.success(T.versionAddedAny);
          revalidator.revalidate();
          return;
        }
        if (xhr.status === 413) {
          setClientErrors({ audio: [T.errors.audioTooLarge] });
          return;
        }
        setClientErrors(errorsFromPage(xhr.responseXML) ?? { form: [T.uploadFailed] });
        revalidator.revalidate();
      },
    });
  }

  if (free.length === 0) return <p className={page.muted}>{T.allKindsTaken}</p>;
  const busy = phase.kind !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "uploadVersion");
  return (
    <Form
      ref={formRef}
      id={UPLOAD.form}
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className={formStyles.form}
      aria-describedby={shown?.form ? UPLOAD.formError : undefined}
    >
      <input type="hidden" name="intent" value="uploadVersion" />
      <FieldErrors id={UPLOAD.formError} errors={shown?.form} />
      <div className={styles.twoFields}>
        <div className={formStyles.field}>
          <label htmlFor={UPLOAD.kind} className={formStyles.label}>
            {T.labels.versionKind}
          </label>
          <select id={UPLOAD.kind} name="kind" required defaultValue={free[0]} aria-invalid={shown?.kind ? true : undefined} aria-describedby={shown?.kind ? UPLOAD.kindError : undefined} className={formStyles.control} disabled={busy}>
            {free.map((kind) => (
              <option key={kind} value={kind}>
                {VERSION_LABELS[kind]}
              </option>
            ))}
          </select>
          <FieldErrors id={UPLOAD.kindError} errors={shown?.kind} />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={UPLOAD.audio} className={formStyles.label}>
            {T.labels.versionAudio}
          </label>
          <p id={UPLOAD.audioHint} className={formStyles.hint}>
            {T.hints.versionAudio}
          </p>
          <input
            id={UPLOAD.audio}
            name="audio"
            type="file"
            required
            accept="audio/*,.mp3,.wav,.flac,.ogg,.m4a,.aac"
            aria-invalid={shown?.audio ? true : undefined}
            aria-describedby={[UPLOAD.audioHint, shown?.audio && UPLOAD.audioError].filter(Boolean).join(" ")}
            className={formStyles.control}
            disabled={busy}
          />
          <FieldErrors id={UPLOAD.audioError} errors={shown?.audio} />
        </div>
      </div>
      {phase.kind !== "idle" ? (
        <div className={styles.progress} data-testid="upload-progress">
          <label htmlFor={UPLOAD.progress} className={formStyles.label}>
            {phase.kind === "sending" ? T.uploadProgress(phase.percent) : T.processing}
          </label>
          <progress id={UPLOAD.progress} className={styles.progressBar} max={100} value={phase.kind === "sending" ? phase.percent : undefined} />
        </div>
      ) : null}
      <p role="status" className={formStyles.hint}>
        {status}
      </p>
      <div className={formStyles.actions}>
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? T.uploading : T.uploadVersion}
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

/** The remove button of one version (a plain POST). */
export function RemoveVersionForm({ action, version }: { action: string; version: { id: string; label: string } }) {
  return (
    <Form method="post" action={action} className={styles.inlineForm} preventScrollReset>
      <input type="hidden" name="intent" value="removeVersion" />
      <input type="hidden" name="versionId" value={version.id} />
      <Button type="submit" variant="outline" aria-label={T.removeVersionLabel(version.label)}>
        {T.removeVersion}
      </Button>
    </Form>
  );
}

export function FeatureForm({ action, featured, status }: { action: string; featured: boolean; status: string }) {
  const busy = useBusy("feature");
  if (!featured && status !== "catalogue") return <p className={page.muted}>{T.featureOnlyCatalogue}</p>;
  return (
    <Form method="post" action={action} className={styles.inlineForm} preventScrollReset>
      <input type="hidden" name="intent" value="feature" />
      <input type="hidden" name="featured" value={featured ? "no" : "yes"} />
      <span>{featured ? T.featuredYes : T.featuredNo}</span>
      <Button type="submit" variant="outline" disabled={busy}>
        {featured ? T.unfeature : T.feature}
      </Button>
    </Form>
  );
}

export function ArchiveForm({ action }: { action: string }) {
  const busy = useBusy("archive");
  return (
    <Form method="post" action={action} className={formStyles.form} preventScrollReset>
      <input type="hidden" name="intent" value="archive" />
      <p className={formStyles.hint}>{T.archiveHint}</p>
      <div>
        <Button type="submit" variant="destructive" disabled={busy}>
          {T.archive}
        </Button>
      </div>
    </Form>
  );
}

