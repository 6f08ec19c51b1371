/**
 * POST /theme: stores the colour theme preference (a plain form post, so it
 * works without JavaScript) and returns to the page it came from.
 */
import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeSameSitePath } from "~/shared/safe-redirect";
import { z } from "zod";
import { THEMES } from "~/shared/constants";
import { serializeThemePreference } from "~/theme/theme.server";

export const themeFormSchema = z.object({
  theme: z.enum(THEMES, { message: "Choose light, dark or system" }),
  redirectTo: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: themeFormSchema });
  if (submission.status !== "success") {
    // A resource route: answer with a real Response so the 400 status holds.
    return Response.json({ result: submission.reply() }, { status: 400 });
  }
  const { theme, redirectTo } = submission.value;
  return redirect(safeSameSitePath(redirectTo, "/"), {
    headers: { "Set-Cookie": await serializeThemePreference(theme) },
  });
}

export function loader() {
  return redirect("/");
}
