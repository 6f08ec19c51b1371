/**
 * The listening party's forms (issue 14, ADR 0092): one zod schema each,
 * shared by the server's form pipeline and the browser (conform). Whether a
 * party, item or person exists, and who may act, is the server's check.
 * Browser-safe: no server imports.
 */
import { z } from "zod";
import { lengthMessage } from "~/shared/sanitize";
import { PARTY_CHAT_MAX, PARTY_INVITES_MAX, PARTY_RATINGS, PARTY_REACTION_NAMES, PARTY_TITLE_MAX } from "./constants";

const uuid = (message = "Choose one from the list.") => z.string({ required_error: message }).uuid(message);
const optionalUuid = z.preprocess((v) => (v === "" ? undefined : v), uuid().optional());
/** Set by the room's script on its own posts: answer with data instead of a redirect (the events update the page). */
const js = z.literal("1").optional();

export const createPartySchema = z
  .object({
    title: z
      .string({ required_error: "Give the party a title." })
      .trim()
      .min(1, "Give the party a title.")
      .max(PARTY_TITLE_MAX, lengthMessage("Title", PARTY_TITLE_MAX)),
    visibility: z.enum(["members", "invite"], { errorMap: () => ({ message: "Choose who can join." }) }),
    briefId: optionalUuid,
    campId: optionalUuid,
    coHostId: optionalUuid,
    invitees: z.array(uuid()).max(PARTY_INVITES_MAX, `Invite up to ${PARTY_INVITES_MAX} people.`).default([]),
    /** Empty: start now. Otherwise a day and time in the host's own time zone. */
    startDay: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-12-31.").optional()),
    startTime: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{2}:\d{2}$/, "Use a time like 19:30.").optional()),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.startDay) !== Boolean(value.startTime)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [value.startDay ? "startTime" : "startDay"], message: "Give both a date and a time, or neither to start now." });
    }
    if (value.visibility === "invite" && value.invitees.length === 0 && !value.coHostId) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["invitees"], message: "Invite at least one person to an invite-only party." });
    }
  });

export const chatSchema = z.object({
  js,
  body: z
    .string({ required_error: "Write a message first." })
    .trim()
    .min(1, "Write a message first.")
    .max(PARTY_CHAT_MAX, lengthMessage("Message", PARTY_CHAT_MAX)),
});

export const reactSchema = z.object({ js, reaction: z.enum(PARTY_REACTION_NAMES as [string, ...string[]], { errorMap: () => ({ message: "Unknown reaction." }) }) });

export const rateSchema = z.object({
  js,
  itemId: uuid("That song is no longer in the queue."),
  rating: z.enum(PARTY_RATINGS, { errorMap: () => ({ message: "Choose keeper, maybe or pass." }) }),
});

export const addSchema = z.object({
  js,
  kind: z.enum(["song", "showcase", "submission"], { errorMap: () => ({ message: "Choose a song to add." }) }),
  sourceId: uuid("Choose a song to add."),
});

export const itemSchema = z.object({ js, itemId: uuid("That song is no longer in the queue.") });

export const moveSchema = itemSchema.extend({ direction: z.enum(["up", "down"]) });

export const emptySchema = z.object({ js });

export const seekSchema = z.object({
  js,
  /** Seconds into the song (the host's slider or number field). */
  position: z.coerce.number({ invalid_type_error: "Give a position in seconds." }).min(0, "Give a position in seconds.").max(24 * 3600, "Give a position in seconds."),
});

export const playbackStateSchema = z.object({ js, state: z.enum(["ready", "buffering"]) });

export const messageSchema = z.object({ js, messageId: uuid("That message is gone.") });

export const listenerSchema = z.object({ js, userId: uuid("That person is not in this party.") });

export const coHostSchema = z.object({ js, userId: optionalUuid });

export const endSchema = z.object({ js, confirm: z.literal("end", { errorMap: () => ({ message: "Confirm that the party ends now." }) }) });
