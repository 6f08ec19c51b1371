/**
 * /listen/:token: a shared shortlist, for anyone with the link (no account).
 * Read-only: the songs in the A&R's order with titles and credits (never the
 * A&R's notes or ratings), streamed through /api/listen/:token/:songId in the
 * floating player with JavaScript, in a plain <audio controls
 * controlslist="nodownload"> without; no download link is offered.
 *
 * An expired or revoked link is a 410 page, an unknown one a 404 page, both
 * plain explanations (not the error screen); unknown tokens are counted per
 * network address and refused with 429 past the limit. The page is noindex,
 * never cached, and sends no Referer (the token is in its URL).
 * docs/decisions/0074-shortlists-and-share-links.md
 */
import { data, type HeadersFunction } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/react";
import { useLoaderData, useParams } from "@remix-run/react";
import { useMemo } from "react";
import { songTrack } from "~/catalog/components/tracks";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import type { Track } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { isLimited, recordHit } from "~/platform/rate-limit.server";
import { forwardActionHeaders } from "~/platform/http/route-headers";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { SHORTLIST_TEXT, listenAudioPath } from "~/shortlists/constants";
import { formatDateTime, formatDuration } from "~/shortlists/format";
import { clientAddress, ensureListener, LISTEN_LIMITS } from "~/shortlists/listener.server";
import { isShareTokenShape, findShare, sharedSongs } from "~/shortlists/shortlists.server";
import * as styles from "~/shortlists/shortlists.css";
import { usePlayCounter } from "~/shortlists/usePlayCounter";
import { useMounted } from "~/ui/useMounted";

/** Every answer of these pages: not indexed, not cached, no Referer carrying the token elsewhere. */
export const LISTEN_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

type Gone = { state: "expired" | "revoked" | "unknown" | "limited" };

const route = defineRoute({
  access: "public",
  async load({ db, params, request }) {
    const address = clientAddress(request);
    // A guesser past the limit is refused before the lookup, whatever the token.
    const limited = await isLimited(db, LISTEN_LIMITS.tokenGuesses, address);
    if (limited) return data<Gone>({ state: "limited" }, { status: 429, headers: { ...LISTEN_HEADERS, ...limited.headers() } });
    const share = await findShare(db, params.token ?? "");
    if (share.kind === "unknown") {
      // Only a well-formed token is a guess (a malformed one cannot be anybody's link).
      if (isShareTokenShape(params.token)) await recordHit(db, LISTEN_LIMITS.tokenGuesses, address);
      return data<Gone>({ state: "unknown" }, { status: 404, headers: LISTEN_HEADERS });
    }
    if (share.kind !== "live") return data<Gone>({ state: share.kind }, { status: 410, headers: LISTEN_HEADERS });
    ensureListener(request);
    const songs = await sharedSongs(db, share.shortlistId);
    return data(
      {
        state: "live" as const,
        title: share.title,
        ownerName: share.ownerName,
        expiresAt: share.expiresAt,
        songs: songs.map((song) => ({
          songId: song.songId,
          title: song.title,
          artist: song.artist,
          credits: song.credits.map((credit) => ({ name: credit.name, role: credit.role })),
          genre: song.genre,
          bpm: song.bpm,
          musicalKey: song.musicalKey,
          durationSeconds: song.durationSeconds,
          contentType: song.contentType,
        })),
      },
      { headers: LISTEN_HEADERS },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(forwardActionHeaders(args));
  for (const [name, value] of Object.entries(LISTEN_HEADERS)) headers.set(name, value);
  return headers;
};
export const ErrorBoundary = RouteErrorBoundary;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && loaded.state === "live" ? loaded.title : SHORTLIST_TEXT.goneTitle} | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

function GonePage({ state }: Gone) {
  const [title, text] =
    state === "unknown"
      ? [SHORTLIST_TEXT.unknownTitle, SHORTLIST_TEXT.unknownText]
      : state === "limited"
        ? [SHORTLIST_TEXT.limitedTitle, SHORTLIST_TEXT.limitedText]
        : [SHORTLIST_TEXT.goneTitle, state === "expired" ? SHORTLIST_TEXT.goneExpired : SHORTLIST_TEXT.goneRevoked];
  return (
    <div className={`${container} ${page.page}`} data-testid="listen-gone" data-state={state}>
      <PageHeader eyebrow={SHORTLIST_TEXT.listenEyebrow} title={title} lead={text} />
    </div>
  );
}

export default function SharedShortlistRoute() {
  const loaded = useLoaderData<typeof loader>();
  const params = useParams();
  const token = params.token ?? "";
  const mounted = useMounted();
  const songs = loaded.state === "live" ? loaded.songs : [];
  const durations = useMemo(() => Object.fromEntries(songs.map((song) => [song.songId, song.durationSeconds])), [songs]);
  usePlayCounter(token, durations);
  const playlist = useMemo(
    () =>
      songs
        .map((song) => songTrack({ id: song.songId, title: song.title, artist: song.artist, audioUrl: listenAudioPath(token, song.songId), artworkUrl: null }))
        .filter((track): track is Track => track !== null)
        // A failed load asks this share's endpoint again (never the catalogue's), which answers 410 once the link is off.
        .map((track) => ({ ...track, freshUrlEndpoint: `${listenAudioPath(token, track.id)}?fresh=1` })),
    [songs, token],
  );

  if (loaded.state !== "live") return <GonePage state={loaded.state} />;

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        eyebrow={SHORTLIST_TEXT.listenEyebrow}
        title={loaded.title}
        lead={
          <>
            {SHORTLIST_TEXT.sharedBy(loaded.ownerName)}. {SHORTLIST_TEXT.listenLead}
          </>
        }
      />
      <p className={page.muted}>
        {SHORTLIST_TEXT.listenExpires} <time dateTime={loaded.expiresAt}>{formatDateTime(loaded.expiresAt)}</time>.
      </p>
      {songs.length === 0 ? (
        <p className={page.muted}>{SHORTLIST_TEXT.listenNoSongs}</p>
      ) : (
        <ol className={styles.list} data-testid="listen-songs">
          {songs.map((song, index) => {
            const track = playlist[index]!;
            return (
              <li key={song.songId} className={styles.songRow}>
                <div className={styles.songLine}>
                  <div className={styles.grow}>
                    <h2 id={`song-${song.songId}`} className={styles.rowTitle}>
                      {song.title}
                    </h2>
                    <p className={styles.meta}>
                      <span>{song.artist}</span>
                      <span>{song.genre}</span>
                      <span>{song.bpm} BPM</span>
                      <span>{song.musicalKey}</span>
                      <span>{formatDuration(song.durationSeconds)}</span>
                    </p>
                  </div>
                  {mounted ? <PlayButton track={track} playlist={playlist} fallbackHref={`#audio-${song.songId}`} variant="uber" /> : null}
                </div>
                {song.credits.length > 0 ? (
                  <p className={page.muted}>
                    <span className="visually-hidden">Credits: </span>
                    {song.credits.map((credit) => `${credit.name} (${credit.role})`).join(", ")}
                  </p>
                ) : null}
                {mounted ? null : (
                  <audio
                    id={`audio-${song.songId}`}
                    className={styles.audio}
                    controls
                    controlsList="nodownload noplaybackrate"
                    preload="none"
                    aria-label={SHORTLIST_TEXT.audioLabel(song.title)}
                    data-testid="listen-audio"
                  >
                    <source src={listenAudioPath(token, song.songId)} type={song.contentType ?? undefined} />
                    {SHORTLIST_TEXT.noAudioSupport}
                  </audio>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
