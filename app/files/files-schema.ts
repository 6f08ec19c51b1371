/** The form of /admin/files (parsed by the route contract's pipeline; everything is checked again on the server). */
import { z } from "zod";
import { FILES_TEXT } from "./files-text";

export const removeOrphanSchema = z.object({
  bucket: z.string({ required_error: FILES_TEXT.unknownBucket }).max(63, FILES_TEXT.unknownBucket),
  path: z.string({ required_error: FILES_TEXT.invalidPath }).max(500, FILES_TEXT.invalidPath),
});
