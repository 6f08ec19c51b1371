import { useEffect, useRef, useState } from "react";

/**
 * Where an upload is: nothing in flight, bytes going out (percent sent), or
 * every byte sent and the server working on them.
 */
export type UploadPhase = { kind: "idle" } | { kind: "sending"; percent: number } | { kind: "processing" };

export interface UploadCallbacks {
  /** The server answered (any status); `xhr.responseXML` is the page it answered with. */
  onDone(xhr: XMLHttpRequest): void;
  /** The request never got an answer (network error). */
  onFailed(): void;
  /** Aborted: by `cancel()`, or because the component went away. */
  onCancelled(): void;
}

/**
 * A multipart POST with upload progress, for the forms that send audio with
 * JavaScript (the showcase's, the application's tracks, the song submission;
 * ADR 0064). Without JavaScript those forms post themselves; this is only
 * their enhancement.
 *
 * XMLHttpRequest, not fetch: it is the only browser API that reports upload
 * progress (`xhr.upload.onprogress`); fetch reports none for a request body.
 * The answer is read as a document (`responseType = "document"`), the page the
 * action answers a browser with, so the forms can read the server's own
 * messages from it.
 *
 * The phase goes back to idle before any callback runs. A request still in
 * flight when the component unmounts is aborted.
 */
export function useProgressUpload({ action }: { action: string }) {
  const [phase, setPhase] = useState<UploadPhase>({ kind: "idle" });
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  // A request still in flight when the page goes away is abandoned.
  useEffect(() => () => xhrRef.current?.abort(), []);

  function send(formData: FormData, { onDone, onFailed, onCancelled }: UploadCallbacks) {
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", action);
    xhr.responseType = "document";
    setPhase({ kind: "sending", percent: 0 });
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = Math.min(100, Math.round((event.loaded / event.total) * 100));
      setPhase(percent >= 100 ? { kind: "processing" } : { kind: "sending", percent });
    };
    xhr.upload.onload = () => setPhase({ kind: "processing" });
    xhr.onabort = () => {
      xhrRef.current = null;
      setPhase({ kind: "idle" });
      onCancelled();
    };
    xhr.onerror = () => {
      xhrRef.current = null;
      setPhase({ kind: "idle" });
      onFailed();
    };
    xhr.onload = () => {
      xhrRef.current = null;
      setPhase({ kind: "idle" });
      onDone(xhr);
    };
    xhr.send(formData);
  }

  /** Aborts the request in flight, if any (its `onCancelled` runs). */
  const cancel = () => xhrRef.current?.abort();

  return { phase, send, cancel };
}
