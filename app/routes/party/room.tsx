/**
 * /party/:partyId (member guard; issue 14, ADR 0092): a listening party's
 * room. Everything the room does is a form (app/party/room-forms.server.ts,
 * also mounted at /party/:partyId/actions for the room's script), and
 * whoever asks is checked again against the locked room: host-only actions
 * refuse guests with 403, an invite-only party, an unknown id or a stranger
 * get 404, a removed listener is told so. Without JavaScript each form
 * redirects back to the room; with it the room's events bring each change to
 * every browser. A visit while the party is live counts as being in the room.
 */
import type { MetaFunction } from "@remix-run/react";
import { Link, useLoaderData } from "@remix-run/react";
import { isApprovedAR } from "~/auth/viewer";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PARTY_PATH, PARTY_TEXT } from "~/party/constants";
import { partyForViewer, roomSnapshot, viewerZone, type PartyAccess } from "~/party/parties.server";
import { PartyRoom } from "~/party/PartyRoom";
import { searchSources } from "~/party/queue.server";
import { roomForms } from "~/party/room-forms.server";
import type { RoomState } from "~/party/room-state";
import { joinParty } from "~/party/room.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && "title" in loaded ? loaded.title : PARTY_TEXT.pageTitle} | ${PARTY_TEXT.pageTitle} | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

const notFound = () => new Response("Not Found", { status: 404 });

function toRoomState(access: PartyAccess, snapshot: Awaited<ReturnType<typeof roomSnapshot>>): RoomState {
  const { party } = access;
  return {
    seq: party.seq,
    status: party.status,
    hostId: party.hostId,
    hostName: party.hostName,
    coHostId: party.coHostId,
    coHostName: party.coHostName,
    hostAwaySince: party.hostAwaySince,
    timeline: party.timeline,
    current: snapshot.current,
    upNext: snapshot.upNext,
    played: snapshot.played,
    messages: snapshot.messages,
    listeners: snapshot.listeners,
    removed: access.removed,
  };
}

const route = defineRoute({
  access: "member",
  async load({ db, viewer, params, url }) {
    const partyId = params.partyId ?? "";
    let access = await partyForViewer(db, viewer, partyId);
    if (!access) throw notFound();
    if (access.removed) return { removed: true as const, title: access.party.title };
    if (access.party.status === "live") {
      // A visit is being in the room (the no-JS listener has no event stream to say so).
      await joinParty(db, viewer, partyId);
      access = (await partyForViewer(db, viewer, partyId))!;
    }
    const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
    const mine = url.searchParams.get("mine") === "1";
    const [snapshot, zone, search] = await Promise.all([
      roomSnapshot(db, access, viewer.id),
      viewerZone(db, viewer.id),
      access.party.status !== "ended" && (q || mine) ? searchSources(db, q, access.party, viewer.id) : Promise.resolve(null),
    ]);
    const { party } = access;
    return {
      removed: false as const,
      partyId: party.id,
      title: party.title,
      viewerId: viewer.id,
      room: toRoomState(access, snapshot),
      serverNowMs: snapshot.serverNowMs,
      myRatings: snapshot.myRatings as Record<string, string>,
      results: snapshot.results,
      scheduledFor: party.scheduledFor,
      zone,
      context: party.briefTitle ? `For the brief “${party.briefTitle}”` : party.campName ? `From ${party.campName}` : null,
      q,
      search,
      canTake: party.status === "ended" && isApprovedAR(viewer) && snapshot.results.some((r) => r.shortlisted && r.kind === "song"),
    };
  },
  forms: roomForms,
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function PartyRoomRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.removed) {
    return (
      <div className={`${container} ${page.page}`}>
        <PageHeader eyebrow={PARTY_TEXT.pageTitle} title={data.title} />
        <EmptyState icon="headphones" title={PARTY_TEXT.removedFromParty}>
          You can still hear these songs in the catalogue, and join other parties.
        </EmptyState>
        <Link to={PARTY_PATH} className={page.textLink}>
          ← {PARTY_TEXT.pageTitle}
        </Link>
      </div>
    );
  }
  return (
    <div className={`${container} ${page.page}`}>
      <nav aria-label="Breadcrumb">
        <Link to={PARTY_PATH} className={page.textLink}>
          ← {PARTY_TEXT.pageTitle}
        </Link>
      </nav>
      <PageHeader
        eyebrow={data.room.status === "live" ? PARTY_TEXT.live : data.room.status === "scheduled" ? PARTY_TEXT.upcoming : PARTY_TEXT.ended}
        title={data.title}
        lead={data.context ?? `Hosted by ${data.room.hostName || "the collective"}`}
      />
      <PartyRoom
        partyId={data.partyId}
        viewerId={data.viewerId}
        snapshot={data.room}
        serverNowMs={data.serverNowMs}
        myRatings={data.myRatings}
        results={data.results}
        scheduledFor={data.scheduledFor}
        zone={data.zone}
        q={data.q}
        search={data.search}
        canTake={data.canTake}
      />
    </div>
  );
}
