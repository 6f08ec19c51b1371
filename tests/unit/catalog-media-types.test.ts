import { describe, expect, it } from "vitest";
import { detectAudioType, detectImageType, id3TagLength } from "~/catalog/media-types";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));
const pad = (data: Uint8Array, length = 64) => {
  const out = new Uint8Array(Math.max(length, data.length));
  out.set(data);
  return out;
};

// MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo.
const MP3_FRAME = [0xff, 0xfb, 0x90, 0x44];

describe("audio detection by content", () => {
  it("recognises each supported format from its first bytes", () => {
    expect(detectAudioType(pad(bytes("RIFF", [0, 0, 0, 0], "WAVE", "fmt ")))).toMatchObject({ contentType: "audio/wav", extension: ".wav" });
    expect(detectAudioType(pad(bytes("OggS", [0, 2])))).toMatchObject({ contentType: "audio/ogg" });
    expect(detectAudioType(pad(bytes("fLaC", [0, 0, 0, 34])))).toMatchObject({ contentType: "audio/flac" });
    expect(detectAudioType(pad(bytes([0, 0, 0, 0x20], "ftyp", "M4A ", [0, 0, 0, 0])))).toMatchObject({ contentType: "audio/mp4", extension: ".m4a" });
    expect(detectAudioType(pad(bytes([0, 0, 0, 0x20], "ftyp", "isom")))).toMatchObject({ contentType: "audio/mp4" });
    expect(detectAudioType(pad(bytes(MP3_FRAME)))).toMatchObject({ contentType: "audio/mpeg", extension: ".mp3" });
    // ADTS AAC: sync word with layer 00.
    expect(detectAudioType(pad(bytes([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc])))).toMatchObject({ contentType: "audio/aac" });
  });

  it("reads past an ID3v2 tag to the audio behind it", () => {
    // Tag of 10 bytes body (syncsafe size 10), then an MPEG frame.
    const tagged = pad(bytes("ID3", [4, 0, 0, 0, 0, 0, 10], new Array(10).fill(0), MP3_FRAME));
    expect(id3TagLength(tagged)).toBe(20);
    expect(detectAudioType(tagged)?.extension).toBe(".mp3");
    const flac = pad(bytes("ID3", [4, 0, 0, 0, 0, 0, 4], [0, 0, 0, 0], "fLaC"));
    expect(detectAudioType(flac)?.extension).toBe(".flac");
    // A tag longer than the bytes we were given still means tagged MPEG audio.
    expect(detectAudioType(bytes("ID3", [4, 0, 0, 0, 0, 0x7f, 0x7f]))?.extension).toBe(".mp3");
  });

  it("refuses files that only claim to be audio", () => {
    const text = new TextEncoder().encode("This is a text file that someone renamed to song.mp3\n");
    expect(detectAudioType(text)).toBeNull();
    expect(detectAudioType(pad(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a])))).toBeNull();
    expect(detectAudioType(pad(bytes("RIFF", [0, 0, 0, 0], "WEBP")))).toBeNull();
    expect(detectAudioType(pad(bytes("%PDF-1.7")))).toBeNull();
    expect(detectAudioType(new Uint8Array(0))).toBeNull();
    // Frame sync with reserved fields (bad bitrate index 1111, reserved sample rate 11).
    expect(detectAudioType(pad(bytes([0xff, 0xfb, 0xf0, 0x44])))).toBeNull();
    expect(detectAudioType(pad(bytes([0xff, 0xfb, 0x9c, 0x44])))).toBeNull();
    // An MP4 brand that is not audio (QuickTime movie).
    expect(detectAudioType(pad(bytes([0, 0, 0, 0x20], "ftyp", "qt  ")))).toBeNull();
  });
});

describe("image detection by content", () => {
  it("accepts PNG, JPEG and WebP", () => {
    expect(detectImageType(pad(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a])))).toMatchObject({ contentType: "image/png" });
    expect(detectImageType(pad(bytes([0xff, 0xd8, 0xff, 0xe0])))).toMatchObject({ contentType: "image/jpeg", extension: ".jpg" });
    expect(detectImageType(pad(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 ")))).toMatchObject({ contentType: "image/webp" });
  });

  it("refuses SVG (it can carry script), GIF and audio", () => {
    expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(detectImageType(pad(bytes("GIF89a")))).toBeNull();
    expect(detectImageType(pad(bytes("RIFF", [0, 0, 0, 0], "WAVE")))).toBeNull();
  });
});
