/**
 * GET /api/showcase/<trackId>/audio-url -> { url }
 *
 * The floating player calls this after an audio error on a showcase track
 * (SPEC section 4: one retry per track with a fresh signed URL valid 3600 s).
 * Only for tracks of members whose profile the viewer may see: a public
 * profile, their own, or any for an administrator. Anything else is 404, the
 * same answer as an unknown track, so it does not tell which tracks exist.
 * Read-only: a POST is 405.
 */
import { defineRoute } from "~/routing/route.server";
import { showcaseAudioFor, signedShowcaseUrl } from "~/showcase/showcase.server";

const NO_STORE = { "Cache-Control": "no-store" };
const notFound = () => Response.json({ error: "Track not found" }, { status: 404, headers: NO_STORE });

const route = defineRoute({
  access: "public-viewer",
  resource: true,
  async load({ db, storage, params, viewer }) {
    const audio = await showcaseAudioFor(db, params.trackId ?? "", viewer);
    if (!audio) return notFound();
    // A signed URL is a short-lived capability: never cached by anyone.
    return Response.json({ url: await signedShowcaseUrl(storage, audio) }, { headers: NO_STORE });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
