/**
 * The room's player (issue 14 §2, ADR 0092).
 *
 * With JavaScript, one <audio> follows the host's timeline: it loads the
 * current item, starts at the timeline's position on the server's clock
 * (useServerClock), and several times a second compares where it is with
 * where the room is, correcting by playback rate when slightly off and by a
 * seek only when far off (app/party/sync.ts). A listener whose audio waits
 * for data tells the room (Buffering), and catches up when it can play. The
 * fast-changing position stays in refs: only the small sync read-out
 * re-renders, once a second.
 *
 * Without JavaScript the same element is a native player whose source starts
 * at the position the page was rendered at (a media fragment), with a line
 * saying it will not follow the host by itself.
 */
import { useEffect, useRef, useState } from "react";
import { PARTY_TEXT, partyItemAudioPath } from "./constants";
import { formatClock } from "./format";
import * as styles from "./party.css";
import type { QueueItemView } from "./room-state";
import { correctionFor, mediaFragment, positionAt, type Timeline } from "./sync";
import { Button } from "~/ui/Button";
import { createDebug } from "~/enhance/debug/debug";

/** The sync loop's decisions (starts, seeks, rate changes), for the dev tools and debug=1. */
const debugSync = createDebug("party");

const TICK_MS = 200;
/** A seek lands a little late (the decoder restarts): aim slightly ahead. */
const SEEK_LEAD_MS = 40;
/** After a seek or a start, how long the loop lets the decoder settle before judging again. */
const SETTLE_MS = 400;
/** After a failed download, the wait before asking again. */
const RETRY_MS = 1_000;

export function PartyPlayer({
  partyId,
  timeline,
  current,
  renderedPositionMs,
  serverNow,
  scripted,
  onBuffering,
  onEnded,
}: {
  partyId: string;
  timeline: Timeline;
  current: QueueItemView | null;
  /** The timeline's position when the page was rendered (for the native player). */
  renderedPositionMs: number;
  serverNow: () => number;
  /** JavaScript runs (after hydration). */
  scripted: boolean;
  onBuffering: (state: "buffering" | "ready") => void;
  onEnded: (itemId: string) => void;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const timelineRef = useRef(timeline);
  const currentRef = useRef(current);
  const driftRef = useRef<number | null>(null);
  const [listening, setListening] = useState(false);
  const [volume, setVolume] = useState(1);
  timelineRef.current = timeline;
  currentRef.current = current;

  // A new item: load it (the loop below places and starts it).
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !scripted) return;
    if (!current) {
      audio.pause();
      audio.removeAttribute("src");
      delete audio.dataset.itemId;
      return;
    }
    if (audio.dataset.itemId !== current.id) {
      audio.dataset.itemId = current.id;
      audio.src = partyItemAudioPath(partyId, current.id);
      audio.load();
    }
  }, [current, partyId, scripted]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);

  // The sync loop: only while the listener has chosen to listen (browsers need that click to play sound).
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !scripted) return;
    if (!listening) {
      audio.pause();
      driftRef.current = null;
      return;
    }
    // A seek or a start takes the decoder a moment: judge the position again only once it has settled.
    let settleUntil = 0;
    const settle = () => (settleUntil = performance.now() + SETTLE_MS);
    // Logged on change only: the loop runs five times a second.
    let loggedRate = 1;
    const tick = () => {
      if (audio.seeking || performance.now() < settleUntil) return;
      const line = timelineRef.current;
      const item = currentRef.current;
      if (!item || !audio.currentSrc || audio.dataset.itemId !== item.id || line.itemId !== item.id) return;
      const target = positionAt(line, serverNow(), item.durationMs);
      if (!line.playing || target >= item.durationMs) {
        if (!audio.paused) audio.pause();
        audio.playbackRate = 1;
        if (audio.readyState >= 1 && Math.abs(audio.currentTime * 1000 - target) > 250) audio.currentTime = target / 1000;
        driftRef.current = null;
        return;
      }
      if (audio.readyState < 1) return;
      if (audio.paused) {
        debugSync("start", { itemId: item.id, atMs: Math.round(target) });
        audio.currentTime = (target + SEEK_LEAD_MS) / 1000;
        audio.playbackRate = 1;
        settle();
        void audio.play().catch(() => setListening(false));
        return;
      }
      const drift = audio.currentTime * 1000 - target;
      driftRef.current = drift;
      const correction = correctionFor(drift, target);
      if (correction.kind === "seek") {
        debugSync("seek", { driftMs: Math.round(drift), toMs: Math.round(correction.toMs) });
        audio.playbackRate = 1;
        audio.currentTime = (correction.toMs + SEEK_LEAD_MS) / 1000;
        settle();
      } else {
        const rate = correction.kind === "rate" ? correction.rate : 1;
        if (rate !== loggedRate) debugSync("rate", { driftMs: Math.round(drift), rate });
        loggedRate = rate;
        audio.playbackRate = rate;
      }
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [listening, scripted, serverNow]);

  // Buffering: tell the room (at most once per change), and when it ends.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !scripted) return;
    let state: "buffering" | "ready" = "ready";
    const set = (next: "buffering" | "ready") => {
      if (next === state) return;
      state = next;
      onBuffering(next);
    };
    const waiting = () => timelineRef.current.playing && set("buffering");
    const playing = () => set("ready");
    const ended = () => {
      if (currentRef.current) onEnded(currentRef.current.id);
    };
    // A weak network drops the download: say so, and try again (a fresh signed link each time) until it plays.
    let retry: ReturnType<typeof setTimeout> | undefined;
    const failed = () => {
      set("buffering");
      clearTimeout(retry);
      retry = setTimeout(() => {
        const item = currentRef.current;
        if (!item || audio.dataset.itemId !== item.id) return;
        audio.src = partyItemAudioPath(partyId, item.id);
        audio.load();
      }, RETRY_MS);
    };
    audio.addEventListener("waiting", waiting);
    audio.addEventListener("playing", playing);
    audio.addEventListener("ended", ended);
    audio.addEventListener("error", failed);
    return () => {
      clearTimeout(retry);
      audio.removeEventListener("error", failed);
      audio.removeEventListener("waiting", waiting);
      audio.removeEventListener("playing", playing);
      audio.removeEventListener("ended", ended);
    };
  }, [onBuffering, onEnded, partyId, scripted]);

  const nativeSrc = current && !scripted ? `${partyItemAudioPath(partyId, current.id)}${mediaFragment(renderedPositionMs)}` : undefined;
  return (
    <div className={styles.nowPlaying}>
      <audio
        ref={audioRef}
        className={styles.audio}
        controls={!scripted}
        preload={scripted ? "auto" : "none"}
        src={nativeSrc}
        data-party-audio=""
        data-timeline={JSON.stringify(timeline)}
        aria-label={current ? `Now playing: ${current.title}` : "The room's player"}
      />
      {scripted ? (
        <div className={styles.controls}>
          <Button variant={listening ? "outline" : "default"} onClick={() => setListening((on) => !on)} aria-pressed={listening} data-testid="listen-toggle">
            {listening ? "Stop listening" : "Start listening"}
          </Button>
          <label className={styles.inlineForm}>
            Volume
            <input type="range" min={0} max={1} step={0.01} value={volume} onChange={(event) => setVolume(Number(event.currentTarget.value))} />
          </label>
          <SyncReadout driftRef={driftRef} listening={listening} timeline={timeline} durationMs={current?.durationMs} serverNow={serverNow} />
        </div>
      ) : (
        <p className={styles.syncStatus} data-testid="no-js-note">
          {PARTY_TEXT.noJs}
        </p>
      )}
    </div>
  );
}

/** Where the room is and how close this listener follows it: re-rendered once a second, alone. */
function SyncReadout({
  driftRef,
  listening,
  timeline,
  durationMs,
  serverNow,
}: {
  driftRef: React.MutableRefObject<number | null>;
  listening: boolean;
  timeline: Timeline;
  durationMs?: number;
  serverNow: () => number;
}) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const position = positionAt(timeline, serverNow(), durationMs);
  const drift = driftRef.current;
  return (
    <p className={styles.syncStatus} data-testid="sync-readout">
      {formatClock(position)}
      {durationMs ? ` / ${formatClock(durationMs)}` : ""}
      {timeline.playing ? "" : " · Paused"}
      {listening && drift !== null ? ` · ${Math.abs(drift) <= 100 ? "In sync" : "Catching up"} (${Math.round(drift)} ms)` : ""}
    </p>
  );
}
