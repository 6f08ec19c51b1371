/** A catalogue song for integration tests: one writer credited 100 %, plain metadata unless overridden. */
import type { NewSong } from "~/catalog/song-records.server";

export function newSong(title: string, extra: Partial<NewSong> = {}): NewSong {
  return {
    title,
    genre: "Pop",
    moods: ["warm"],
    bpm: 100,
    musicalKey: "C major",
    durationSeconds: 60,
    audioPath: `x/${title}.wav`,
    credits: [{ memberId: null, name: "Ellie Hart", role: "writer", split: 100 }],
    ...extra,
  };
}
