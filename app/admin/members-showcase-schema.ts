/**
 * The forms of /admin/members/{userId} and /admin/showcase (ADR 0081), shared
 * by the server's form pipeline and the browser (conform).
 */
import { z } from "zod";
import { ADMIN_SHOWCASE_TEXT, ASSIGNABLE_ROLES, LANDING_TRACKS_MAX, MEMBER_TEXT } from "./members-showcase-text";

export const roleSchema = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { errorMap: () => ({ message: MEMBER_TEXT.roleRequired }) }),
});

export const featureMemberSchema = z.object({
  featured: z.enum(["yes", "no"]),
});

export const endMembershipSchema = z.object({
  confirm: z.literal("yes", { errorMap: () => ({ message: MEMBER_TEXT.confirmRequired }) }),
});

const trackId = z.string({ required_error: ADMIN_SHOWCASE_TEXT.notFound }).uuid(ADMIN_SHOWCASE_TEXT.notFound);

/** Feature, take off, hide, show again: one track. */
export const trackActionSchema = z.object({ trackId });

/**
 * The landing page's whole order as the admin saw it, moved (each "Move up" /
 * "Move down" button posts the list it would make). At most the landing
 * page's size, each track once.
 */
export const reorderSchema = z.object({
  order: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]),
    z
      .array(z.string().uuid(ADMIN_SHOWCASE_TEXT.orderInvalid), { message: ADMIN_SHOWCASE_TEXT.orderInvalid })
      .min(1, ADMIN_SHOWCASE_TEXT.orderInvalid)
      .max(LANDING_TRACKS_MAX, ADMIN_SHOWCASE_TEXT.orderInvalid)
      .refine((ids) => new Set(ids).size === ids.length, ADMIN_SHOWCASE_TEXT.orderInvalid),
  ),
});
