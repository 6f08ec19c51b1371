/**
 * Where a one-time code was sent, between "send code" and "enter code". Kept
 * in a signed, HttpOnly cookie (15 minutes) rather than the URL, so an e-mail
 * address or phone number never lands in browser history or access logs.
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getRuntime } from "~/platform/runtime.server";
import type { ParsedIdentifier } from "~/platform/auth/identifiers";

export const PENDING_PURPOSES = ["signup", "otp", "recovery", "phone-test"] as const;
export type PendingPurpose = (typeof PENDING_PURPOSES)[number];

const pendingSchema = z.object({
  purpose: z.enum(PENDING_PURPOSES),
  identifier: z.union([z.object({ email: z.string() }), z.object({ phone: z.string() })]),
});
export type PendingCode = { purpose: PendingPurpose; identifier: ParsedIdentifier };

const MAX_AGE_S = 15 * 60;

function pendingCookie() {
  return createCookie("hf_auth_pending", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: process.env.NODE_ENV === "production",
    maxAge: MAX_AGE_S,
    secrets: [getRuntime().sessionSecret],
  });
}

export async function readPendingCode(request: Request): Promise<PendingCode | null> {
  const value = await pendingCookie().parse(request.headers.get("Cookie"));
  const parsed = pendingSchema.safeParse(value);
  return parsed.success ? (parsed.data as PendingCode) : null;
}

export async function rememberPendingCode(pending: PendingCode): Promise<string> {
  return pendingCookie().serialize(pending);
}

export async function forgetPendingCode(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}

/** The verifyOtp type for a pending code (Supabase's names). */
export function otpTypeFor(pending: PendingCode): "signup" | "sms" | "email" | "recovery" {
  const byPhone = "phone" in pending.identifier;
  if (byPhone) return "sms";
  if (pending.purpose === "signup") return "signup";
  if (pending.purpose === "recovery") return "recovery";
  return "email";
}
