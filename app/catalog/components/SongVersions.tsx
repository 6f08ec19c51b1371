/**
 * A song's alternate versions (instrumental, a cappella, clean, stems; ADR
 * 0082), each with its player: a native <audio controls> that plays without
 * JavaScript, and with it a Play button driving the floating player. The
 * player's one retry after an audio error asks the version's own endpoint for
 * a fresh signed URL. Used on the public song page and in the admin editor
 * (which adds a remove button per version through `actions`).
 */
import type { ReactNode } from "react";
import { CATALOG_TEXT, type VersionKind } from "~/admin/catalog-text";
import * as page from "~/layout/page.css";
import { formatTime } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import * as styles from "~/admin/catalog.css";

export interface VersionView {
  id: string;
  kind: VersionKind;
  label: string;
  durationSeconds: number;
  audioUrl: string;
}

/** The JSON endpoint answering a version's fresh signed URL. */
export const versionAudioUrlPath = (songId: string, kind: VersionKind) => `/api/songs/${encodeURIComponent(songId)}/audio-url?version=${kind}`;

export function SongVersions({
  versions,
  songId,
  songTitle,
  actions,
}: {
  versions: VersionView[];
  songId: string;
  songTitle: string;
  actions?: (version: VersionView) => ReactNode;
}) {
  if (versions.length === 0) return <p className={page.muted}>{CATALOG_TEXT.noVersions}</p>;
  return (
    <ul className={styles.versionList} data-testid="song-versions">
      {versions.map((version) => (
        <li key={version.id} id={`version-${version.kind}`} className={styles.versionItem} data-testid="song-version">
          <div className={styles.versionText}>
            <strong>{version.label}</strong>
            <span className={page.muted}>{formatTime(version.durationSeconds)}</span>
            <audio className={styles.versionAudio} controls preload="none" src={version.audioUrl} aria-label={`${version.label} version of ${songTitle}`}>
              <a href={version.audioUrl}>{CATALOG_TEXT.listen(version.label)}</a>
            </audio>
          </div>
          <div className={styles.inlineForm}>
            <PlayButton
              track={{
                id: version.id,
                url: version.audioUrl,
                title: `${songTitle} (${version.label})`,
                artist: version.label,
                freshUrlEndpoint: versionAudioUrlPath(songId, version.kind),
              }}
              fallbackHref={`#version-${version.kind}`}
              variant="outline"
              size="default"
            />
            {actions?.(version)}
          </div>
        </li>
      ))}
    </ul>
  );
}
