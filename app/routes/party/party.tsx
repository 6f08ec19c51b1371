/**
 * /party: the listening parties (public; issue 14 §1, ADR 0092). Live and
 * upcoming parties for everyone (visitors are asked to sign in to join);
 * members also see past parties with their outcomes, and start one.
 * Invite-only parties are listed only to their host, co-host and guests.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { isMember } from "~/auth/viewer";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { NEW_PARTY_PATH, PARTY_PATH, PARTY_TEXT, partyPath } from "~/party/constants";
import { formatWhen } from "~/party/format";
import { listParties, viewerZone, type PartySummary } from "~/party/parties.server";
import * as styles from "~/party/party.css";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [
  { title: `${PARTY_TEXT.pageTitle} | ${PRODUCT_NAME}` },
  { name: "description", content: "Listen to new songs together with the collective." },
];

const route = defineRoute({
  access: "public-viewer",
  nav: { label: "Listening party", to: PARTY_PATH, order: 50, show: (viewer) => viewer === null || isMember(viewer) },
  async load({ db, viewer }) {
    const [lists, zone] = await Promise.all([listParties(db, viewer), viewerZone(db, viewer?.id)]);
    return { lists, zone, signedIn: Boolean(viewer), member: isMember(viewer) };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function PartiesRoute() {
  const { lists, zone, signedIn, member } = useLoaderData<typeof loader>();
  const nothingOn = lists.live.length === 0 && lists.upcoming.length === 0;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow="Listen together"
        title={PARTY_TEXT.pageTitle}
        lead={PARTY_TEXT.lead}
        actions={
          member ? (
            <ButtonLink to={NEW_PARTY_PATH}>{PARTY_TEXT.start}</ButtonLink>
          ) : !signedIn ? (
            <ButtonLink to={`/auth?redirect=${encodeURIComponent(PARTY_PATH)}`}>{PARTY_TEXT.signInToJoin}</ButtonLink>
          ) : undefined
        }
      />
      {!member ? <p className={page.muted}>{signedIn ? PARTY_TEXT.membersOnly : PARTY_TEXT.signInLead}</p> : null}
      {nothingOn ? (
        <EmptyState
          icon="headphones"
          title={PARTY_TEXT.noneLive}
          actions={
            <ButtonLink to="/music-catalog" variant="outline">
              Browse the catalogue
            </ButtonLink>
          }
        >
          {PARTY_TEXT.noneLiveBody}
        </EmptyState>
      ) : null}
      <PartySection id="live" title={PARTY_TEXT.live} parties={lists.live} zone={zone} member={member} signedIn={signedIn} />
      <PartySection id="upcoming" title={PARTY_TEXT.upcoming} parties={lists.upcoming} zone={zone} member={member} signedIn={signedIn} />
      {member ? <PartySection id="past" title={PARTY_TEXT.past} parties={lists.past} zone={zone} member={member} signedIn={signedIn} /> : null}
    </div>
  );
}

function PartySection({ id, title, parties, zone, member, signedIn }: { id: string; title: string; parties: PartySummary[]; zone: string; member: boolean; signedIn: boolean }) {
  if (parties.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`parties-${id}`}>
      <h2 id={`${id}-title`} className={page.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.list}>
        {parties.map((party) => (
          <li key={party.id} className={styles.partyCard}>
            <h3 className={styles.partyTitle}>
              {member ? (
                <Link to={partyPath(party.id)} className={page.textLink}>
                  {party.title}
                </Link>
              ) : (
                party.title
              )}
            </h3>
            <p className={styles.meta}>
              Hosted by {party.hostName || "the collective"}
              {party.visibility === "invite" ? " · Invite only" : ""}
              {party.briefTitle ? ` · For the brief “${party.briefTitle}”` : ""}
              {party.campName ? ` · ${party.campName}` : ""}
            </p>
            <p className={styles.meta}>
              {party.status === "live"
                ? `${party.listeners} listening${party.nowPlaying ? ` · Now playing: ${party.nowPlaying}` : ""}`
                : party.status === "scheduled"
                  ? `Starts ${formatWhen(party.scheduledFor, zone)}`
                  : `Ended ${formatWhen(party.endedAt, zone)}`}
            </p>
            {!signedIn && party.status !== "ended" ? (
              <Link to={`/auth?redirect=${encodeURIComponent(partyPath(party.id))}`} className={page.textLink}>
                {PARTY_TEXT.signInToJoin}
                <span className={styles.visuallyHidden}>: {party.title}</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
