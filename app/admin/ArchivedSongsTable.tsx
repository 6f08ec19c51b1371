import { Link } from "@remix-run/react";
import * as page from "~/layout/page.css";
import { formatTime } from "~/player/logic";
import type { ArchivedSongRow } from "./archive.server";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export function ArchivedSongsTable({ songs, caption }: { songs: ArchivedSongRow[]; caption: string }) {
  return (
    <div className={page.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={page.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Credits</th>
            <th scope="col">Genre</th>
            <th scope="col">BPM · key</th>
            <th scope="col">Length</th>
            <th scope="col">Archived</th>
          </tr>
        </thead>
        <tbody>
          {songs.map((song) => (
            <tr key={song.id}>
              <th scope="row">
                <Link to={`/admin/archive/song/${song.id}`}>{song.title}</Link>
              </th>
              <td>{song.credits || <span className={page.muted}>No credits</span>}</td>
              <td>{song.genre}</td>
              <td>
                {song.bpm} · {song.musicalKey}
              </td>
              <td>{formatTime(song.durationSeconds)}</td>
              <td>
                <time dateTime={song.archivedAt}>{dateFormat.format(new Date(song.archivedAt))}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
