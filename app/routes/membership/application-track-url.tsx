/**
 * GET /api/applications/tracks/<trackId>/audio-url -> { url }
 *
 * A fresh signed URL for one of an application's sample tracks: the floating
 * player's one retry after an audio error (SPEC section 4), on the applicant's
 * dashboard and on the admins' review page. `trackId` is the track's key (the
 * player's id, `{applicant}-{collab|solo}-{n}`) or its row id. Only for the
 * applicant themselves and for admins; anyone else, an unknown track and a
 * malformed id all get the same 404, so the answer does not tell which
 * tracks exist. Signed-in only (visitors go to sign in, like every
 * signed-in route); read-only: a POST is 405. ADR 0070.
 */
import { applicationTrackAudioFor, signedApplicationTrackUrl } from "~/applications/applications.server";
import { defineRoute } from "~/routing/route.server";

const NO_STORE = { "Cache-Control": "no-store" };
const notFound = () => Response.json({ error: "Track not found" }, { status: 404, headers: NO_STORE });

const route = defineRoute({
  access: "signed-in",
  resource: true,
  async load({ db, storage, params, viewer }) {
    const audio = await applicationTrackAudioFor(db, params.trackId ?? "", viewer);
    if (!audio) return notFound();
    // A signed URL is a short-lived capability: never cached by anyone.
    return Response.json({ url: await signedApplicationTrackUrl(storage, audio) }, { headers: NO_STORE });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
