/**
 * What a file really is, read from its first bytes (magic numbers), never from
 * its name or the browser's claimed type: a text file renamed song.mp3 is not
 * audio. Pure and synchronous; unit-tested in tests/unit/catalog-media-types.test.ts.
 */

import { AUDIO_TYPES, IMAGE_TYPES, type MediaType } from "~/shared/media-types";

export { AUDIO_TYPES, IMAGE_TYPES };

/** One of the media types of app/shared/media-types.ts, as a file's bytes showed it to be. */
export type DetectedType = MediaType;

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (bytes.length < offset + length) return "";
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, index) => bytes[offset + index] === value);
}

/** MPEG audio frame header (MP3 is MPEG-1/2/2.5 Layer III; Layers I/II are accepted as MPEG audio too). */
export function isMpegAudioFrame(bytes: Uint8Array, offset: number): boolean {
  if (bytes.length < offset + 4) return false;
  const b1 = bytes[offset + 1];
  const b2 = bytes[offset + 2];
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03; // 01 is reserved
  const layer = (b1 >> 1) & 0x03; // 00 is reserved (ADTS AAC uses it)
  const bitrate = (b2 >> 4) & 0x0f; // 1111 is invalid
  const sampleRate = (b2 >> 2) & 0x03; // 11 is reserved
  return version !== 0x01 && layer !== 0x00 && bitrate !== 0x0f && sampleRate !== 0x03;
}

/** AAC in an ADTS stream (what .aac files are). */
function isAdtsFrame(bytes: Uint8Array, offset: number): boolean {
  if (bytes.length < offset + 7) return false;
  const b1 = bytes[offset + 1];
  const samplingIndex = (bytes[offset + 2] >> 2) & 0x0f;
  return bytes[offset] === 0xff && (b1 & 0xf6) === 0xf0 && samplingIndex < 13;
}

/** Size of a leading ID3v2 tag (header included), or 0. */
export function id3TagLength(bytes: Uint8Array): number {
  if (ascii(bytes, 0, 3) !== "ID3" || bytes.length < 10) return 0;
  // Syncsafe integer: 7 bits per byte.
  const size = ((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f);
  const footer = bytes[5] & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

// ISO base media brands of audio files (iTunes M4A/M4B, and the generic MP4 brands encoders write).
const MP4_AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "mp41", "mp42", "isom", "iso2", "iso5", "iso6", "dash", "MSNV", "F4A "]);

function detectAudioAt(bytes: Uint8Array, offset: number): DetectedType | null {
  if (ascii(bytes, offset, 4) === "fLaC") return AUDIO_TYPES.flac;
  if (isMpegAudioFrame(bytes, offset)) return AUDIO_TYPES.mp3;
  if (isAdtsFrame(bytes, offset)) return AUDIO_TYPES.aac;
  return null;
}

export function detectAudioType(bytes: Uint8Array): DetectedType | null {
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return AUDIO_TYPES.wav;
  if (ascii(bytes, 0, 4) === "OggS") return AUDIO_TYPES.ogg;
  if (ascii(bytes, 4, 4) === "ftyp" && MP4_AUDIO_BRANDS.has(ascii(bytes, 8, 4))) return AUDIO_TYPES.m4a;
  const tag = id3TagLength(bytes);
  if (tag > 0) {
    // ID3 tags precede MP3 (mostly), AAC or FLAC; a tag longer than what we
    // were given still says "tagged MPEG audio".
    if (tag >= bytes.length) return AUDIO_TYPES.mp3;
    return detectAudioAt(bytes, tag);
  }
  return detectAudioAt(bytes, 0);
}

export function detectImageType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return IMAGE_TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return IMAGE_TYPES.jpeg;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return IMAGE_TYPES.webp;
  return null;
}

export function detectType(bytes: Uint8Array, kind: "audio" | "image"): DetectedType | null {
  return kind === "audio" ? detectAudioType(bytes) : detectImageType(bytes);
}
