/**
 * A form of the room. Without JavaScript (and for the forms that move on to
 * another page: ending the party, taking its shortlist) it is a plain POST to
 * the room's page, answered by a redirect back or the page with the form's
 * errors. With JavaScript it posts the same fields (plus js=1) to the room's
 * action endpoint and reads its JSON reply: the page stays, the room's events
 * bring the change, and a refusal or a dropped connection is this form's
 * error (role=alert), never the page's.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { useCallback, useState, type FormEvent, type ReactNode } from "react";
import { FieldErrors } from "~/layout/Field";
import { useMounted } from "~/ui/useMounted";

interface Reply {
  intent: string;
  result: SubmissionResult<string[]>;
}

export const OFFLINE_MESSAGE = "The room could not be reached. Check your connection and try again.";

const actionsOf = (roomPath: string) => `${roomPath}/actions`;

/** Posts a room form's fields as the script does; resolves to the form's errors (none: it was taken). */
export async function postRoomAction(roomPath: string, fields: Record<string, string> | FormData): Promise<string[]> {
  const body = new URLSearchParams();
  for (const [name, value] of fields instanceof FormData ? fields.entries() : Object.entries(fields)) if (typeof value === "string") body.append(name, value);
  body.set("js", "1");
  try {
    const response = await fetch(actionsOf(roomPath), { method: "POST", body, headers: { Accept: "application/json" } });
    const reply = (await response.json().catch(() => null)) as Reply | null;
    if (response.ok && reply?.result.status === "success") return [];
    const errors = Object.values(reply?.result.error ?? {}).flat().filter((e): e is string => Boolean(e));
    return errors.length ? errors : [response.status === 404 ? "This party is gone." : OFFLINE_MESSAGE];
  } catch {
    return [OFFLINE_MESSAGE];
  }
}

export function RoomForm({
  action,
  intent,
  children,
  className,
  label,
  resetOnSuccess = false,
  navigate = false,
  fields,
  onSuccess,
}: {
  /** The room's path. */
  action: string;
  intent: string;
  children: ReactNode;
  className?: string;
  /** An accessible name for the form, when it has no heading of its own. */
  label?: string;
  resetOnSuccess?: boolean;
  /** Always a page post (its success goes to another page). */
  navigate?: boolean;
  fields?: Record<string, string>;
  /** With JavaScript: the room took it (what the room's events do not say, such as one's own rating). */
  onSuccess?: () => void;
}) {
  const mounted = useMounted();
  const pageReply = useActionData<Reply>();
  const [errors, setErrors] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = errors ?? (pageReply?.intent === intent && pageReply.result.status !== "success" ? Object.values(pageReply.result.error ?? {}).flat() : null);
  const errorId = `${intent}-${Object.values(fields ?? {}).join("-") || "form"}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    const refused = await postRoomAction(action, new FormData(form));
    setBusy(false);
    setErrors(refused.length ? refused : null);
    if (!refused.length && resetOnSuccess) form.reset();
    if (!refused.length) onSuccess?.();
  };

  const scripted = mounted && !navigate;
  const Tag = navigate ? Form : "form";
  return (
    <Tag
      method="post"
      action={action}
      className={className}
      aria-label={label}
      aria-describedby={shown?.length ? errorId : undefined}
      aria-busy={busy || undefined}
      onSubmit={scripted ? submit : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div role="alert">
        <FieldErrors id={errorId} errors={shown?.length ? (shown as string[]) : undefined} />
      </div>
    </Tag>
  );
}

/** Posts a room action from script (buffering state, a song's end): no form on the page, errors ignored. */
export function useRoomPost(roomPath: string) {
  return useCallback((intent: string, fields: Record<string, string> = {}) => void postRoomAction(roomPath, { intent, ...fields }), [roomPath]);
}
