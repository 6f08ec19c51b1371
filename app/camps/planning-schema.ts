/**
 * The form schemas of camp planning (ADR 0086), shared by the server's form
 * pipeline (conform + zod) and the browser. Text is checked against its limit
 * as typed ('{label} must be no more than {max} characters'), then sanitised
 * (SPEC section 5). Rooms and slots come as rows (`rooms[i].name`,
 * `rooms[i].capacity`, `slots[i].startsAt`, `slots[i].endsAt`): a row left
 * blank is ignored and errors keep the row's index as the admin sees it (as
 * app/catalog/credit-rows-schema.ts does for credits). Browser-safe.
 */
import { z } from "zod";
import { isTimeZone } from "~/profile/time-zones";
import { lengthMessage, sanitizeText } from "~/shared/sanitize";
import { CAMP_ROLE_VALUES } from "./roles";
import { PLANNING_LIMITS as L, PLANNING_TEXT } from "./planning-text";
import { campDays, isIsoDate } from "./time";

const T = PLANNING_TEXT;
const E = PLANNING_TEXT.errors;

const requiredText = (label: string, max: number, required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .max(max, lengthMessage(label, max))
    .transform((value) => sanitizeText(value, max))
    .refine((value) => value.length > 0, required);

const optionalText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: lengthMessage(label, max) })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, lengthMessage(label, max)))
    .transform((value) => sanitizeText(value, max))
    .optional();

const isoDate = z.string({ required_error: E.date, invalid_type_error: E.date }).trim().refine(isIsoDate, E.date);

/** 'HH:MM' (a time input; 'HH:MM:SS' with zero seconds is read the same). */
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/;
const clockTime = z
  .string({ invalid_type_error: E.time })
  .trim()
  .refine((value) => TIME_RE.test(value), E.time)
  .transform((value) => value.slice(0, 5));

export const timeZoneField = z.string({ required_error: E.timeZone, invalid_type_error: E.timeZone }).refine(isTimeZone, E.timeZone);

const campRole = z.enum(CAMP_ROLE_VALUES, { message: E.role });

export const roomName = requiredText(T.labels.roomName, L.roomName, E.roomNameRequired);
export const capacity = z
  .number({ required_error: E.capacity, invalid_type_error: E.capacity })
  .int(E.capacity)
  .min(L.capacityMin, E.capacity)
  .max(L.capacityMax, E.capacity);

export interface RoomInput {
  name: string;
  capacity: number;
}
export interface SlotInput {
  startsAt: string;
  endsAt: string;
}

/** Two slots overlap when one starts before the other ends ('HH:MM' strings compare as times). */
export function slotsOverlap(a: SlotInput, b: SlotInput): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

const roomRows = z
  .array(
    z
      .object({
        name: z.string().trim().max(L.roomName, lengthMessage(T.labels.roomName, L.roomName)).transform((v) => sanitizeText(v, L.roomName)).optional(),
        capacity: z.number({ invalid_type_error: E.capacity }).optional(),
      })
      .optional(),
    { invalid_type_error: E.roomsRequired },
  )
  .max(L.rooms * 2, E.tooManyRooms)
  .optional()
  .superRefine((rows, ctx) => {
    const filled = (rows ?? []).map((row, index) => ({ row, index })).filter(({ row }) => row && (row.name || row.capacity !== undefined));
    if (filled.length === 0) return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.roomsRequired });
    if (filled.length > L.rooms) return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.tooManyRooms });
    const seen = new Set<string>();
    for (const { row, index } of filled) {
      if (!row!.name) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "name"], message: E.roomNameRequired });
      else {
        const key = row!.name.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "name"], message: E.duplicateRoom });
        seen.add(key);
      }
      const parsed = capacity.safeParse(row!.capacity);
      if (!parsed.success) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "capacity"], message: E.capacity });
    }
  })
  .transform((rows): RoomInput[] => (rows ?? []).filter((row) => row && (row.name || row.capacity !== undefined)).map((row) => ({ name: row!.name!, capacity: row!.capacity! })));

const slotRows = z
  .array(
    z
      .object({
        startsAt: z.string({ invalid_type_error: E.time }).trim().optional(),
        endsAt: z.string({ invalid_type_error: E.time }).trim().optional(),
      })
      .optional(),
    { invalid_type_error: E.slotsRequired },
  )
  .max(L.slots * 2, E.tooManySlots)
  .optional()
  .superRefine((rows, ctx) => {
    const filled = (rows ?? []).map((row, index) => ({ row, index })).filter(({ row }) => row && (row.startsAt || row.endsAt));
    if (filled.length === 0) return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.slotsRequired });
    if (filled.length > L.slots) return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: E.tooManySlots });
    const good: { slot: SlotInput; index: number }[] = [];
    for (const { row, index } of filled) {
      const start = TIME_RE.test(row!.startsAt ?? "");
      const end = TIME_RE.test(row!.endsAt ?? "");
      if (!start) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "startsAt"], message: E.time });
      if (!end) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "endsAt"], message: E.time });
      if (!start || !end) continue;
      const slot = { startsAt: row!.startsAt!.slice(0, 5), endsAt: row!.endsAt!.slice(0, 5) };
      if (slot.endsAt <= slot.startsAt) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "endsAt"], message: E.endAfterStart });
        continue;
      }
      const clash = good.find((other) => slotsOverlap(other.slot, slot));
      if (clash) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "startsAt"], message: T.errors.slotOverlaps(clash.slot.startsAt, clash.slot.endsAt) });
      else good.push({ slot, index });
    }
  })
  .transform((rows): SlotInput[] =>
    (rows ?? [])
      .filter((row) => row && (row.startsAt || row.endsAt))
      .map((row) => ({ startsAt: row!.startsAt!.slice(0, 5), endsAt: row!.endsAt!.slice(0, 5) }))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
  );

/** The camp's own fields, shared by the create form and the details form. */
const campFields = {
  name: requiredText(T.labels.name, L.name, E.nameRequired),
  venue: requiredText(T.labels.venue, L.venue, E.venueRequired),
  timeZone: timeZoneField,
  startsOn: isoDate,
  endsOn: isoDate,
  description: optionalText(T.labels.description, L.description),
};

function checkDates(value: { startsOn: string; endsOn: string }, ctx: z.RefinementCtx) {
  if (value.endsOn < value.startsOn) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endsOn"], message: E.endsBeforeStart });
  else if (campDays(value.startsOn, value.endsOn).length > L.maxDays) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endsOn"], message: E.tooLong });
}

export const createCampSchema = z
  .object({
    intent: z.literal("create").optional(),
    ...campFields,
    rooms: roomRows,
    slots: slotRows,
  })
  .superRefine(checkDates);
export type CreateCampInput = z.output<typeof createCampSchema>;

export const detailsSchema = z
  .object({
    intent: z.literal("details"),
    ...campFields,
    /** "yes" once the admin has seen what the new dates take away (the confirmation step). */
    confirm: z.literal("yes").optional(),
  })
  .superRefine(checkDates);
export type DetailsInput = z.output<typeof detailsSchema>;

const id = z.string({ required_error: E.notFound, invalid_type_error: E.notFound }).uuid(E.notFound);

export const addRoomSchema = z.object({ intent: z.literal("addRoom"), name: roomName, capacity });
export const updateRoomSchema = z.object({ intent: z.literal("updateRoom"), roomId: id, name: roomName, capacity });
export const removeRoomSchema = z.object({ intent: z.literal("removeRoom"), roomId: id, confirm: z.literal("yes").optional() });

export const addSlotSchema = z
  .object({ intent: z.literal("addSlot"), startsAt: clockTime, endsAt: clockTime })
  .superRefine((value, ctx) => {
    if (value.endsAt <= value.startsAt) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endsAt"], message: E.endAfterStart });
  });
export const removeSlotSchema = z.object({ intent: z.literal("removeSlot"), slotId: id, confirm: z.literal("yes").optional() });

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  memberId: z
    .array(z.string({ invalid_type_error: E.notMembers }).uuid(E.notMembers), { required_error: E.chooseMembers, invalid_type_error: E.chooseMembers })
    .min(1, E.chooseMembers)
    .max(L.invitesPerPost, E.tooManyInvites)
    .transform((ids) => [...new Set(ids.map((v) => v.toLowerCase()))]),
});

export const changeRoleSchema = z.object({ intent: z.literal("changeRole"), memberId: id, campRole });

export const withdrawSchema = z.object({
  intent: z.literal("withdraw"),
  memberId: id,
  confirm: z.literal("yes", { errorMap: () => ({ message: E.confirmRequired }) }),
});
