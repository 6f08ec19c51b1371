/** The schedule page's forms (ADR 0087): one zod schema each, shared by the route and the page. Browser-safe. */
import { z } from "zod";
import { GROUP_INTENTS, GROUPS_LIMITS, GROUPS_TEXT } from "./groups-text";

const E = GROUPS_TEXT.errors;
const id = (message: string) => z.string({ required_error: message }).trim().uuid(message);

export const addSchema = z.object({
  intent: z.literal(GROUP_INTENTS.add),
  sessionId: id(E.sessionMissing),
  memberId: id(E.choosePerson),
});

export const moveSchema = z.object({
  intent: z.literal(GROUP_INTENTS.move),
  memberId: id(E.notOnRoster),
  fromSessionId: id(E.sessionMissing),
  toSessionId: id(E.chooseSession),
});

export const removeSchema = z.object({
  intent: z.literal(GROUP_INTENTS.remove),
  sessionId: id(E.sessionMissing),
  memberId: id(E.notOnRoster),
});

const mode = z.enum(["fill", "replace"], { required_error: E.unknownMode, invalid_type_error: E.unknownMode, message: E.unknownMode });

export const suggestSchema = z.object({
  intent: z.literal(GROUP_INTENTS.suggest),
  mode: mode.default("fill"),
  seed: z.coerce.number().int().min(1).max(2_147_483_647).default(1),
});

/** The replace confirmation is checked by the handler, which shows the preview again with the error. */
export const applySchema = z.object({
  intent: z.literal(GROUP_INTENTS.apply),
  mode,
  proposal: z.string({ required_error: E.proposal }).max(GROUPS_LIMITS.proposalChars, E.proposal),
  confirm: z.string().max(10).optional(),
});
