/**
 * Tags for generated WAV files (the demo drafts, and the tests' uploads): an
 * ID3v2.3 tag in an "id3 " chunk, which tag readers (music-metadata among
 * them) read from WAV files, with title (TIT2), artist (TPE1), genre (TCON),
 * tempo (TBPM) and key (TKEY). No Node imports: Playwright specs use it too.
 */

export interface WavTags {
  title?: string;
  artist?: string;
  genre?: string;
  bpm?: number;
  key?: string;
}

const latin1 = (text: string) => Uint8Array.from(text, (char) => (char.charCodeAt(0) < 256 ? char.charCodeAt(0) : 0x3f));

function frame(id: string, text: string): Uint8Array {
  const body = latin1(text);
  const out = new Uint8Array(10 + 1 + body.length);
  const view = new DataView(out.buffer);
  out.set(latin1(id), 0);
  view.setUint32(4, body.length + 1, false);
  // flags 0, 0; then encoding 0 (ISO-8859-1) and the text
  out[10] = 0;
  out.set(body, 11);
  return out;
}

function id3Tag(tags: WavTags): Uint8Array {
  const frames = [
    tags.title ? frame("TIT2", tags.title) : null,
    tags.artist ? frame("TPE1", tags.artist) : null,
    tags.genre ? frame("TCON", tags.genre) : null,
    tags.bpm ? frame("TBPM", String(tags.bpm)) : null,
    tags.key ? frame("TKEY", tags.key) : null,
  ].filter((value): value is Uint8Array => value !== null);
  const size = frames.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(10 + size);
  out.set(latin1("ID3"), 0);
  out[3] = 3; // v2.3
  out[4] = 0;
  out[5] = 0;
  // Syncsafe size: 7 bits per byte.
  out[6] = (size >> 21) & 0x7f;
  out[7] = (size >> 14) & 0x7f;
  out[8] = (size >> 7) & 0x7f;
  out[9] = size & 0x7f;
  let offset = 10;
  for (const part of frames) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The WAV with an "id3 " chunk appended and the RIFF size updated. */
export function tagWav(wav: Uint8Array, tags: WavTags): Uint8Array {
  const tag = id3Tag(tags);
  const padded = tag.length + (tag.length % 2);
  const out = new Uint8Array(wav.length + 8 + padded);
  out.set(wav, 0);
  const view = new DataView(out.buffer);
  out.set(latin1("id3 "), wav.length);
  view.setUint32(wav.length + 4, tag.length, true);
  out.set(tag, wav.length + 8);
  view.setUint32(4, out.length - 8, true);
  return out;
}
