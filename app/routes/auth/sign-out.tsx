/**
 * POST /auth/sign-out: global sign-out by default (every session of the user
 * is revoked), clears every cookie whose name starts with sb- or
 * supabase.auth, and lands on /auth (SPEC §2, §4). A `reason` of idle or
 * absolute (the session-timeout host's own clock ran out) signs out only this
 * session and shows the 'Session Expired' toast.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { signOut } from "~/auth/session.server";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";

export const signOutSchema = z.object({
  reason: z.enum(["idle", "absolute"]).optional(),
  scope: z.enum(["global", "local"]).optional(),
});

// Public: leaving must work whoever asks (an expired session already lands on /auth).
const route = defineRoute({
  access: "public-viewer",
  resource: true,
  // Signing out changes state, so it is POST only; a GET just goes home.
  load: () => {
    throw redirect("/");
  },
  forms: {
    "sign-out": form({
      schema: signOutSchema,
      // The button in the header carries no honeypot; signing out harms no one.
      honeypot: false,
      // Leaving must always work: a form that cannot be read signs out all the same.
      forgiving: true,
      async handle({ request, value: { reason, scope } }) {
        const headers = await signOut(request, { scope: reason ? "local" : (scope ?? "global"), reason });
        return redirect("/auth", { headers });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
