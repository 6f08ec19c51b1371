/**
 * GET /party/:partyId/events: the room's server-sent events (issue 14 §6,
 * ADR 0092). Everyone the room lets in gets every event after the seq they
 * name (Last-Event-ID, or ?after= on the first connection: the seq their page
 * was rendered at), in order, from whichever instance they reach; events
 * cross instances through PostgreSQL LISTEN/NOTIFY (app/party/hub.server.ts).
 * Opening the stream is joining the room; its closing is leaving it.
 * An ended party's stream is 204 (nothing more will come; EventSource
 * stops). Anyone else, a removed listener and unknown ids: 404.
 */
import { partyForViewer } from "~/party/parties.server";
import { partyHub } from "~/party/hub.server";
import { streamClosed, streamOpened } from "~/party/presence.server";
import { joinParty } from "~/party/room.server";
import { parseLastEventId, partyEventStream } from "~/party/sse.server";
import { getRuntime } from "~/platform/runtime.server";
import { defineRoute } from "~/routing/route.server";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });

const route = defineRoute({
  access: "member",
  resource: true,
  async load({ db, viewer, params, request, url }) {
    const partyId = params.partyId ?? "";
    const access = await partyForViewer(db, viewer, partyId);
    if (!access || access.removed) return notFound();
    const afterSeq = parseLastEventId(request, url);
    // An ended party says nothing more: 204 tells EventSource not to reconnect.
    if (access.party.status === "ended") return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    const live = access.party.status === "live";
    if (live) {
      await joinParty(db, viewer, partyId);
      streamOpened(db, partyId, viewer.id);
    }
    return partyEventStream({
      request,
      hub: partyHub(getRuntime().database),
      partyId,
      afterSeq,
      onClose: () => {
        if (live) streamClosed(db, partyId, viewer.id);
      },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
