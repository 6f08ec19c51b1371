/**
 * POST /theme: stores the colour theme preference (a plain form post, so it
 * works without JavaScript) and returns to the page it came from.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { safeSameSitePath } from "~/shared/safe-redirect";
import { THEMES } from "~/shared/constants";
import { serializeThemePreference } from "~/theme/theme.server";

export const themeFormSchema = z.object({
  theme: z.enum(THEMES, { message: "Choose light, dark or system" }),
  redirectTo: z.string().optional(),
});

// Public and sessionless: a preference cookie, nothing more. No honeypot: the
// switch sits in every page's header, and a bot setting its own theme harms no one.
const route = defineRoute({
  access: "public",
  resource: true,
  // Nothing to show: a GET goes home.
  load: () => {
    throw redirect("/");
  },
  forms: {
    theme: form({
      schema: themeFormSchema,
      honeypot: false,
      async handle({ value }) {
        return redirect(safeSameSitePath(value.redirectTo, "/"), {
          headers: { "Set-Cookie": await serializeThemePreference(value.theme) },
        });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
