/**
 * GET /party/:partyId/items/:itemId/audio: the audio of a song in the room's
 * queue, for someone the room lets in: a redirect to a short-lived signed URL
 * (SIGNED_URL_TTL_S), so the page's <audio> (with or without JavaScript) can
 * start it, seek it and play it from the right position. The source is
 * checked again now: a song archived or a showcase track hidden since it was
 * queued is not served. Anyone else, and unknown ids: 404.
 */
import { partyForViewer } from "~/party/parties.server";
import { itemAudio } from "~/party/queue.server";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { defineRoute } from "~/routing/route.server";

const NO_STORE = { "Cache-Control": "no-store" };

const route = defineRoute({
  access: "member",
  resource: true,
  async load({ db, storage, viewer, params }) {
    const access = await partyForViewer(db, viewer, params.partyId ?? "");
    const audio = access ? await itemAudio(db, access, params.itemId ?? "") : null;
    if (!audio) return new Response("Not Found", { status: 404, headers: NO_STORE });
    const url = await storage.createSignedUrl(audio.bucket, audio.path, SIGNED_URL_TTL_S);
    return new Response(null, { status: 302, headers: { Location: url, ...NO_STORE } });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
