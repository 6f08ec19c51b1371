/**
 * Every form of a listening party's room (issue 14, ADR 0092), declared once
 * and mounted twice: on the room's page (/party/:partyId: posts without
 * JavaScript, answered by a redirect back to the room or the page with the
 * form's errors) and on its action endpoint (/party/:partyId/actions: the
 * room's script posts there with js=1 and reads a JSON reply, so a dropped
 * connection is the form's error, never the page's). Each runs the one form
 * pipeline: intent, schema, a per-person rate limit, then the room's own
 * checks against the locked room.
 */
import { redirect } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import { isApprovedAR } from "~/auth/viewer";
import { RATE_LIMITS, type RateLimitRule } from "~/platform/rate-limit.server";
import { form, type FormContext, type FormDeclaration } from "~/routing/forms.server";
import { addSong, createShortlist, ShortlistLimitError } from "~/shortlists/shortlists.server";
import { shortlistPath } from "~/shortlists/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { PARTY_TEXT, partyPath, type PartyReaction } from "./constants";
import { catalogueSongsOfOutcome, PartyError, partyForViewer } from "./parties.server";
import { controlPlayback } from "./playback.server";
import { addToQueue, moveQueueItem, removeQueueItem } from "./queue.server";
import { endParty, postMessage, rateItem, react, removeListener, removeMessage, setCoHost, setPlaybackState, startParty } from "./room.server";
import {
  addSchema,
  chatSchema,
  coHostSchema,
  emptySchema,
  endSchema,
  itemSchema,
  listenerSchema,
  messageSchema,
  moveSchema,
  playbackStateSchema,
  rateSchema,
  reactSchema,
  seekSchema,
} from "./schema";

const notFound = () => new Response("Not Found", { status: 404 });

type Done = string | { toast?: string; to?: string } | void;

/**
 * A room form: the schema, the per-person rate limit, and the work. A
 * PartyError is the form's error (with its status); success is data for the
 * script, else a redirect back to the room (with a toast when it says one).
 */
function roomForm<S extends ZodTypeAny>(schema: S, rule: RateLimitRule, run: (context: FormContext<"member", S>) => Promise<Done>): FormDeclaration<"member", S> {
  return form({
    schema,
    rateLimit: { rule, subject: ({ viewer }) => viewer!.id },
    async handle(context) {
      let done: Done;
      try {
        done = await run(context);
      } catch (error) {
        if (error instanceof PartyError) {
          if (error.status === 404 && error.message === PARTY_TEXT.notFound) throw notFound();
          return context.reply({ formErrors: [error.message], status: error.status });
        }
        throw error;
      }
      const room = partyPath(context.params.partyId ?? "");
      const outcome = typeof done === "string" ? { toast: done } : (done ?? {});
      if ((context.value as { js?: string }).js === "1" && !outcome.to) return context.reply({ status: 200 });
      const to = outcome.to ?? room;
      return outcome.toast ? redirectWithToast(to, { type: "success", message: outcome.toast }) : redirect(to);
    },
  });
}

const A = RATE_LIMITS.partyActionsPerUser;
const id = (context: { params: { partyId?: string } }) => context.params.partyId ?? "";

export const roomForms = {
  chat: roomForm(chatSchema, RATE_LIMITS.partyChatPerUser, async (c) => void (await postMessage(c.db, c.viewer!, id(c), c.value.body))),
  react: roomForm(reactSchema, RATE_LIMITS.partyReactionsPerUser, async (c) => void (await react(c.db, c.viewer!, id(c), c.value.reaction as PartyReaction))),
  rate: roomForm(rateSchema, A, async (c) => {
    await rateItem(c.db, c.viewer!, id(c), c.value.itemId, c.value.rating);
    return PARTY_TEXT.rated;
  }),
  add: roomForm(addSchema, RATE_LIMITS.partyQueuePerUser, async (c) => {
    const added = await addToQueue(c.db, c.viewer!, id(c), { kind: c.value.kind, id: c.value.sourceId });
    return PARTY_TEXT.added(added.title);
  }),
  move: roomForm(moveSchema, A, async (c) => void (await moveQueueItem(c.db, c.viewer!, id(c), c.value.itemId, c.value.direction))),
  "remove-item": roomForm(itemSchema, A, async (c) => void (await removeQueueItem(c.db, c.viewer!, id(c), c.value.itemId))),
  play: roomForm(emptySchema, A, async (c) => void (await controlPlayback(c.db, c.viewer!, id(c), { kind: "play" }))),
  pause: roomForm(emptySchema, A, async (c) => void (await controlPlayback(c.db, c.viewer!, id(c), { kind: "pause" }))),
  skip: roomForm(emptySchema, A, async (c) => void (await controlPlayback(c.db, c.viewer!, id(c), { kind: "skip" }))),
  seek: roomForm(seekSchema, A, async (c) => void (await controlPlayback(c.db, c.viewer!, id(c), { kind: "seek", positionMs: Math.round(c.value.position * 1000) }))),
  ended: roomForm(itemSchema, A, async (c) => void (await controlPlayback(c.db, c.viewer!, id(c), { kind: "ended", itemId: c.value.itemId }))),
  playback: roomForm(playbackStateSchema, A, async (c) => void (await setPlaybackState(c.db, c.viewer!, id(c), c.value.state))),
  "remove-message": roomForm(messageSchema, A, async (c) => void (await removeMessage(c.db, c.viewer!, id(c), c.value.messageId))),
  "remove-listener": roomForm(listenerSchema, A, async (c) => void (await removeListener(c.db, c.viewer!, id(c), c.value.userId))),
  cohost: roomForm(coHostSchema, A, async (c) => void (await setCoHost(c.db, c.viewer!, id(c), c.value.userId ?? null))),
  start: roomForm(emptySchema, A, async (c) => void (await startParty(c.db, c.viewer!, id(c)))),
  end: roomForm(endSchema, A, async (c) => {
    await endParty(c.db, c.viewer!, id(c));
    return { toast: PARTY_TEXT.endedSaved, to: partyPath(id(c)) };
  }),
  take: roomForm(emptySchema, A, async (c) => {
    const viewer = c.viewer!;
    const access = await partyForViewer(c.db, viewer, id(c));
    if (!access) throw new PartyError(PARTY_TEXT.notFound, 404);
    if (access.removed) throw new PartyError(PARTY_TEXT.removedFromParty, 403);
    if (!isApprovedAR(viewer)) throw new PartyError("Only A&R professionals keep shortlists.", 403);
    if (access.party.status !== "ended") throw new PartyError(PARTY_TEXT.notLive, 409);
    const songs = await catalogueSongsOfOutcome(c.db, access.party.id);
    if (songs.length === 0) throw new PartyError(PARTY_TEXT.nothingToTake, 409);
    const title = PARTY_TEXT.outcomeShortlistTitle(access.party.title);
    let list: { id: string };
    try {
      list = await createShortlist(c.db, viewer.id, title);
    } catch (error) {
      if (error instanceof ShortlistLimitError) throw new PartyError(error.message, 409);
      throw error;
    }
    let added = 0;
    for (const song of songs) if ((await addSong(c.db, viewer.id, list.id, song.songId, song.note)).kind === "added") added += 1;
    return { toast: PARTY_TEXT.takenIntoShortlists(added, title), to: shortlistPath(list.id) };
  }),
  }
