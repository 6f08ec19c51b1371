/** The ban form's check in the browser, loaded after the page has rendered (keeps zod out of the first load, ADR 0038). */
import { parseWithZod } from "@conform-to/zod";
import { banSchema } from "./users-schema";

export function validateBan(formData: FormData) {
  return parseWithZod(formData, { schema: banSchema });
}
