/**
 * The applicant's tracks on the review page, with the floating player in
 * collab or solo mode (SPEC §4 "Audio"). The player's queue spans the
 * neighbouring applicants in the queue's order: [previous, this one, next].
 * When Next crosses from a collab track to another applicant, or Previous from
 * a solo track, the player asks the page (useApplicantNavigation) instead of
 * playing, and the page moves to that applicant's page and plays there.
 *
 * Without JavaScript (and before hydration) every track is the browser's own
 * <audio>; the page's "Previous applicant" / "Next applicant" links move on.
 */
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo } from "react";
import * as page from "~/layout/page.css";
import type { ApplicantNavigation } from "~/player/controller";
import { usePlayer, useApplicantNavigation } from "~/player/context";
import { formatTime, type Track } from "~/player/logic";
import { PlayButton } from "~/player/PlayButton";
import { Button, ButtonLink } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";
import { REVIEW_TEXT } from "./review-text";
import * as styles from "./review.css";

export type Mode = "collab" | "solo";

export interface PlayerTrack {
  id: string;
  url: string;
  title: string;
  artist: string;
  mode: Mode;
  durationSeconds: number;
  freshUrlEndpoint?: string;
}

export interface Neighbour {
  id: string;
  name: string;
  publicKey: string;
  tracks: PlayerTrack[];
}

const toTrack = (t: PlayerTrack): Track => ({ id: t.id, url: t.url, title: t.title, artist: t.artist, freshUrlEndpoint: t.freshUrlEndpoint });

/** The queue for one mode: the previous applicant's group, this applicant's, the next one's. */
export function reviewPlaylist(mode: Mode, current: PlayerTrack[], previous: Neighbour | null, next: Neighbour | null): Track[] {
  return [...(previous?.tracks ?? []), ...current, ...(next?.tracks ?? [])].filter((t) => t.mode === mode).map(toTrack);
}

/** Where a navigation state asks this page to start playing (set by the previous page's crossing). */
interface PlayState {
  play?: string;
}

export function ReviewPlayer({
  tracks,
  previous,
  next,
  mode,
  hrefFor,
}: {
  tracks: PlayerTrack[];
  previous: Neighbour | null;
  next: Neighbour | null;
  mode: Mode;
  /** The page of another applicant (or this one) in a mode, keeping the queue's filter and order. */
  hrefFor: (applicationId: string | null, mode: Mode) => string;
}) {
  const mounted = useMounted();
  const player = usePlayer();
  const navigate = useNavigate();
  const location = useLocation();
  const playlists = useMemo(
    () => ({ collab: reviewPlaylist("collab", tracks, previous, next), solo: reviewPlaylist("solo", tracks, previous, next) }),
    [tracks, previous, next],
  );

  const onApplicantNavigation = useCallback(
    (navigation: ApplicantNavigation) => {
      // Next crosses in collab mode, previous in solo mode (SPEC §4).
      const crossingMode: Mode = navigation.direction === "next" ? "collab" : "solo";
      const target = [previous, next].find((n) => n?.publicKey === navigation.toApplicantId);
      const group = (target?.tracks ?? tracks).filter((t) => t.mode === crossingMode);
      const track = navigation.direction === "next" ? group[0] : group.at(-1);
      if (!target) {
        // Back to this page's own applicant: just play.
        const own = track && playlists[crossingMode].find((t) => t.id === track.id);
        if (own) player.playTrack(own, playlists[crossingMode]);
        return;
      }
      navigate(hrefFor(target.id, crossingMode), { state: { play: track?.id } satisfies PlayState });
    },
    [previous, next, tracks, playlists, player, navigate, hrefFor],
  );
  useApplicantNavigation(onApplicantNavigation);

  // Arriving from a crossing: play the track the previous page asked for, in this page's queue.
  useEffect(() => {
    const wanted = (location.state as PlayState | null)?.play;
    if (!wanted) return;
    for (const list of [playlists.collab, playlists.solo]) {
      const track = list.find((t) => t.id === wanted);
      if (track) {
        player.playTrack(track, list);
        return;
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const own = tracks.filter((t) => t.mode === mode);
  const first = own[0] ? playlists[mode].find((t) => t.id === own[0]!.id) : undefined;

  return (
    <div className={styles.stack}>
      <div className={styles.modeForm}>
        <nav aria-label={REVIEW_TEXT.modeLegend}>
          <ul className={styles.filterList}>
            {(["collab", "solo"] as const).map((m) => (
              <li key={m}>
                <ButtonLink
                  to={hrefFor(null, m)}
                  replace
                  preventScrollReset
                  variant={m === mode ? "default" : "outline"}
                  aria-current={m === mode ? "true" : undefined}
                >
                  {m === "collab" ? REVIEW_TEXT.modeCollab : REVIEW_TEXT.modeSolo}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </nav>
        {mounted ? (
          <Button type="button" variant="secondary" disabled={!first} onClick={() => first && player.playTrack(first, playlists[mode])} data-testid="play-group">
            {REVIEW_TEXT.playGroup(mode)}
          </Button>
        ) : null}
      </div>
      <p className={page.muted}>{REVIEW_TEXT.modeHint}</p>
      {(["collab", "solo"] as const).map((m) => {
        const group = tracks.filter((t) => t.mode === m);
        const headingId = `tracks-${m}`;
        return (
          <section key={m} className={styles.trackGroup} aria-labelledby={headingId}>
            <h3 id={headingId}>{m === "collab" ? REVIEW_TEXT.collabTitle : REVIEW_TEXT.soloTitle}</h3>
            {group.length === 0 ? (
              <p className={page.muted}>{REVIEW_TEXT.noTracks}</p>
            ) : (
              <ol className={styles.trackList}>
                {group.map((track) => {
                  const asTrack = playlists[m].find((t) => t.id === track.id) ?? toTrack(track);
                  return (
                    <li key={track.id} className={styles.trackRow} data-track-id={track.id}>
                      {mounted ? <PlayButton track={asTrack} playlist={playlists[m]} fallbackHref={track.url} /> : null}
                      <span className={styles.trackTitle}>{track.title}</span>
                      <span className={page.muted}>{formatTime(track.durationSeconds)}</span>
                      {mounted ? null : (
                        <audio className={styles.nativeAudio} controls preload="none" src={track.url} aria-label={`${track.title}, ${m}`} />
                      )}
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}
