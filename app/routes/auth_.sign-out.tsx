/**
 * POST /auth/sign-out: global sign-out by default (every session of the user
 * is revoked), clears every cookie whose name starts with sb- or
 * supabase.auth, and lands on /auth (SPEC §2, §4). A `reason` of idle or
 * absolute (the session-timeout host's own clock ran out) signs out only this
 * session and shows the 'Session Expired' toast.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { optionalViewer, signOut } from "~/auth/session.server";

export const signOutSchema = z.object({
  reason: z.enum(["idle", "absolute"]).optional(),
  scope: z.enum(["global", "local"]).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(form, { schema: signOutSchema });
  // An unreadable form still signs out: leaving must always work.
  const { reason, scope } = submission.status === "success" ? submission.value : { reason: undefined, scope: undefined };
  const headers = await signOut(request, { scope: reason ? "local" : (scope ?? "global"), reason });
  return redirect("/auth", { headers });
}

/** Signing out changes state, so it is POST only; a GET just goes home. */
export async function loader({ request }: LoaderFunctionArgs) {
  await optionalViewer(request);
  return redirect("/");
}
