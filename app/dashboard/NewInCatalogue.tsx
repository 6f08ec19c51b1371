/**
 * Songs added to the catalogue since the viewer's last visit, playable in the
 * floating player like the catalogue's own rows (a link to the song page
 * without JavaScript); on a first visit, the newest songs, said so.
 */
import { Link } from "@remix-run/react";
import { SongRow } from "~/catalog/components/SongRow";
import { songPlaylist } from "~/catalog/components/tracks";
import * as catalogStyles from "~/catalog/components/catalog.css";
import { DASHBOARD_TEXT } from "./dashboard-text";
import * as styles from "./dashboard.css";
import { formatMoment } from "./greeting";
import { CATALOGUE_NEWEST_HREF, NEW_SONGS_COUNT_CAP } from "./constants";
import type { NewSongs } from "./new-songs.server";

const T = DASHBOARD_TEXT.newSongs;

export function NewInCatalogue({ newSongs, timeZone }: { newSongs: NewSongs; timeZone: string }) {
  const { songs, since, count } = newSongs;
  const firstVisit = since === null;
  const sinceText = since ? formatMoment(since, timeZone) : "";
  const countText = count !== null && count > NEW_SONGS_COUNT_CAP ? T.moreThan(NEW_SONGS_COUNT_CAP) : T.songs(count ?? songs.length);
  const playlist = songPlaylist(songs);
  return (
    <section className={styles.section} aria-labelledby="new-songs-title" data-testid="new-songs">
      <div className={styles.sectionHead}>
        <h2 id="new-songs-title" className={styles.sectionHeadTitle}>
          {firstVisit ? T.firstVisitTitle : T.title}
        </h2>
      </div>
      {firstVisit ? (
        <p className={styles.sectionLead}>{songs.length > 0 ? T.firstVisitLead : T.emptyCatalogue}</p>
      ) : songs.length > 0 ? (
        <p className={styles.sectionLead}>
          {T.sinceLead(countText, sinceText)} {count !== null && count > songs.length ? T.showingNewest(songs.length) : null}
        </p>
      ) : (
        <div className={styles.emptyState}>
          <p>{T.empty(sinceText)}</p>
        </div>
      )}
      {songs.length > 0 ? (
        <ol className={catalogStyles.trackList} aria-labelledby="new-songs-title">
          {songs.map((song) => (
            <SongRow key={song.id} song={song} playlist={playlist} />
          ))}
        </ol>
      ) : null}
      <Link to={CATALOGUE_NEWEST_HREF} className={styles.moreLink}>
        {T.all}
      </Link>
    </section>
  );
}
