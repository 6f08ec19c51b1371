/**
 * Duration and waveform of stored audio, read from the file itself.
 *
 *  - Duration: WAV (data size / frame size), FLAC (STREAMINFO), OGG Vorbis and
 *    Opus (last page's granule position), MP3 (Xing/Info or VBRI frame count,
 *    else constant bitrate), M4A (mvhd), AAC/ADTS (frame count).
 *  - Waveform peaks: analyseAudio (synchronous) reads them from WAV only
 *    (8/16/24/32-bit integer and 32/64-bit float PCM), the format the demo
 *    catalogue is generated in. analyseAudioFile (below, what uploads use)
 *    also decodes MP3 and FLAC with WebAssembly decoders and reads tags;
 *    other formats get an empty waveform and pages show a plain progress bar.
 */
import { AUDIO_MAX_SECONDS, WAVEFORM_PEAKS } from "./constants";
import { id3TagLength, isMpegAudioFrame, type DetectedType } from "./media-types";

export interface AudioInfo {
  durationSeconds: number | null;
  peaks: number[];
}

export interface WavFormat {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  dataOffset: number;
  dataLength: number;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const fourCC = (bytes: Uint8Array, offset: number) =>
  offset + 4 <= bytes.length ? String.fromCharCode(...bytes.subarray(offset, offset + 4)) : "";

export function parseWav(bytes: Uint8Array): WavFormat | null {
  if (fourCC(bytes, 0) !== "RIFF" || fourCC(bytes, 8) !== "WAVE") return null;
  const data = view(bytes);
  let offset = 12;
  let format: Omit<WavFormat, "dataOffset" | "dataLength"> | null = null;
  while (offset + 8 <= bytes.length) {
    const id = fourCC(bytes, offset);
    const size = data.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt " && body + 16 <= bytes.length) {
      let audioFormat = data.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format code opens the sub-format GUID.
      if (audioFormat === 0xfffe && size >= 26 && body + 26 <= bytes.length) audioFormat = data.getUint16(body + 24, true);
      format = {
        audioFormat,
        channels: data.getUint16(body + 2, true),
        sampleRate: data.getUint32(body + 4, true),
        blockAlign: data.getUint16(body + 12, true),
        bitsPerSample: data.getUint16(body + 14, true),
      };
    } else if (id === "data" && format) {
      // Streaming writers leave the size at 0 or 0xFFFFFFFF: the data runs to the end.
      const available = bytes.length - body;
      const dataLength = size === 0 || size > available ? available : size;
      if (format.channels === 0 || format.sampleRate === 0 || format.blockAlign === 0) return null;
      return { ...format, dataOffset: body, dataLength };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** A reader of one sample (channel value) as a number from -1 to 1, or null for formats we do not decode. */
function sampleReader(format: WavFormat, data: DataView): ((offset: number) => number) | null {
  const { audioFormat, bitsPerSample } = format;
  if (audioFormat === 1) {
    if (bitsPerSample === 8) return (o) => (data.getUint8(o) - 128) / 128;
    if (bitsPerSample === 16) return (o) => data.getInt16(o, true) / 32768;
    if (bitsPerSample === 24) return (o) => ((data.getUint8(o) | (data.getUint8(o + 1) << 8) | (data.getInt8(o + 2) << 16)) / 8388608);
    if (bitsPerSample === 32) return (o) => data.getInt32(o, true) / 2147483648;
  }
  if (audioFormat === 3) {
    if (bitsPerSample === 32) return (o) => data.getFloat32(o, true);
    if (bitsPerSample === 64) return (o) => data.getFloat64(o, true);
  }
  return null;
}

/**
 * Peak level of each of `count` equal slices of the audio (all channels),
 * scaled so the loudest slice is 1, rounded to 3 decimals.
 */
export function wavPeaks(bytes: Uint8Array, count: number = WAVEFORM_PEAKS): number[] {
  const format = parseWav(bytes);
  if (!format) return [];
  const data = view(bytes);
  const read = sampleReader(format, data);
  if (!read) return [];
  const bytesPerSample = format.bitsPerSample / 8;
  const frames = Math.floor(format.dataLength / format.blockAlign);
  if (frames === 0) return [];
  const slices = Math.min(count, frames);
  const peaks = new Array<number>(slices).fill(0);
  for (let slice = 0; slice < slices; slice++) {
    const first = Math.floor((slice * frames) / slices);
    const last = Math.floor(((slice + 1) * frames) / slices);
    let peak = 0;
    for (let frame = first; frame < last; frame++) {
      const base = format.dataOffset + frame * format.blockAlign;
      for (let channel = 0; channel < format.channels; channel++) {
        const value = Math.abs(read(base + channel * bytesPerSample));
        if (value > peak) peak = value;
      }
    }
    peaks[slice] = peak;
  }
  const loudest = Math.max(...peaks);
  return peaks.map((peak) => (loudest > 0 ? Math.round((peak / loudest) * 1000) / 1000 : 0));
}

function wavDuration(bytes: Uint8Array): number | null {
  const format = parseWav(bytes);
  if (!format) return null;
  return Math.floor(format.dataLength / format.blockAlign) / format.sampleRate;
}

function flacDuration(bytes: Uint8Array, start: number): number | null {
  // "fLaC", then the STREAMINFO block header (4 bytes), then its body.
  const info = start + 8;
  if (fourCC(bytes, start) !== "fLaC" || (bytes[start + 4] & 0x7f) !== 0 || info + 18 > bytes.length) return null;
  const sampleRate = (bytes[info + 10] << 12) | (bytes[info + 11] << 4) | (bytes[info + 12] >> 4);
  const totalSamples = (bytes[info + 13] & 0x0f) * 2 ** 32 + view(bytes).getUint32(info + 14, false);
  return sampleRate > 0 && totalSamples > 0 ? totalSamples / sampleRate : null;
}

function oggDuration(bytes: Uint8Array): number | null {
  if (fourCC(bytes, 0) !== "OggS" || bytes.length < 28) return null;
  const data = view(bytes);
  const packet = 27 + bytes[26];
  let rate = 0;
  let preSkip = 0;
  if (bytes[packet] === 0x01 && String.fromCharCode(...bytes.subarray(packet + 1, packet + 7)) === "vorbis") {
    rate = data.getUint32(packet + 12, true);
  } else if (String.fromCharCode(...bytes.subarray(packet, packet + 8)) === "OpusHead") {
    rate = 48_000; // Opus granule positions always count 48 kHz samples.
    preSkip = data.getUint16(packet + 10, true);
  }
  if (!rate) return null;
  // The granule position of the last page is the stream's length in samples.
  for (let offset = bytes.length - 27; offset >= 0; offset--) {
    if (bytes[offset] === 0x4f && fourCC(bytes, offset) === "OggS") {
      const granule = Number(data.getBigInt64(offset + 6, true));
      return granule > preSkip ? (granule - preSkip) / rate : null;
    }
  }
  return null;
}

const MPEG_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
const MPEG1_BITRATES: Record<number, number[]> = {
  3: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
};
const MPEG2_BITRATES: Record<number, number[]> = {
  3: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  1: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

function mp3Duration(bytes: Uint8Array): number | null {
  const tag = id3TagLength(bytes);
  let frame = tag;
  // Some encoders pad between the tag and the first frame.
  while (frame < Math.min(bytes.length - 4, tag + 4096) && !isMpegAudioFrame(bytes, frame)) frame++;
  if (!isMpegAudioFrame(bytes, frame)) return null;
  const data = view(bytes);
  const version = (bytes[frame + 1] >> 3) & 0x03; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
  const layer = (bytes[frame + 1] >> 1) & 0x03; // 3 = Layer I, 2 = II, 1 = III
  const bitrateKbps = (version === 3 ? MPEG1_BITRATES : MPEG2_BITRATES)[layer][(bytes[frame + 2] >> 4) & 0x0f];
  const sampleRate = MPEG_RATES[version][(bytes[frame + 2] >> 2) & 0x03];
  const mono = (bytes[frame + 3] >> 6) === 0x03;
  const samplesPerFrame = layer === 3 ? 384 : layer === 2 || version === 3 ? 1152 : 576;
  const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const xing = frame + 4 + sideInfo;
  const xingId = fourCC(bytes, xing);
  if ((xingId === "Xing" || xingId === "Info") && xing + 12 <= bytes.length && data.getUint32(xing + 4, false) & 0x01) {
    return (data.getUint32(xing + 8, false) * samplesPerFrame) / sampleRate;
  }
  if (fourCC(bytes, frame + 36) === "VBRI" && frame + 54 <= bytes.length) {
    return (data.getUint32(frame + 50, false) * samplesPerFrame) / sampleRate;
  }
  if (!bitrateKbps) return null;
  return ((bytes.length - frame) * 8) / (bitrateKbps * 1000);
}

function m4aDuration(bytes: Uint8Array): number | null {
  const data = view(bytes);
  const findBox = (type: string, start: number, end: number): { body: number; end: number } | null => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = data.getUint32(offset, false);
      let header = 8;
      if (size === 1 && offset + 16 <= end) {
        size = Number(data.getBigUint64(offset + 8, false));
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header) return null;
      if (fourCC(bytes, offset + 4) === type) return { body: offset + header, end: Math.min(end, offset + size) };
      offset += size;
    }
    return null;
  };
  const moov = findBox("moov", 0, bytes.length);
  const mvhd = moov && findBox("mvhd", moov.body, moov.end);
  if (!mvhd) return null;
  const version = bytes[mvhd.body];
  const timescale = data.getUint32(mvhd.body + (version === 1 ? 20 : 12), false);
  const duration = version === 1 ? Number(data.getBigUint64(mvhd.body + 24, false)) : data.getUint32(mvhd.body + 16, false);
  return timescale > 0 ? duration / timescale : null;
}

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

function adtsDuration(bytes: Uint8Array): number | null {
  let offset = id3TagLength(bytes);
  let frames = 0;
  let rate = 0;
  while (offset + 7 <= bytes.length && bytes[offset] === 0xff && (bytes[offset + 1] & 0xf6) === 0xf0) {
    rate = ADTS_RATES[(bytes[offset + 2] >> 2) & 0x0f] ?? 0;
    const length = ((bytes[offset + 3] & 0x03) << 11) | (bytes[offset + 4] << 3) | (bytes[offset + 5] >> 5);
    if (length < 7) break;
    frames++;
    offset += length;
  }
  return frames && rate ? (frames * 1024) / rate : null;
}

export function analyseAudio(bytes: Uint8Array, type: DetectedType): AudioInfo {
  let durationSeconds: number | null = null;
  try {
    switch (type.extension) {
      case ".wav":
        return { durationSeconds: wavDuration(bytes), peaks: wavPeaks(bytes) };
      case ".flac":
        durationSeconds = flacDuration(bytes, id3TagLength(bytes));
        break;
      case ".ogg":
        durationSeconds = oggDuration(bytes);
        break;
      case ".mp3":
        durationSeconds = mp3Duration(bytes);
        break;
      case ".m4a":
        durationSeconds = m4aDuration(bytes);
        break;
      case ".aac":
        durationSeconds = adtsDuration(bytes);
        break;
    }
  } catch (error) {
    // A truncated or odd header only costs us the duration, not the upload.
    if (!(error instanceof RangeError)) throw error;
  }
  return { durationSeconds: durationSeconds && Number.isFinite(durationSeconds) ? durationSeconds : null, peaks: [] };
}

/* ------------------------------------------------------------------------- *
 * The full analysis of an upload (docs/decisions/0064-showcase.md):
 *  - tags and, where the headers above did not give it, the duration, read
 *    with music-metadata (a maintained parser for every format we accept);
 *  - waveform peaks for MP3 and FLAC from their decoded samples, decoded with
 *    WebAssembly decoders shipped as npm packages (mpg123-decoder,
 *    @wasm-audio-decoders/flac); WAV is read directly (wavPeaks). M4A, AAC and
 *    OGG have no decoder here: their peaks stay empty (a flat waveform).
 * Decoding is fed in slices with a turn of the event loop between them, so a
 * long file never holds up other requests for long, and peaks are kept as
 * one maximum per block of frames, so memory stays small whatever the length.
 * ------------------------------------------------------------------------- */

export interface AudioTags {
  title: string | null;
  artist: string | null;
  /** The first genre tag, the tempo and the key, where the file has them (the draft uploads of ADR 0085 read them). */
  genre?: string | null;
  bpm?: number | null;
  key?: string | null;
}

export interface AudioAnalysis extends AudioInfo {
  tags: AudioTags;
  /** How the peaks were had: read from WAV, decoded (MP3, FLAC), or none (flat waveform). */
  peaksSource: "wav" | "decoded" | "none";
}

/**
 * Input handed to a decoder per call; between slices the event loop gets a turn. Small, because
 * what one slice decodes to is bounded by the slice only through the frames it holds: a FLAC
 * constant frame is about 15 bytes for up to 65,535 samples a channel.
 */
const DECODE_SLICE_BYTES = 8 * 1024;

/** Thrown when decoding passes AUDIO_MAX_SECONDS: the caller refuses the file as too long. */
export class AudioTooLongError extends Error {
  constructor() {
    super(`Audio longer than ${AUDIO_MAX_SECONDS} seconds`);
    this.name = "AudioTooLongError";
  }
}
/** Frames summarised by one stored maximum while decoding. */
const PEAK_BLOCK_FRAMES = 256;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Collects one absolute maximum per block of frames, across channels, as decoded audio streams past. */
class PeakBlocks {
  private readonly blocks: number[] = [];
  private current = 0;
  private inBlock = 0;
  frames = 0;
  sampleRate = 0;

  add(channelData: Float32Array[], samples: number, sampleRate: number) {
    if (samples <= 0 || channelData.length === 0) return;
    this.sampleRate = sampleRate || this.sampleRate;
    // Stop before the work, not after: the longest accepted audio, then no more.
    if (this.sampleRate > 0 && (this.frames + samples) / this.sampleRate > AUDIO_MAX_SECONDS) throw new AudioTooLongError();
    for (let i = 0; i < samples; i++) {
      for (const channel of channelData) {
        const value = Math.abs(channel[i] ?? 0);
        if (value > this.current) this.current = value;
      }
      if (++this.inBlock === PEAK_BLOCK_FRAMES) this.closeBlock();
    }
    this.frames += samples;
  }

  private closeBlock() {
    this.blocks.push(this.current);
    this.current = 0;
    this.inBlock = 0;
  }

  peaks(count: number): number[] {
    if (this.inBlock > 0) this.closeBlock();
    const blocks = this.blocks;
    if (blocks.length === 0) return [];
    const slices = Math.min(count, blocks.length);
    const peaks = new Array<number>(slices).fill(0);
    for (let slice = 0; slice < slices; slice++) {
      const first = Math.floor((slice * blocks.length) / slices);
      const last = Math.floor(((slice + 1) * blocks.length) / slices);
      let peak = 0;
      for (let index = first; index < last; index++) if (blocks[index] > peak) peak = blocks[index];
      peaks[slice] = peak;
    }
    const loudest = Math.max(...peaks);
    return peaks.map((peak) => (loudest > 0 ? Math.round((peak / loudest) * 1000) / 1000 : 0));
  }
}

interface Decoded {
  peaks: number[];
  durationSeconds: number | null;
}

async function decodeMp3(bytes: Uint8Array, count: number): Promise<Decoded> {
  const { MPEGDecoder } = await import("mpg123-decoder");
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const blocks = new PeakBlocks();
  try {
    for (let offset = 0; offset < bytes.length; offset += DECODE_SLICE_BYTES) {
      const result = decoder.decode(bytes.subarray(offset, offset + DECODE_SLICE_BYTES));
      blocks.add(result.channelData, result.samplesDecoded, result.sampleRate);
      await nextTurn();
    }
  } finally {
    decoder.free();
  }
  return { peaks: blocks.peaks(count), durationSeconds: blocks.sampleRate ? blocks.frames / blocks.sampleRate : null };
}

async function decodeFlac(bytes: Uint8Array, count: number): Promise<Decoded> {
  const { FLACDecoder } = await import("@wasm-audio-decoders/flac");
  const decoder = new FLACDecoder();
  await decoder.ready;
  const blocks = new PeakBlocks();
  try {
    for (let offset = 0; offset < bytes.length; offset += DECODE_SLICE_BYTES) {
      const result = await decoder.decode(bytes.subarray(offset, offset + DECODE_SLICE_BYTES));
      blocks.add(result.channelData, result.samplesDecoded, result.sampleRate);
      await nextTurn();
    }
    const rest = await decoder.flush();
    blocks.add(rest.channelData, rest.samplesDecoded, rest.sampleRate);
  } finally {
    decoder.free();
  }
  return { peaks: blocks.peaks(count), durationSeconds: blocks.sampleRate ? blocks.frames / blocks.sampleRate : null };
}

const DECODERS: Partial<Record<string, (bytes: Uint8Array, count: number) => Promise<Decoded>>> = {
  ".mp3": decodeMp3,
  ".flac": decodeFlac,
};

/** Whether uploads of this type get a waveform (WAV read directly, MP3 and FLAC decoded). */
export function hasWaveform(type: DetectedType): boolean {
  return type.extension === ".wav" || type.extension in DECODERS;
}

async function readTags(bytes: Uint8Array, type: DetectedType): Promise<{ tags: AudioTags; durationSeconds: number | null }> {
  try {
    const { parseBuffer } = await import("music-metadata");
    const metadata = await parseBuffer(bytes, { mimeType: type.contentType, size: bytes.byteLength }, { duration: false, skipCovers: true });
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
    const duration = metadata.format.duration;
    return {
      tags: {
        title: text(metadata.common.title),
        artist: text(metadata.common.artist),
        genre: text(metadata.common.genre?.[0]),
        bpm: typeof metadata.common.bpm === "number" && Number.isFinite(metadata.common.bpm) ? metadata.common.bpm : null,
        key: text(metadata.common.key),
      },
      durationSeconds: typeof duration === "number" && Number.isFinite(duration) && duration > 0 ? duration : null,
    };
  } catch {
    // Unreadable tags cost the tags, not the upload.
    return { tags: { title: null, artist: null }, durationSeconds: null };
  }
}

/**
 * Duration, waveform and tags of an accepted audio file (its type read from
 * its bytes by detectType). The duration prefers what the decoded samples
 * say, then the format's headers (analyseAudio), then music-metadata.
 */
export async function analyseAudioFile(bytes: Uint8Array, type: DetectedType, count: number = WAVEFORM_PEAKS): Promise<AudioAnalysis> {
  const header = analyseAudio(bytes, type);
  const { tags, durationSeconds: taggedDuration } = await readTags(bytes, type);
  let peaks = type.extension === ".wav" ? (count === WAVEFORM_PEAKS ? header.peaks : wavPeaks(bytes, count)) : [];
  let decodedDuration: number | null = null;
  const decode = DECODERS[type.extension];
  if (decode) {
    try {
      // A header that says it is too long is believed without decoding a sample.
      if ((header.durationSeconds ?? 0) > AUDIO_MAX_SECONDS) throw new AudioTooLongError();
      const decoded = await decode(bytes, count);
      peaks = decoded.peaks;
      decodedDuration = decoded.durationSeconds && decoded.durationSeconds > 0 ? decoded.durationSeconds : null;
    } catch (error) {
      if (error instanceof AudioTooLongError) throw error;
      // A stream the decoder cannot read keeps a flat waveform.
      peaks = [];
    }
  }
  const durationSeconds = decodedDuration ?? header.durationSeconds ?? taggedDuration;
  const peaksSource = peaks.length === 0 ? "none" : type.extension === ".wav" ? "wav" : "decoded";
  return { durationSeconds, peaks, tags, peaksSource };
}
