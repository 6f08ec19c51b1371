import { describe, expect, it } from "vitest";
import { listenedEnough, PlayTally } from "./play-tally";

/** Plays from `from` to `to` in steps of 0.25 s, returning how many times the tally said "count". */
function play(tally: PlayTally, key: string, from: number, to: number, duration = 200): number {
  let counted = 0;
  for (let t = from; t <= to + 1e-9; t += 0.25) if (tally.tick(key, Math.round(t * 100) / 100, duration)) counted += 1;
  return counted;
}

describe("PlayTally", () => {
  it("counts once, at 30 s of listening", () => {
    const tally = new PlayTally();
    tally.start("song-a:1");
    expect(play(tally, "song-a:1", 0, 29.75)).toBe(0);
    expect(play(tally, "song-a:1", 30, 30)).toBe(1);
    expect(play(tally, "song-a:1", 30.25, 120)).toBe(0);
  });

  it("does not count a seek as listening", () => {
    const tally = new PlayTally();
    tally.start("song-a:1");
    play(tally, "song-a:1", 0, 10);
    // Jump to 2:00 (the element reports the new position after a seek).
    tally.seeked(120);
    expect(tally.tick("song-a:1", 120, 200)).toBe(false);
    expect(tally.seconds).toBeCloseTo(10, 5);
    // A jump without a seek event (a lost event) is not listening either.
    expect(tally.tick("song-a:1", 150, 200)).toBe(false);
    expect(tally.seconds).toBeCloseTo(10, 5);
    expect(play(tally, "song-a:1", 150.25, 169.75)).toBe(0);
    expect(play(tally, "song-a:1", 170, 170.25)).toBe(1);
  });

  it("does not count going back, nor the same position again (paused)", () => {
    const tally = new PlayTally();
    tally.start("k");
    play(tally, "k", 0, 20);
    tally.tick("k", 5, 200);
    for (let i = 0; i < 100; i++) tally.tick("k", 5, 200);
    expect(tally.seconds).toBeCloseTo(20, 5);
  });

  it("counts a short song listened to the end, not one skipped through", () => {
    const whole = new PlayTally();
    whole.start("short:1");
    expect(play(whole, "short:1", 0, 18.25, 20)).toBe(0);
    expect(play(whole, "short:1", 18.5, 18.5, 20)).toBe(1);
    expect(whole.ended("short:1", 20, 20)).toBe(false); // already counted: once per play

    const skipped = new PlayTally();
    skipped.start("short:2");
    play(skipped, "short:2", 0, 3, 20);
    skipped.seeked(19.5);
    expect(skipped.ended("short:2", 20, 20)).toBe(false);
  });

  it("starts over for a new play of a track (a new load key), and counts again", () => {
    const tally = new PlayTally();
    tally.start("song-a:1");
    expect(play(tally, "song-a:1", 0, 31)).toBe(1);
    expect(play(tally, "song-a:2", 0, 31)).toBe(1);
    // Switching tracks halfway: the second track's listening starts from zero.
    expect(play(tally, "song-b:3", 0, 20)).toBe(0);
    expect(play(tally, "song-c:4", 0, 20)).toBe(0);
  });

  it("counts nothing without a key (no catalogue song)", () => {
    const tally = new PlayTally();
    expect(play(tally, null as unknown as string, 0, 60)).toBe(0);
  });
});

describe("listenedEnough", () => {
  it("asks 30 s of a long song, nearly all of a short one", () => {
    expect(listenedEnough(29.9, 200)).toBe(false);
    expect(listenedEnough(30, 200)).toBe(true);
    expect(listenedEnough(18, 20)).toBe(false);
    expect(listenedEnough(18.5, 20)).toBe(true);
    expect(listenedEnough(30, Number.NaN)).toBe(true);
    expect(listenedEnough(1, 0.5)).toBe(true);
  });
});
