/**
 * GET /api/camps/songs/<campSongId>/audio-url -> { url }
 *
 * A camp song's rough audio (issue 13 §4, ADR 0090): a short-lived signed URL
 * for the camp's accepted participants and admins. Anyone else, an unknown id
 * or a song without audio gets 404, the same answer, so it does not tell which
 * camp songs exist. The floating player asks it again after an audio error
 * (SPEC section 4's one retry). Read-only: a POST is 405.
 */
import { campSongAudioFor, campSongAudioUrl } from "~/camps/songs.server";
import { defineRoute } from "~/routing/route.server";

const NO_STORE = { "Cache-Control": "no-store" };
const notFound = () => Response.json({ error: "Camp song not found" }, { status: 404, headers: NO_STORE });

const route = defineRoute({
  access: "member",
  resource: true,
  async load({ db, storage, params, viewer }) {
    const audio = await campSongAudioFor(db, params.campSongId ?? "", viewer);
    if (!audio) return notFound();
    // A signed URL is a short-lived capability: never cached by anyone.
    return Response.json({ url: await campSongAudioUrl(storage, audio) }, { headers: NO_STORE });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
