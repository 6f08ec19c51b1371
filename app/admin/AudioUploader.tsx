/**
 * The bulk audio uploader of /admin/audio, with JavaScript only (without it
 * the page offers a plain one-file form): a file picker and drop zone, then
 * one row per file with its own progress bar (role=progressbar, a text
 * percentage, a live status), Pause/Resume and Cancel.
 *
 * Each file goes up through tus-js-client (the tus protocol, ADR 0085) in
 * chunks of TUS_CHUNK_BYTES: a dropped request is retried after
 * TUS_RETRY_DELAYS_MS, asking the server where the upload stands (HEAD) and
 * going on from there; when the browser says it is offline the upload waits
 * for the connection to come back. The client keeps each upload's URL under
 * the file's fingerprint (localStorage), so the same file picked again after
 * a reload resumes too. Cancel sends tus's DELETE: the server removes the
 * staged bytes. tus-js-client is imported when the first file is added, so
 * it is only ever loaded on this page.
 */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type DragEvent } from "react";
import type { DetailedError, Upload } from "tus-js-client";
import { AUDIO_TEXT, MAX_FILES_AT_ONCE, TUS_CHUNK_BYTES, TUS_ENDPOINT, TUS_MAX_BYTES, TUS_RETRY_DELAYS_MS } from "~/audio-uploads/constants";
import * as formStyles from "~/layout/form.css";
import { Button, buttonClass } from "~/ui/Button";
import * as styles from "./audio.css";

const T = AUDIO_TEXT;
/** Files uploading at the same time; the others wait their turn. */
const PARALLEL = 2;
const ACCEPT = "audio/*,.mp3,.wav,.wave,.ogg,.oga,.flac,.m4a,.aac";

type Status = keyof typeof T.status;

interface Item {
  key: string;
  file: File;
  status: Status;
  sent: number;
  message?: string;
  draftTitle?: string;
}

const percentOf = (item: Item) => (item.file.size > 0 ? Math.min(100, Math.floor((item.sent / item.file.size) * 100)) : item.status === "done" ? 100 : 0);

function statusOf(error: Error | DetailedError): number {
  const response = (error as DetailedError).originalResponse;
  return response ? response.getStatus() : 0;
}

function messageOf(error: Error | DetailedError): string {
  const response = (error as DetailedError).originalResponse;
  const body = response?.getBody()?.trim();
  if (response && body && response.getStatus() >= 400 && response.getStatus() < 500 && body.length < 300) return body;
  return response ? T.failedGeneric : T.networkFailed;
}

let counter = 0;

export function AudioUploader() {
  const [items, setItems] = useState<Item[]>([]);
  const [over, setOver] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const uploads = useRef(new Map<string, Upload>());
  // Files cancelled while their upload was still being set up (tus loading, or the server not
  // yet having answered the creation request): they must neither start nor be left staged.
  const cancelled = useRef(new Set<string>());
  const inputRef = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const update = useCallback((key: string, change: Partial<Item>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const startUpload = useCallback(
    async (item: Item) => {
      const tus = await import("tus-js-client");
      if (cancelled.current.has(item.key)) return;
      const upload = new tus.Upload(item.file, {
        endpoint: TUS_ENDPOINT,
        chunkSize: TUS_CHUNK_BYTES,
        retryDelays: [...TUS_RETRY_DELAYS_MS],
        metadata: { filename: item.file.name, filetype: item.file.type },
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onUploadUrlAvailable() {
          // Cancelled while the creation request was in flight: now there is something to remove.
          if (cancelled.current.has(item.key)) void upload.abort(true).catch(() => undefined);
        },
        onProgress(sent) {
          if (cancelled.current.has(item.key)) return;
          update(item.key, { sent, status: sent >= item.file.size ? "processing" : "uploading" });
        },
        onShouldRetry(error) {
          const status = statusOf(error);
          // Dropped requests and server trouble are retried; refusals (4xx) are final, but a
          // conflicting offset (409) or a locked upload (423) are resolved by asking again.
          const retry = status === 0 || status >= 500 || status === 409 || status === 423;
          if (retry) update(item.key, { status: "retrying" });
          return retry;
        },
        onSuccess({ lastResponse }) {
          uploads.current.delete(item.key);
          const title = lastResponse.getHeader("Hit-Factory-Draft-Title");
          update(item.key, { status: "done", sent: item.file.size, draftTitle: title ? decodeURIComponent(title) : undefined });
          revalidate.current();
        },
        onError(error) {
          if (cancelled.current.has(item.key)) return;
          const status = statusOf(error);
          if (status === 0 && typeof navigator !== "undefined" && navigator.onLine === false) {
            // Offline: wait for the connection, then go on where the server says the upload is.
            update(item.key, { status: "retrying", message: T.networkFailed });
            window.addEventListener(
              "online",
              () => {
                update(item.key, { status: "uploading", message: undefined });
                upload.start();
              },
              { once: true },
            );
            return;
          }
          uploads.current.delete(item.key);
          update(item.key, { status: "failed", message: messageOf(error) });
        },
      });
      uploads.current.set(item.key, upload);
      // The same file picked again (after a reload, or after giving up) resumes where it stopped.
      const previous = await upload.findPreviousUploads().catch(() => []);
      if (cancelled.current.has(item.key)) return;
      if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]!);
      update(item.key, { status: "uploading", message: undefined });
      upload.start();
    },
    [update],
  );

  // The queue: at most PARALLEL files in flight; the next queued one starts when a slot frees.
  useEffect(() => {
    const active = items.filter((item) => item.status === "uploading" || item.status === "retrying" || item.status === "processing").length;
    const starting = items.filter((item) => item.status === "queued").slice(0, Math.max(0, PARALLEL - active));
    for (const item of starting) {
      update(item.key, { status: "uploading" });
      void startUpload(item).catch(() => update(item.key, { status: "failed", message: T.failedGeneric }));
    }
  }, [items, startUpload, update]);

  // Leaving the page stops the requests in flight (the uploads stay resumable on the server).
  useEffect(() => {
    const current = uploads.current;
    return () => {
      for (const upload of current.values()) void upload.abort(false);
    };
  }, []);

  function addFiles(list: FileList | null) {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    setNotice(files.length > MAX_FILES_AT_ONCE ? T.tooMany : null);
    const added = files.slice(0, MAX_FILES_AT_ONCE).map<Item>((file) => {
      const key = `upload-${++counter}`;
      if (file.size > TUS_MAX_BYTES) return { key, file, status: "failed", sent: 0, message: T.tooLarge };
      return { key, file, status: "queued", sent: 0 };
    });
    setItems((current) => [...current, ...added]);
    if (inputRef.current) inputRef.current.value = "";
  }

  function pause(item: Item) {
    const upload = uploads.current.get(item.key);
    if (!upload) return;
    void upload.abort(false);
    update(item.key, { status: "paused" });
  }

  function resume(item: Item) {
    const upload = uploads.current.get(item.key);
    if (!upload) {
      update(item.key, { status: "queued", message: undefined });
      return;
    }
    update(item.key, { status: "uploading", message: undefined });
    upload.start();
  }

  function cancel(item: Item) {
    const upload = uploads.current.get(item.key);
    uploads.current.delete(item.key);
    cancelled.current.add(item.key);
    update(item.key, { status: "cancelled", message: undefined });
    // Termination (tus DELETE): the server removes what it had staged. Without a URL yet, the
    // creation request is still in flight: onUploadUrlAvailable terminates once it answers.
    if (upload?.url) void upload.abort(true).catch(() => undefined);
  }

  function remove(item: Item) {
    setItems((list) => list.filter((other) => other.key !== item.key));
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    addFiles(event.dataTransfer.files);
  }

  return (
    <div className={styles.stack}>
      <div
        className={`${styles.dropZone} ${over ? styles.dropZoneActive : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="audio-drop-zone"
      >
        <p id="audio-drop-hint">{T.dropZone}</p>
        <input
          ref={inputRef}
          id="audio-files"
          type="file"
          multiple
          accept={ACCEPT}
          className={styles.fileInput}
          aria-describedby="audio-drop-hint audio-upload-hint"
          onChange={(event) => addFiles(event.currentTarget.files)}
        />
        <label htmlFor="audio-files" className={buttonClass({ variant: "uber" })}>
          {T.chooseFiles}
        </label>
        <p id="audio-upload-hint" className={styles.hint}>
          {T.uploadHint}
        </p>
        {notice ? (
          <p role="alert" className={formStyles.hint}>
            {notice}
          </p>
        ) : null}
      </div>
      {items.length > 0 ? (
        <ul className={styles.uploads} aria-label={T.uploadsListLabel} data-testid="audio-uploads">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} onPause={pause} onResume={resume} onCancel={cancel} onRemove={remove} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadRow({
  item,
  onPause,
  onResume,
  onCancel,
  onRemove,
}: {
  item: Item;
  onPause(item: Item): void;
  onResume(item: Item): void;
  onCancel(item: Item): void;
  onRemove(item: Item): void;
}) {
  const percent = percentOf(item);
  const name = item.file.name;
  const labelId = `${item.key}-name`;
  const active = item.status === "uploading" || item.status === "retrying" || item.status === "queued";
  const finished = item.status === "done" || item.status === "failed" || item.status === "cancelled";
  return (
    <li className={styles.uploadRow} data-testid="audio-upload" data-status={item.status} data-file={name}>
      <div className={styles.uploadHead}>
        <span id={labelId} className={styles.fileName}>
          {name}
        </span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className={styles.bar}
      >
        <div className={`${styles.barFill} ${item.status === "failed" ? styles.barFillFailed : ""}`} style={{ width: `${percent}%` }} />
      </div>
      <p role="status" aria-live="polite" className={styles.statusLine} data-testid="audio-upload-status">
        <span className={item.status === "failed" ? styles.statusFailed : undefined}>{T.status[item.status]}</span>
        <span>{percent}%</span>
        {item.status === "done" && item.draftTitle ? <span>{T.uploaded(item.draftTitle)}</span> : null}
        {item.message ? <span className={item.status === "failed" ? styles.statusFailed : undefined}>{item.message}</span> : null}
      </p>
      <div className={styles.rowActions}>
        {item.status === "uploading" || item.status === "retrying" ? (
          <Button variant="outline" onClick={() => onPause(item)} aria-label={`${T.pause}: ${name}`}>
            {T.pause}
          </Button>
        ) : null}
        {item.status === "paused" ? (
          <Button variant="outline" onClick={() => onResume(item)} aria-label={`${T.resume}: ${name}`}>
            {T.resume}
          </Button>
        ) : null}
        {active || item.status === "paused" ? (
          <Button variant="outline" onClick={() => onCancel(item)} aria-label={`${T.cancel}: ${name}`}>
            {T.cancel}
          </Button>
        ) : null}
        {item.status === "failed" && (item.message === T.networkFailed || item.message === T.failedGeneric) ? (
          <Button variant="outline" onClick={() => onResume(item)} aria-label={`${T.retry}: ${name}`}>
            {T.retry}
          </Button>
        ) : null}
        {finished ? (
          <Button variant="ghost" onClick={() => onRemove(item)} aria-label={`${T.remove}: ${name}`}>
            {T.remove}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
