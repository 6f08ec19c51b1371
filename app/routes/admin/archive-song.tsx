/**
 * /admin/archive/song/{songId} (admin guard): one archived song with its
 * credits, details, lyrics and audio. Unknown ids and songs still in the
 * catalogue answer 404 with a way back to the archive.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getArchivedSong } from "~/admin/archive.server";
import { CreditsTable } from "~/catalog/components/CreditsTable";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import * as memberStyles from "~/members/members.css";
import { formatTime } from "~/player/logic";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && "song" in loaded ? loaded.song.title : "Archived song"} | Admin | ${PRODUCT_NAME}` },
];

const route = defineRoute({
  access: "admin",
  async load({ db, params }) {
    const songId = params.songId ?? "";
    const found = await getArchivedSong(db, songId);
    if (!found) return data({ missing: songId } as const, { status: 404 });
    const { song, audioUrl } = found;
    return {
      song: {
        id: song.id,
        title: song.title,
        credits: song.credits,
        genre: song.genre,
        moods: song.moods,
        bpm: song.bpm,
        musicalKey: song.musicalKey,
        durationSeconds: song.durationSeconds,
        lyrics: song.lyrics,
        updatedAt: song.updatedAt,
      },
      audioUrl,
    };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

export default function AdminArchivedSongRoute() {
  const loaded = useLoaderData<typeof loader>();
  if ("missing" in loaded) {
    return (
      <>
        <PageHeader eyebrow="Admin · Archive" title="Archived song" />
        <EmptyState
          icon="archive"
          title="This song isn't in the archive"
          actions={
            <ButtonLink to="/admin/archive/browse" variant="outline">
              Browse the archive
            </ButtonLink>
          }
        >
          No archived song has the id <code>{loaded.missing}</code>; songs still in the catalogue open from the catalogue instead.
        </EmptyState>
      </>
    );
  }
  const { song, audioUrl } = loaded;
  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to="/admin/archive/browse">← Archive</Link>
      </nav>
      <PageHeader eyebrow="Admin · Archived song" title={song.title} lead={`Archived ${dateFormat.format(new Date(song.updatedAt))}. Not visible in the public catalogue.`} />
      <section className={page.card} aria-labelledby="listen-title">
        <h2 id="listen-title" className={page.sectionTitle}>
          Listen
        </h2>
        <audio controls preload="none" src={audioUrl} style={{ width: "100%" }}>
          <a href={audioUrl}>Download the audio</a>
        </audio>
      </section>
      <div className={memberStyles.profileGrid}>
        <section className={page.card} aria-labelledby="credits-title">
          <h2 id="credits-title" className={page.sectionTitle}>
            Credits
          </h2>
          <CreditsTable credits={song.credits} />
        </section>
        <section className={page.card} aria-labelledby="details-title">
          <h2 id="details-title" className={page.sectionTitle}>
            Details
          </h2>
          <dl className={memberStyles.detailList}>
            {[
              ["Genre", song.genre],
              ["Moods", song.moods.join(", ") || "None listed"],
              ["Tempo and key", `${song.bpm} BPM · ${song.musicalKey}`],
              ["Length", formatTime(song.durationSeconds)],
            ].map(([term, value]) => (
              <div key={term}>
                <dt className={memberStyles.detailTerm}>{term}</dt>
                <dd className={memberStyles.detailValue}>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      {song.lyrics ? (
        <section className={page.card} aria-labelledby="lyrics-title">
          <h2 id="lyrics-title" className={page.sectionTitle}>
            Lyrics
          </h2>
          <p className={memberStyles.bio}>{song.lyrics}</p>
        </section>
      ) : null}
    </>
  );
}
