/**
 * POST /api/songs/:songId/plays: the floating player's report of one play of
 * a catalogue song (30 s listened, or the song ended having been listened to;
 * app/player/play-tally.ts). Public: anonymous listeners of the public
 * catalogue count too. No body is needed (an empty form is the report).
 *
 *   201 { counted: true }               a new play
 *   200 { counted: false }              the same listener played this song less than 30 minutes ago
 *   404 { error }                       unknown, archived or draft song, or a malformed id
 *   429                                 too many reports from the address or the account
 *   405                                 GET (nothing to read here)
 * Cross-site posts are refused (403) by the origin check every action gets (server.ts).
 * ADR 0079.
 */
import { z } from "zod";
import { anonymousListenerKey, PLAY_LIMITS, recordPlay, userListenerKey } from "~/admin/statistics-plays.server";
import { consume } from "~/platform/rate-limit.server";
import { form } from "~/routing/forms.server";
import { defineRoute, methodNotAllowed } from "~/routing/route.server";
import { clientAddress } from "~/shortlists/listener.server";

const NO_STORE = { "Cache-Control": "no-store" };
const json = (body: unknown, status: number, headers: HeadersInit = {}) => Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

const route = defineRoute({
  access: "public-viewer",
  resource: true,
  load: () => methodNotAllowed("POST"),
  forms: {
    play: form({
      schema: z.object({}),
      // A report from the player's script, not a person's form: no honeypot to fill.
      honeypot: false,
      rateLimit: { rule: PLAY_LIMITS.perAddress, subject: ({ request }) => clientAddress(request) },
      async handle({ db, params, request, viewer }) {
        if (viewer) {
          const limited = await consume(db, PLAY_LIMITS.perListener, viewer.id);
          if (limited) return json({ error: limited.message }, 429, limited.headers());
        }
        const outcome = await recordPlay(db, {
          songId: params.songId ?? "",
          listenerId: viewer?.id ?? null,
          listenerKey: viewer ? userListenerKey(viewer.id) : anonymousListenerKey(clientAddress(request)),
        });
        if (outcome === "not-found") return json({ error: "Song not found" }, 404);
        return json({ counted: outcome === "counted" }, outcome === "counted" ? 201 : 200);
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
