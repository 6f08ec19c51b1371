/**
 * What a form's answer says, for the form fuzzer: the reply a page got (the
 * single-fetch data Remix inlines into the document, decoded as the browser
 * decodes it), a resource route's JSON, or the plain-text refusal of the
 * request check.
 */
// turbo-stream: Remix's own single-fetch encoding (a dependency of @remix-run/server-runtime and react).
import { decode } from "turbo-stream";

/** The data a document response carries for the browser: loader data, action data, errors. */
export async function inlineData(html: string): Promise<unknown> {
  const chunks: string[] = [];
  for (const match of html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)) chunks.push(JSON.parse(match[1]!) as string);
  if (chunks.length === 0) return undefined;
  const bytes = new TextEncoder().encode(chunks.join(""));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const decoded = await decode(stream, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "SanitizedError") return { value: { message: rest[1] } };
        if (type === "ErrorResponse") return { value: { status: rest[1], statusText: rest[2], data: rest[0] } };
        if (type === "SingleFetchRedirect") return { value: { redirect: rest[0] } };
        // SingleFetchFallback, SingleFetchClassInstance: nothing a message lives in.
        return { value: undefined };
      },
    ],
  });
  await decoded.done.catch(() => undefined);
  return decoded.value;
}

/** Every non-empty string under `value` (messages of a reply's errors, a thrown `{ message }`). */
function strings(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 8 || value === null || value === undefined) return out;
  if (typeof value === "string") {
    if (value.trim()) out.push(value.trim());
  } else if (Array.isArray(value)) for (const item of value) strings(item, out, depth + 1);
  else if (typeof value === "object") for (const item of Object.values(value as Record<string, unknown>)) strings(item, out, depth + 1);
  return out;
}

export interface Reply {
  /** The messages the refusal gives (field errors, form errors, a thrown message, a plain-text refusal). */
  messages: string[];
  /** A form reply that says it failed ({ intent, result: { status: "error" } }). */
  formError: boolean;
  /** Whether some message appears in the rendered page, not only in its data (documents only). */
  shown?: boolean;
}

function fromFormReply(value: unknown): Reply | null {
  if (!value || typeof value !== "object") return null;
  const reply = value as { intent?: unknown; result?: { status?: unknown; error?: unknown }; message?: unknown };
  if (reply.result && typeof reply.result === "object") {
    return { messages: strings(reply.result.error ?? {}), formError: reply.result.status === "error" };
  }
  if (typeof reply.message === "string") return { messages: strings(reply.message), formError: true };
  return null;
}

/** The visible text of a document (scripts and tags removed, common entities decoded). */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** What a response to a form says. */
export async function readReply(response: Response, body: string): Promise<Reply> {
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const parsed = JSON.parse(body) as unknown;
      return fromFormReply(parsed) ?? { messages: strings(parsed), formError: false };
    } catch {
      return { messages: body.trim() ? [body.trim()] : [], formError: false };
    }
  }
  if (type.includes("text/html")) {
    const data = (await inlineData(body).catch(() => undefined)) as
      | { actionData?: Record<string, unknown>; errors?: Record<string, unknown> }
      | undefined;
    const messages: string[] = [];
    let formError = false;
    for (const value of Object.values(data?.actionData ?? {})) {
      const reply = fromFormReply(value);
      if (reply) {
        messages.push(...reply.messages);
        formError ||= reply.formError;
      }
    }
    const text = visibleText(body).replace(/\s+/g, " ");
    for (const value of Object.values(data?.errors ?? {})) {
      const thrown = strings((value as { data?: unknown })?.data ?? value).filter((m) => !/^\d+$/.test(m) && m !== "RouteErrorResponse");
      // A thrown status without a message (a 404) is answered by the error boundary's page: its main text is the message.
      const main = /<main[\s\S]*?<\/main>/i.exec(body)?.[0];
      messages.push(...(thrown.length > 0 ? thrown : main ? [visibleText(main).replace(/\s+/g, " ").trim()].filter((m) => m.length > 0) : []));
      formError = true;
    }
    return { messages, formError, shown: messages.some((m) => text.includes(m.replace(/\s+/g, " "))) };
  }
  return { messages: body.trim() ? [body.trim()] : [], formError: false };
}
