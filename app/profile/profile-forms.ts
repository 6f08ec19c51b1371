/**
 * Schemas of the picture and time-zone forms, for the server pipeline (the
 * pages render their errors from its replies; the browser bundle does not
 * load zod for them). The picture's bytes are judged on the server
 * (avatar.server.ts): a name or a claimed type proves nothing.
 */
import { z } from "zod";
import { PROFILE_TEXT } from "./profile-text";
import { isTimeZone } from "./time-zones";

// `File` is global in browsers and in Node 20; an empty file input is sent as no value.
export const avatarSchema = z.object({
  avatar: z.instanceof(File, { message: PROFILE_TEXT.avatar.required }),
});

export const removeAvatarSchema = z.object({});

export const timeZoneSchema = z.object({
  timeZone: z.string({ required_error: PROFILE_TEXT.account.timeZoneInvalid }).refine(isTimeZone, PROFILE_TEXT.account.timeZoneInvalid),
});
