/**
 * /song/{songId}: one catalogue song. Everything a pitch needs on one page:
 * metadata, credits with roles and splits, lyrics, and the audio, which plays
 * without JavaScript in a native <audio controls>; with JavaScript the Play
 * button and the waveform drive the floating player. Archived or unknown
 * songs are a 404 (archived songs live in the admin archive only).
 */
import type { LoaderFunctionArgs, MetaDescriptor, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CreditsTable } from "~/catalog/components/CreditsTable";
import { songTrack, isoDuration } from "~/catalog/components/tracks";
import { Waveform } from "~/catalog/components/Waveform";
import { SongVersions } from "~/catalog/components/SongVersions";
import { CATALOG_TEXT } from "~/admin/catalog-text";
import { signedSongVersions } from "~/catalog/versions.server";
import * as styles from "~/catalog/components/catalog.css";
import { getSong, signedArtworkUrl, signedAudioUrl, songArtist } from "~/catalog/songs.server";
import { VOCAL_TYPES } from "~/catalog/facets";
import { holdsForSongPage } from "~/holds/holds.server";
import { SongHoldPanel } from "~/holds/HoldViews";
import { isApprovedAR } from "~/auth/viewer";
import { AddToShortlist } from "~/shortlists/AddToShortlist";
import { shortlistChoices } from "~/shortlists/shortlists.server";
import type { Credit } from "~/catalog/types";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { StructuredData } from "~/layout/StructuredData";
import { formatTime } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { useNonce } from "~/platform/nonce";
import { PRODUCT_NAME } from "~/shared/constants";
import { mediaTypeOfPath } from "~/shared/media-types";
import { ButtonLink } from "~/ui/Button";

/** The <audio> type hint: what the stored file's name says it holds (uploads are named by their detected type). */
function audioType(path: string): string | undefined {
  const type = mediaTypeOfPath(path);
  return type?.kind === "audio" ? type.contentType : undefined;
}

function absolute(origin: string, url: string | null): string | null {
  if (!url) return null;
  return new URL(url, origin).toString();
}

const route = defineRoute({
  access: "public-viewer",
  async load({ params, url, db, viewer, storage }) {
    // getSong answers null for anything that is not a song id.
    const song = await getSong(db, params.songId ?? "");
    if (!song || song.status !== "catalogue") throw new Response(null, { status: 404 });

    const origin = url.origin;
    // Holds: admins see every hold, an approved A&R their own, anyone else nothing (ADR 0073).
    // "Add to shortlist": approved A&R (and admins) only; null for everyone else (ADR 0074).
    // Alternate versions (ADR 0082): each with its own signed URL, played like the song.
    const [audioUrl, artworkUrl, holds, shortlists, versions] = await Promise.all([
      signedAudioUrl(song),
      signedArtworkUrl(song),
      holdsForSongPage(db, song.id, viewer),
      isApprovedAR(viewer) ? shortlistChoices(db, viewer!.id, song.id) : null,
      signedSongVersions(db, storage, song.id),
    ]);
    return {
      origin,
      audioUrl,
      audioType: audioType(song.audioPath) ?? null,
      artworkUrl,
      holds,
      shortlists,
      versions: versions.map(({ id, kind, label, durationSeconds, audioUrl: versionUrl }) => ({ id, kind, label, durationSeconds, audioUrl: versionUrl })),
      song: {
        id: song.id,
        title: song.title,
        artist: songArtist(song),
        writers: song.writers,
        producers: song.producers,
        credits: song.credits,
        genre: song.genre,
        moods: song.moods,
        bpm: song.bpm,
        musicalKey: song.musicalKey,
        vocalType: song.vocalType,
        explicit: song.explicit,
        durationSeconds: song.durationSeconds,
        lyrics: song.lyrics,
        featured: song.featured,
        peaks: song.peaks,
        createdAt: song.createdAt,
      },
    };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export const ErrorBoundary = RouteErrorBoundary;

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Song not found | ${PRODUCT_NAME}` }];
  const { song, origin, audioUrl, audioType: type, artworkUrl } = data;
  const url = `${origin}/song/${song.id}`;
  const description = `${song.title} by ${song.artist}: ${song.genre}, ${song.bpm} BPM, ${song.musicalKey}, ${formatTime(song.durationSeconds)}.`;
  const tags: MetaDescriptor[] = [
    { title: `${song.title} by ${song.artist} | ${PRODUCT_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: song.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "music.song" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:audio", content: absolute(origin, audioUrl)! },
    { property: "music:duration", content: String(Math.round(song.durationSeconds)) },
  ];
  if (type) tags.push({ property: "og:audio:type", content: type });
  const image = absolute(origin, artworkUrl);
  if (image) tags.push({ property: "og:image", content: image });
  return tags;
};

function people(credits: Credit[]) {
  return credits.map((c) => ({ "@type": "Person", name: c.name }));
}

/** schema.org MusicRecording, with the composition (writers, lyrics, key) it records. */
function recordingStructuredData({ song, origin, audioUrl, audioType: type, artworkUrl }: LoaderData) {
  const url = `${origin}/song/${song.id}`;
  const artists = song.credits.filter((c) => c.role === "artist");
  const lyricists = song.credits.filter((c) => c.role === "lyricist" || c.role === "topliner");
  return {
    "@context": "https://schema.org",
    "@type": "MusicRecording",
    "@id": url,
    name: song.title,
    url,
    duration: isoDuration(song.durationSeconds),
    genre: song.genre,
    keywords: song.moods.join(", "),
    byArtist: people(artists.length > 0 ? artists : song.writers),
    producer: people(song.producers),
    image: absolute(origin, artworkUrl) ?? undefined,
    audio: {
      "@type": "AudioObject",
      contentUrl: absolute(origin, audioUrl),
      encodingFormat: type ?? undefined,
      duration: isoDuration(song.durationSeconds),
    },
    recordingOf: {
      "@type": "MusicComposition",
      name: song.title,
      composer: people(song.writers),
      lyricist: lyricists.length > 0 ? people(lyricists) : undefined,
      musicalKey: song.musicalKey,
      lyrics: song.lyrics ? { "@type": "CreativeWork", text: song.lyrics } : undefined,
    },
    publisher: { "@type": "Organization", name: PRODUCT_NAME, url: origin },
  };
}

export default function SongRoute() {
  const data = useLoaderData<typeof loader>();
  const { song, audioUrl, artworkUrl } = data;
  const nonce = useNonce();
  const track = songTrack({ ...song, audioUrl, artworkUrl });

  return (
    <div className={`${container} ${page.page}`}>
      <StructuredData nonce={nonce} data={recordingStructuredData(data)} />
      <nav aria-label="Breadcrumb">
        <Link to="/music-catalog" className={styles.breadcrumb}>
          <span aria-hidden="true">←</span> Music catalogue
        </Link>
      </nav>

      <section className={styles.songHero} aria-labelledby="song-title">
        {artworkUrl ? (
          <img className={styles.cover} src={artworkUrl} alt={`Artwork for ${song.title}`} width={200} height={200} />
        ) : (
          <div className={styles.cover} aria-hidden="true">
            <svg width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
              <path d="M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zm12-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0z" />
            </svg>
          </div>
        )}
        <div className={styles.heroText}>
          <div>
            <p className={page.eyebrow}>
              {song.genre}
              {song.featured ? " · Featured" : ""}
            </p>
            <h1 id="song-title" className={styles.songTitle}>
              {song.title}
            </h1>
            <p className={styles.songArtist}>by {song.artist}</p>
          </div>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>Tempo</dt>
              <dd>{song.bpm} BPM</dd>
            </div>
            <div className={styles.fact}>
              <dt>Key</dt>
              <dd>{song.musicalKey}</dd>
            </div>
            <div className={styles.fact}>
              <dt>Length</dt>
              <dd>{formatTime(song.durationSeconds)}</dd>
            </div>
            <div className={styles.fact}>
              <dt>Genre</dt>
              <dd>{song.genre}</dd>
            </div>
            {song.vocalType ? (
              <div className={styles.fact}>
                <dt>Vocal</dt>
                <dd>{VOCAL_TYPES.find((type) => type.value === song.vocalType)?.label ?? song.vocalType}</dd>
              </div>
            ) : null}
            <div className={styles.fact}>
              <dt>Lyrics</dt>
              <dd>{song.explicit ? "Explicit" : "Clean"}</dd>
            </div>
          </dl>
          {song.moods.length > 0 ? (
            <ul className={page.chipList} aria-label="Moods">
              {song.moods.map((mood) => (
                <li key={mood} className={page.chip}>
                  {mood}
                </li>
              ))}
            </ul>
          ) : null}
          <div className={styles.heroActions}>
            {track ? <PlayButton track={track} fallbackHref="#listen" variant="uber" size="lg" /> : null}
            <ButtonLink to={`/music-catalog?genre=${encodeURIComponent(song.genre)}`} variant="outline" size="lg">
              More {song.genre}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section id="listen" className={styles.listenCard} aria-labelledby="listen-heading">
        <h2 id="listen-heading" className={page.sectionTitle} style={{ marginBottom: 0 }}>
          Listen
        </h2>
        <Waveform peaks={song.peaks} track={track} durationSeconds={song.durationSeconds} title={song.title} />
        <audio className={styles.nativeAudio} controls preload="metadata" src={audioUrl} aria-label={`Audio of ${song.title}`}>
          <a href={audioUrl}>Download {song.title}</a>
        </audio>
      </section>

      {data.versions.length > 0 ? (
        <section className={styles.listenCard} aria-labelledby="versions-heading" data-testid="public-song-versions">
          <h2 id="versions-heading" className={page.sectionTitle} style={{ marginBottom: 0 }}>
            {CATALOG_TEXT.versionsTitle}
          </h2>
          <SongVersions versions={data.versions} songId={song.id} songTitle={song.title} />
        </section>
      ) : null}

      <SongHoldPanel songId={song.id} songTitle={song.title} holds={data.holds} />
      {data.shortlists ? <AddToShortlist songId={song.id} songTitle={song.title} choices={data.shortlists} /> : null}

      <div className={styles.twoColumns}>
        <section aria-labelledby="credits-heading">
          <h2 id="credits-heading" className={page.sectionTitle}>
            Credits and splits
          </h2>
          <CreditsTable credits={song.credits} />
        </section>
        <section aria-labelledby="lyrics-heading">
          <h2 id="lyrics-heading" className={page.sectionTitle}>
            Lyrics
          </h2>
          {song.lyrics ? (
            <pre className={styles.lyrics}>{song.lyrics}</pre>
          ) : (
            <p className={page.muted}>No lyrics are registered for this song (it may be an instrumental).</p>
          )}
        </section>
      </div>
    </div>
  );
}
