/**
 * The media types declared once (app/shared/media-types.ts), as the storage
 * adapter and the song page read them from a file name, and the avatar
 * initials every member list shows (app/members/initials.ts).
 */
import { describe, expect, it } from "vitest";
import { initials } from "~/members/initials";
import { AUDIO_TYPES, IMAGE_TYPES, mediaTypeOfPath } from "~/shared/media-types";

describe("mediaTypeOfPath", () => {
  it("names the type of every extension the app stores files under", () => {
    for (const type of [...Object.values(AUDIO_TYPES), ...Object.values(IMAGE_TYPES)]) {
      expect(mediaTypeOfPath(`catalogue/abc/audio${type.extension}`)).toBe(type);
    }
  });

  it("knows the other common extensions and ignores case", () => {
    expect(mediaTypeOfPath("a/b.OGA")?.contentType).toBe("audio/ogg");
    expect(mediaTypeOfPath("cover.JPEG")?.contentType).toBe("image/jpeg");
    expect(mediaTypeOfPath("demo/v1/song.WAV")?.contentType).toBe("audio/wav");
  });

  it("names nothing for other files, or a dot in a folder name", () => {
    expect(mediaTypeOfPath("notes.txt")).toBeUndefined();
    expect(mediaTypeOfPath("no-extension")).toBeUndefined();
    expect(mediaTypeOfPath("folder.mp3/file")).toBeUndefined();
  });
});

describe("initials", () => {
  it("takes the first and last name's first letters, or a single name's first two", () => {
    expect(initials("Maya Brooks")).toBe("MB");
    expect(initials("Mary Ann Smith")).toBe("MS");
    expect(initials("  zara  ")).toBe("ZA");
    expect(initials("")).toBe("?");
  });
});
