/**
 * The profile form's check in the browser: the same zod schema the server
 * parses with. Loaded on demand by ProfileForm after the page has rendered, so
 * zod is not part of the page's first-load JavaScript (docs/decisions/0038);
 * until it arrives, and without JavaScript, the server's answer shows the errors.
 */
import { parseWithZod } from "@conform-to/zod";
import { profileSchema } from "./profile-schema";

export function validateProfile(formData: FormData) {
  return parseWithZod(formData, { schema: profileSchema });
}
