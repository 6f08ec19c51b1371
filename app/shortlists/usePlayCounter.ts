/**
 * Counts plays on a shared shortlist page (browser only). It watches the
 * floating player: when a song of THIS share has played 30 s (or, when it is
 * shorter, the whole song, less timer slack), it reports once to
 * POST /api/listen/<token>/<songId> (intent "played"). The server decides
 * whether it counts: it refuses a report that comes sooner after the audio
 * fetch than the playback could have taken, and counts once per listener,
 * song and day. Seeks do not count as playback (only steps of at most 2 s).
 */
import { useEffect } from "react";
import { usePlayer } from "~/player/context";
import { listenAudioPath, PLAY_THRESHOLD_SECONDS } from "./constants";

/** Seconds of playback after which the browser reports (the server allows a second of slack). */
export function reportAfterSeconds(durationSeconds: number): number {
  return durationSeconds < PLAY_THRESHOLD_SECONDS ? Math.max(0, durationSeconds - 0.75) : PLAY_THRESHOLD_SECONDS;
}

async function reportPlay(token: string, songId: string) {
  try {
    await fetch(listenAudioPath(token, songId), {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ intent: "played" }).toString(),
    });
  } catch {
    // A lost report is a lost count, nothing the listener needs to know.
  }
}

export function usePlayCounter(token: string, durations: Record<string, number>) {
  const player = usePlayer();
  useEffect(() => {
    const prefix = listenAudioPath(token, "");
    const reported = new Set<string>();
    let currentKey: string | null = null;
    let played = 0;
    let last = 0;
    const onTime = () => {
      const state = player.getState();
      const track = state.track;
      if (!track || !track.url.startsWith(prefix)) return;
      const songId = track.songId ?? track.id;
      const time = player.getTime();
      const key = `${songId}:${state.loadKey}`;
      if (key !== currentKey) {
        currentKey = key;
        played = 0;
        last = time;
        return;
      }
      const delta = time - last;
      last = time;
      if (delta > 0 && delta <= 2) played += delta;
      const duration = durations[songId] ?? (state.duration > 0 ? state.duration : PLAY_THRESHOLD_SECONDS);
      if (!reported.has(songId) && played >= reportAfterSeconds(duration)) {
        reported.add(songId);
        void reportPlay(token, songId);
      }
    };
    return player.subscribeTime(onTime);
  }, [player, token, durations]);
}
