/**
 * Flash toasts: set before a redirect, read once by the next page. Because the
 * root loader renders them, they show without JavaScript too.
 */
import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { getRuntime } from "~/platform/runtime.server";
import { z } from "zod";
import { TOAST_DURATION_MS } from "~/shared/constants";
import { TOAST_TYPES, newToastId, type Toast, type ToastInput } from "./toast";

/**
 * The flash cookie's toast, validated on the server only (toast.ts is zod-free:
 * it is in every page's first-load JavaScript, docs/decisions/0038).
 */
export const toastSchema: z.ZodType<Toast, z.ZodTypeDef, ToastInput> = z.object({
  id: z.string().default(newToastId),
  type: z.enum(TOAST_TYPES).default("info"),
  title: z.string().optional(),
  message: z.string(),
  duration: z.number().int().positive().default(TOAST_DURATION_MS),
});

const FLASH_KEY = "toast" as const;

// Typed explicitly: ReturnType of the generic factory collapses the keys to never.
type FlashData = { [FLASH_KEY]: Toast };
let storage: SessionStorage<FlashData, FlashData> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<FlashData, FlashData>({
    cookie: {
      name: "hf_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: process.env.NODE_ENV === "production",
      secrets: [getRuntime().sessionSecret],
    },
  });
  return storage;
}

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(FLASH_KEY, toastSchema.parse(input));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the pending toast. Append `headers` to the response. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY));
  if (!session.has(FLASH_KEY) && !parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }),
  };
}

export function combineHeaders(...all: (HeadersInit | null | undefined)[]): Headers {
  const combined = new Headers();
  for (const headers of all) {
    if (!headers) continue;
    new Headers(headers).forEach((value, key) => combined.append(key, value));
  }
  return combined;
}
