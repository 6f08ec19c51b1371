/**
 * /search: one box across the catalogue and the public member directory.
 * A GET form (the query is the URL); results grouped into Songs and Members.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { EVERYTHING_LIMIT, SEARCH_TEXT_MAX } from "~/catalog/constants";
import { SongRow } from "~/catalog/components/SongRow";
import { songPlaylist } from "~/catalog/components/tracks";
import * as styles from "~/catalog/components/catalog.css";
import { searchEverything } from "~/catalog/songs.server";
import type { MemberHit } from "~/catalog/types";
import { EmptyState } from "~/layout/EmptyState";
import { initials } from "~/members/initials";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = data?.q ? `Search: ${data.q} | ${PRODUCT_NAME}` : `Search | ${PRODUCT_NAME}`;
  return [
    { title },
    { name: "description", content: "Search songs in the catalogue and members of the collective." },
    { name: "robots", content: "noindex" },
  ];
};

/** The search text from ?q=, tidied; empty means no search yet. */
function readQuery(request: Request): string {
  const raw = new URL(request.url).searchParams.get("q") ?? "";
  return raw.trim().replace(/\s+/g, " ").slice(0, SEARCH_TEXT_MAX);
}

const route = defineRoute({
  access: "public-viewer",
  async load({ request, db }) {
    const q = readQuery(request);
    if (!q) return { q, result: null };
    const result = await searchEverything(db, q, EVERYTHING_LIMIT);
    return { q, result };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

function MemberRow({ member }: { member: MemberHit }) {
  return (
    <li className={styles.memberRow}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(member.displayName)}
      </span>
      <div>
        <p className={styles.memberName}>
          <Link to={`/members/${member.userId}`}>{member.displayName}</Link>
        </p>
        <p className={page.muted}>{[member.skills.join(", "), member.location].filter(Boolean).join(" · ")}</p>
      </div>
    </li>
  );
}

export default function SearchRoute() {
  const { q, result } = useLoaderData<typeof loader>();
  const songs = result?.songs ?? [];
  const members = result?.members ?? [];
  const playlist = songPlaylist(songs);
  const nothing = result !== null && songs.length === 0 && members.length === 0;

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow="Search" title="Search" lead="Find songs by title, writer or lyric, and members by name, skill or place." />
      <Form method="get" action="/search" role="search" aria-label="Songs and members" className={styles.searchBar}>
        <div className={styles.searchField}>
          <label htmlFor="search-q" className="visually-hidden">
            Search songs and members
          </label>
          <svg className={styles.searchIcon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M21 21l-4.35-4.35M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z" />
          </svg>
          <input
            id="search-q"
            key={q}
            className={styles.searchInput}
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Songs, writers, producers, lyrics…"
            maxLength={SEARCH_TEXT_MAX}
            enterKeyHint="search"
          />
        </div>
        <Button type="submit">Search</Button>
      </Form>

      {result === null ? (
        <EmptyState
          icon="search"
          title="Search the collective"
          actions={
            <ButtonLink to="/music-catalog" variant="outline">
              Browse the catalogue
            </ButtonLink>
          }
        >
          Type a song title, a writer's name, a line of a lyric or a skill such as “producer”.
        </EmptyState>
      ) : nothing ? (
        <EmptyState
          icon="search"
          title={`Nothing matched “${q}”`}
          actions={
            <>
              <ButtonLink to="/music-catalog" variant="outline">
                Browse the catalogue
              </ButtonLink>
              <ButtonLink to="/members" variant="ghost">
                Browse members
              </ButtonLink>
            </>
          }
        >
          No song or public member profile matches these words. Check the spelling or try fewer words.
        </EmptyState>
      ) : (
        <div className={styles.searchSections}>
          <section aria-labelledby="songs-heading" className={styles.stack}>
            <h2 id="songs-heading" className={page.sectionTitle}>
              Songs <span className={page.muted}>({songs.length})</span>
            </h2>
            {songs.length > 0 ? (
              <>
                <ol className={styles.trackList} aria-label="Songs">
                  {songs.map((song) => (
                    <SongRow key={song.id} song={song} playlist={playlist} />
                  ))}
                </ol>
                <p>
                  <Link to={`/music-catalog?search=${encodeURIComponent(q)}`}>See all matching songs in the catalogue</Link>
                </p>
              </>
            ) : (
              <p className={page.muted}>No songs match “{q}”.</p>
            )}
          </section>
          <section aria-labelledby="members-heading" className={styles.stack}>
            <h2 id="members-heading" className={page.sectionTitle}>
              Members <span className={page.muted}>({members.length})</span>
            </h2>
            {members.length > 0 ? (
              <ul className={styles.memberList} aria-label="Members">
                {members.map((member) => (
                  <MemberRow key={member.userId} member={member} />
                ))}
              </ul>
            ) : (
              <p className={page.muted}>No public member profiles match “{q}”.</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
