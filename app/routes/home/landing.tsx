/**
 * The landing page: what the collective is, who it is for, how to join, and
 * songs from the catalogue itself (featured first, then the newest), each
 * playable and linked to its page; and, when the admins chose some
 * (/admin/showcase, ADR 0081), members' showcase tracks in their order,
 * playable in the floating player like on a member's page.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { songPlaylist, songRowData, songTrack, type SongRowData } from "~/catalog/components/tracks";
import { searchCatalog } from "~/catalog/songs.server";
import { formatTime, type Track } from "~/player/logic";
import { LANDING_SHOWCASE_TEXT } from "~/admin/members-showcase-text";
import { listLandingShowcase, type LandingShowcaseTrack } from "~/landing/landing-showcase.server";
import { showcaseAudioUrlPath } from "~/showcase/constants";
import { PlayButton } from "~/player/PlayButton";
import type { RootLoader } from "~/root";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as styles from "~/landing/landing.css";

export const meta: MetaFunction = () => [
  { title: `${PRODUCT_NAME}: where songwriters, producers and A&R make hits together` },
  {
    name: "description",
    content:
      "A members-only collective of songwriters, producers and A&R professionals. Apply with your music, write at camps, and pitch from a shared catalogue.",
  },
  { property: "og:title", content: PRODUCT_NAME },
  { property: "og:type", content: "website" },
];

/** How many catalogue songs the landing page shows. */
const SHOWCASE_SONGS = 3;

// Public page; the root loader already knows the viewer. No form: a POST is 405.
const route = defineRoute({
  access: "public-viewer",
  async load({ db, storage }) {
    // With no search text the catalogue's relevance order is featured songs first, then the newest.
    // (The result is cached per catalogue revision, like every catalogue query.)
    // The curated showcase tracks: one small indexed read per request, so a curation change shows at once.
    const [{ songs, total }, showcase] = await Promise.all([
      searchCatalog(db, { sort: "relevance", pageSize: SHOWCASE_SONGS }, { facets: false }),
      listLandingShowcase(db, storage),
    ]);
    return { songs: songs.map(songRowData), total, showcase };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

const AUDIENCES = [
  {
    title: "Songwriters and topliners",
    text: "Keep your catalogue in one place with credits and splits that add up, and get heard by A&R who are looking for exactly your sound.",
    icon: "M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zm12-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0z",
  },
  {
    title: "Producers",
    text: "Show your best five tracks, find toplines for your beats, and join camps where sessions are planned around who you haven't worked with yet.",
    icon: "M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6",
  },
  {
    title: "A&R professionals",
    text: "Search a vetted catalogue by mood, key, tempo and writer, listen straight away, and reach the people who wrote the song.",
    icon: "M21 21l-4.35-4.35M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z",
  },
];

const STEPS = [
  { title: "Apply with your music", text: "Create an account and send us up to five tracks with your credits." },
  { title: "Get accepted", text: "Our team listens to every application and replies with a decision." },
  { title: "Write, share, pitch", text: "Build your showcase, join writing camps and get your songs into the catalogue." },
];

function Icon({ path }: { path: string }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

function ShowcaseSong({ song, playlist }: { song: SongRowData; playlist: Track[] }) {
  const track = songTrack(song);
  const href = `/song/${song.id}`;
  return (
    <li className={styles.trackRow}>
      {track ? <PlayButton track={track} playlist={playlist} fallbackHref={href} showText={false} variant="uberSubtle" /> : <span />}
      <span className={styles.trackText}>
        <Link to={href} className={styles.trackTitle} prefetch="intent">
          {song.title}
        </Link>
        <span className={styles.trackMeta}>{[song.artist, song.genre, `${song.bpm} BPM`, song.musicalKey].filter(Boolean).join(" · ")}</span>
      </span>
      <span className={styles.trackMeta}>
        <span className="visually-hidden">Length </span>
        {formatTime(song.durationSeconds)}
      </span>
    </li>
  );
}

/** Songs from the catalogue, or, while it has none, a plain word that it is empty. */
function Showcase({ songs, total }: { songs: SongRowData[]; total: number }) {
  const playlist = songPlaylist(songs);
  return (
    <section className={styles.studioCard} aria-labelledby="showcase-title">
      <h2 id="showcase-title" className={styles.studioTitle}>
        From the catalogue
      </h2>
      {songs.length > 0 ? (
        <>
          <ol className={styles.trackList}>
            {songs.map((song) => (
              <ShowcaseSong key={song.id} song={song} playlist={playlist} />
            ))}
          </ol>
          <Link to="/music-catalog" className={styles.studioLink}>
            {total === 1 ? "See it in the catalogue" : `Browse all ${total} songs`}
          </Link>
        </>
      ) : (
        <p className={styles.trackMeta}>No songs yet: the first ones appear here as soon as the catalogue has them.</p>
      )}
    </section>
  );
}

/** A showcase track in the floating player: the fresh-URL endpoint is the showcase's own (its one retry). */
const memberTrack = (track: LandingShowcaseTrack): Track => ({
  id: track.id,
  url: track.url,
  title: track.title,
  artist: track.memberName,
  freshUrlEndpoint: showcaseAudioUrlPath(track.id),
});

/** The members' tracks the admins put on the landing page; nothing at all when they chose none. */
function MemberShowcase({ tracks }: { tracks: LandingShowcaseTrack[] }) {
  if (tracks.length === 0) return null;
  const playlist = tracks.map(memberTrack);
  return (
    <section className={styles.section} aria-labelledby="member-showcase-title" data-testid="landing-showcase">
      <div className={container}>
        <h2 id="member-showcase-title" className={styles.sectionTitle}>
          {LANDING_SHOWCASE_TEXT.title}
        </h2>
        <p className={styles.sectionLead}>{LANDING_SHOWCASE_TEXT.lead}</p>
        <ol className={styles.memberTracks}>
          {tracks.map((track, index) => (
            <li key={track.id} className={styles.trackRow} data-testid="landing-showcase-track">
              <PlayButton track={playlist[index]!} playlist={playlist} fallbackHref={track.url} showText={false} variant="uberSubtle" />
              <span className={styles.trackText}>
                <span className={styles.memberTrackTitle}>{track.title}</span>
                <span className={styles.trackMeta}>
                  {LANDING_SHOWCASE_TEXT.by}{" "}
                  <Link to={`/members/${track.memberId}`} className={styles.memberLink}>
                    {track.memberName}
                  </Link>
                </span>
              </span>
              <span className={styles.trackMeta}>
                <span className="visually-hidden">Length </span>
                {formatTime(track.durationSeconds)}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export default function Landing() {
  const { songs, total, showcase } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoader>("root");
  const signedIn = Boolean(root?.viewer);
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`${container} ${styles.heroGrid}`}>
          <div>
            <p className={styles.eyebrow}>Members-only music collective</p>
            <h1 id="hero-title" className={styles.heroTitle}>
              Where writers, producers and A&amp;R <span className={styles.gradientText}>make hits together</span>
            </h1>
            <p className={styles.heroLead}>
              {PRODUCT_NAME} is a curated community of songwriters, producers and A&amp;R professionals. Members
              share a catalogue of finished songs, write together at camps, and pitch to the people who sign them.
            </p>
            <div className={styles.heroActions}>
              {signedIn ? (
                <ButtonLink to="/dashboard" variant="uber" size="lg">
                  Go to your dashboard
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink to="/auth?mode=sign-up" variant="uber" size="lg">
                    Apply to join
                  </ButtonLink>
                  <ButtonLink to="/auth" variant="outline" size="lg">
                    Sign in
                  </ButtonLink>
                </>
              )}
            </div>
            <p className={styles.heroNote}>
              A&amp;R or label? <a href="/ar">Request catalogue access</a>.
            </p>
          </div>
          <Showcase songs={songs} total={total} />
        </div>
      </section>

      <MemberShowcase tracks={showcase} />

      <section className={styles.section} aria-labelledby="who-title">
        <div className={container}>
          <h2 id="who-title" className={styles.sectionTitle}>Built for the people who make the songs</h2>
          <p className={styles.sectionLead}>
            One home for the work that happens between the first idea and the signed deal.
          </p>
          <div className={styles.cards}>
            {AUDIENCES.map((audience) => (
              <article key={audience.title} className={styles.card}>
                <span className={styles.cardIcon}>
                  <Icon path={audience.icon} />
                </span>
                <h3>{audience.title}</h3>
                <p className={styles.cardText}>{audience.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="join-title">
        <div className={container}>
          <h2 id="join-title" className={styles.sectionTitle}>How to join</h2>
          <p className={styles.sectionLead}>Membership is by application, so everyone you meet here is serious about the craft.</p>
          <ol className={styles.steps}>
            {STEPS.map((step) => (
              <li key={step.title} className={styles.step}>
                <h3>{step.title}</h3>
                <p className={styles.cardText}>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="cta-title">
        <div className={container}>
          <div className={styles.cta}>
            <h2 id="cta-title" className={styles.sectionTitle}>Your next cut starts in the room</h2>
            <p>Browse what members are writing, or apply with your best work today.</p>
            <div className={styles.heroActions}>
              <ButtonLink to="/music-catalog" variant="secondary" size="lg">
                Browse the catalogue
              </ButtonLink>
              <ButtonLink to="/auth?mode=sign-up" variant="outline" size="lg" className={styles.ctaOutline}>
                Apply to join
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
