/**
 * Real audio files for tests, generated in the test run (nothing committed,
 * nothing downloaded): a tone with a rising envelope, encoded as
 *
 *  - WAV: app/demo/audio-wav.ts (16-bit PCM mono), optionally with a RIFF
 *    LIST/INFO title (INAM);
 *  - MP3: LAME's encoder ported to JavaScript (@breezystack/lamejs, a dev
 *    dependency), optionally behind an ID3v2.3 title frame (TIT2);
 *  - FLAC: written here, following the FLAC format specification, with
 *    VERBATIM subframes (uncompressed, but a valid FLAC stream every decoder
 *    reads: the format allows it for any block), frame CRC-8/CRC-16 and an
 *    optional VORBIS_COMMENT title.
 *
 * No ffmpeg, lame, flac or sox is installed on the machines (checked with
 * `which`), so files are made with these instead. The envelope rises over the
 * file, so its waveform is known: quiet at the start, loud at the end.
 */
import { Mp3Encoder } from "@breezystack/lamejs";
// Relative, not "~/...": Playwright specs import this file too.
import { encodeWav } from "../../app/demo/audio-wav";

export interface ToneOptions {
  seconds: number;
  sampleRate?: number;
  /** Tone frequency in Hz. */
  frequency?: number;
  /** Tag the file with this title (ID3 TIT2, Vorbis TITLE, RIFF INAM). */
  title?: string;
}

/** A sine tone whose amplitude rises linearly from 0.05 to 0.9 over the file. */
export function tone({ seconds, sampleRate = 22_050, frequency = 440 }: ToneOptions): Float32Array {
  const length = Math.round(seconds * sampleRate);
  const samples = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const level = 0.05 + (0.85 * i) / Math.max(1, length - 1);
    samples[i] = level * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  }
  return samples;
}

const toInt16 = (samples: Float32Array) => {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32767, Math.min(32767, Math.round(samples[i] * 32767)));
  return out;
};

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const ascii = (text: string) => new TextEncoder().encode(text);

/* ------------------------------- WAV ------------------------------- */

export function wavFile(options: ToneOptions): Uint8Array {
  const sampleRate = options.sampleRate ?? 22_050;
  const wav = encodeWav(tone(options), sampleRate);
  if (!options.title) return wav;
  // LIST chunk with INFO/INAM (the title), after the data chunk; RIFF size updated.
  const name = ascii(`${options.title}\0`);
  const padded = name.length % 2 ? concat([name, new Uint8Array(1)]) : name;
  const info = concat([ascii("INFO"), ascii("INAM"), le32(name.length), padded]);
  const list = concat([ascii("LIST"), le32(info.length), info]);
  const out = concat([wav, list]);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

function le32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, true);
  return out;
}

/* ------------------------------- MP3 ------------------------------- */

export function mp3File(options: ToneOptions & { kbps?: number }): Uint8Array {
  const sampleRate = options.sampleRate ?? 22_050;
  const encoder = new Mp3Encoder(1, sampleRate, options.kbps ?? 64);
  const pcm = toInt16(tone(options));
  const parts: Uint8Array[] = [];
  const block = 1152;
  for (let i = 0; i < pcm.length; i += block) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + block));
    if (chunk.length > 0) parts.push(new Uint8Array(chunk));
  }
  parts.push(new Uint8Array(encoder.flush()));
  const audio = concat(parts);
  return options.title ? concat([id3v23Title(options.title), audio]) : audio;
}

/** An ID3v2.3 tag holding one TIT2 (title) frame, ISO-8859-1 text. */
function id3v23Title(title: string): Uint8Array {
  const text = Uint8Array.from([0x00, ...[...title].map((char) => char.charCodeAt(0) & 0xff)]);
  const frame = concat([ascii("TIT2"), be32(text.length), new Uint8Array(2), text]);
  const size = frame.length;
  const syncsafe = Uint8Array.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return concat([ascii("ID3"), Uint8Array.from([3, 0, 0]), syncsafe, frame]);
}

function be32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value, false);
  return out;
}

/* ------------------------------- FLAC ------------------------------ */

class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private bits = 0;

  write(value: number, count: number) {
    for (let bit = count - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** bit) & 1);
      this.bits++;
      if (this.bits === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.bits = 0;
      }
    }
  }

  writeBytes(bytes: Uint8Array | number[]) {
    for (const byte of bytes) this.write(byte, 8);
  }

  toBytes(): Uint8Array {
    if (this.bits !== 0) throw new Error("not byte-aligned");
    return Uint8Array.from(this.bytes);
  }
}

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The "UTF-8" coding FLAC uses for frame numbers (up to 0xFFFF here). */
function utf8Number(value: number): number[] {
  if (value < 0x80) return [value];
  if (value < 0x800) return [0xc0 | (value >> 6), 0x80 | (value & 0x3f)];
  return [0xe0 | (value >> 12), 0x80 | ((value >> 6) & 0x3f), 0x80 | (value & 0x3f)];
}

const FLAC_BLOCK = 4096;
const FLAC_RATE_CODES: Record<number, number> = { 8000: 0b0100, 16_000: 0b0101, 22_050: 0b0110, 24_000: 0b0111, 32_000: 0b1000, 44_100: 0b1001, 48_000: 0b1010 };

export function flacFile(options: ToneOptions): Uint8Array {
  const sampleRate = options.sampleRate ?? 22_050;
  const pcm = toInt16(tone(options));
  const total = pcm.length;

  const streamInfo = new BitWriter();
  streamInfo.write(FLAC_BLOCK, 16); // min block size
  streamInfo.write(FLAC_BLOCK, 16); // max block size
  streamInfo.write(0, 24); // min frame size: unknown
  streamInfo.write(0, 24); // max frame size: unknown
  streamInfo.write(sampleRate, 20);
  streamInfo.write(0, 3); // channels - 1 (mono)
  streamInfo.write(15, 5); // bits per sample - 1
  streamInfo.write(total, 36);
  streamInfo.writeBytes(new Uint8Array(16)); // MD5: not computed (allowed)
  const info = streamInfo.toBytes();

  const blocks: Uint8Array[] = [];
  const comment = options.title ? vorbisComment([`TITLE=${options.title}`]) : null;
  blocks.push(concat([Uint8Array.from([comment ? 0x00 : 0x80, 0, 0, info.length]), info]));
  if (comment) {
    blocks.push(concat([Uint8Array.from([0x84, (comment.length >> 16) & 0xff, (comment.length >> 8) & 0xff, comment.length & 0xff]), comment]));
  }

  const frames: Uint8Array[] = [];
  for (let start = 0, number = 0; start < total; start += FLAC_BLOCK, number++) {
    const size = Math.min(FLAC_BLOCK, total - start);
    const header = new BitWriter();
    header.write(0b11111111111110, 14); // sync
    header.write(0, 1); // reserved
    header.write(0, 1); // fixed block size
    header.write(0b0111, 4); // block size: 16 bits (size - 1) at the end of the header
    header.write(FLAC_RATE_CODES[sampleRate] ?? 0b0000, 4); // sample rate (0000: from STREAMINFO)
    header.write(0b0000, 4); // one channel
    header.write(0b100, 3); // 16 bits per sample
    header.write(0, 1); // reserved
    header.writeBytes(utf8Number(number));
    header.write(size - 1, 16);
    const headerBytes = header.toBytes();
    const body = new BitWriter();
    body.writeBytes(headerBytes);
    body.write(crc8(headerBytes), 8);
    body.write(0b00000010, 8); // subframe: padding 0, VERBATIM (000001), no wasted bits
    for (let i = 0; i < size; i++) body.write(pcm[start + i] & 0xffff, 16);
    const frame = body.toBytes();
    const crc = crc16(frame);
    frames.push(concat([frame, Uint8Array.from([crc >> 8, crc & 0xff])]));
  }
  return concat([ascii("fLaC"), ...blocks, ...frames]);
}

/** A VORBIS_COMMENT block body (lengths little-endian). */
function vorbisComment(comments: string[]): Uint8Array {
  const vendor = ascii("hit-factory tests");
  const parts: Uint8Array[] = [le32(vendor.length), vendor, le32(comments.length)];
  for (const comment of comments) {
    const bytes = ascii(comment);
    parts.push(le32(bytes.length), bytes);
  }
  return concat(parts);
}

/**
 * A FLAC of CONSTANT subframes (65,535 samples of one value, about 14 bytes a frame) whose
 * STREAMINFO gives no length: a few kilobytes that decode to `seconds` of audio. What an
 * attacker sends to make a server decode hours of samples from a small upload.
 */
export function flacConstantFile({ seconds, sampleRate = 8000 }: { seconds: number; sampleRate?: number }): Uint8Array {
  const block = 65_535;
  const total = Math.round(seconds * sampleRate);
  const streamInfo = new BitWriter();
  streamInfo.write(block, 16);
  streamInfo.write(block, 16);
  streamInfo.write(0, 24);
  streamInfo.write(0, 24);
  streamInfo.write(sampleRate, 20);
  streamInfo.write(0, 3); // mono
  streamInfo.write(15, 5); // 16 bits
  streamInfo.write(0, 36); // total samples: unknown
  streamInfo.writeBytes(new Uint8Array(16));
  const info = streamInfo.toBytes();
  const frames: Uint8Array[] = [];
  for (let start = 0, number = 0; start < total; start += block, number++) {
    const size = Math.min(block, total - start);
    const header = new BitWriter();
    header.write(0b11111111111110, 14);
    header.write(0, 1);
    header.write(0, 1);
    header.write(0b0111, 4);
    header.write(FLAC_RATE_CODES[sampleRate] ?? 0b0000, 4);
    header.write(0b0000, 4);
    header.write(0b100, 3);
    header.write(0, 1);
    header.writeBytes(utf8Number(number));
    header.write(size - 1, 16);
    const headerBytes = header.toBytes();
    const body = new BitWriter();
    body.writeBytes(headerBytes);
    body.write(crc8(headerBytes), 8);
    body.write(0b00000000, 8); // subframe: CONSTANT
    body.write(1000, 16); // its one value
    const frame = body.toBytes();
    const crc = crc16(frame);
    frames.push(concat([frame, Uint8Array.from([crc >> 8, crc & 0xff])]));
  }
  return concat([ascii("fLaC"), Uint8Array.from([0x80, 0, 0, info.length]), info, ...frames]);
}
