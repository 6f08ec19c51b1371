/**
 * The review forms' checks in the browser: the same zod schemas the server
 * parses with. Loaded on demand after the page has rendered, so zod is not
 * part of the review page's first-load JavaScript (docs/decisions/0038);
 * until it arrives, and without JavaScript, the server's answer shows the errors.
 */
import { parseWithZod } from "@conform-to/zod";
import { decideSchema, rateSchema } from "./review-schema";

export const validateRating = (formData: FormData) => parseWithZod(formData, { schema: rateSchema });
export const validateDecision = (formData: FormData) => parseWithZod(formData, { schema: decideSchema });
