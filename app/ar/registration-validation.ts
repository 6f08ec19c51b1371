/**
 * The A&R registration form's check in the browser: the same zod schemas the
 * server parses with, loaded on demand after the page has rendered, so zod is
 * not part of /ar/register's first-load JavaScript (ADR 0038). Until it
 * arrives, and without JavaScript, the server's answer shows the errors.
 */
import { parseWithZod } from "@conform-to/zod";
import { arRegisterSchema, arRequestSchema } from "./registration-schema";

export function validateRegistration(formData: FormData, newAccount: boolean) {
  return parseWithZod(formData, { schema: newAccount ? arRegisterSchema : arRequestSchema });
}
