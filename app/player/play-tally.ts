/**
 * When a play counts (issue 12 §1, ADR 0079): once per play of a track, when
 * 30 s of listening have accumulated, or the song ended having been listened
 * to (a song shorter than 30 s: the whole song, less a little timer slack),
 * whichever comes first. Only playback counts: a seek is not listening (a jump
 * of the position is never added), nor is time spent paused.
 *
 * Pure bookkeeping over the positions the <audio> element reports, so the
 * rule is unit-tested without a browser (play-tally.test.ts); the controller
 * feeds it and sends the report. It never touches React state: the position
 * changes several times a second.
 */

export const PLAY_COUNT_SECONDS = 30;
/** The largest step between two position reports that is still playback (timeupdate fires every 250 ms or so). */
const MAX_PLAYBACK_STEP_SECONDS = 2;
/** A song shorter than PLAY_COUNT_SECONDS counts once this close to its whole length has been heard. */
const SHORT_SONG_SLACK_SECONDS = 1.5;

export function listenedEnough(listened: number, durationSeconds: number): boolean {
  const whole = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : Number.POSITIVE_INFINITY;
  const needed = Math.min(PLAY_COUNT_SECONDS, Math.max(1, whole - SHORT_SONG_SLACK_SECONDS));
  return listened >= needed;
}

export class PlayTally {
  private key: string | null = null;
  private listened = 0;
  private last = 0;
  private reported = false;

  /** Seconds listened in the current play (for tests and diagnostics). */
  get seconds(): number {
    return this.listened;
  }

  /** A new play (a new track, or the same one loaded again) starts at `position`. */
  start(key: string | null, position = 0) {
    this.key = key;
    this.listened = 0;
    this.last = position;
    this.reported = false;
  }

  /** The position jumped (a seek): the next step is measured from here. */
  seeked(position: number) {
    this.last = position;
  }

  /**
   * The element reports its position while `key` plays. Returns true exactly
   * once per play: when this step made the play count.
   */
  tick(key: string | null, position: number, durationSeconds: number): boolean {
    if (key !== this.key) this.start(key, position);
    const step = position - this.last;
    this.last = position;
    if (step > 0 && step <= MAX_PLAYBACK_STEP_SECONDS) this.listened += step;
    return this.claim(durationSeconds);
  }

  /** The song ended: counts if it was listened to (the last stretch included). */
  ended(key: string | null, position: number, durationSeconds: number): boolean {
    return this.tick(key, position, durationSeconds);
  }

  private claim(durationSeconds: number): boolean {
    if (this.key === null || this.reported || !listenedEnough(this.listened, durationSeconds)) return false;
    this.reported = true;
    return true;
  }
}
