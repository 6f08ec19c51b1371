import { describe, expect, it } from "vitest";
import { analyseAudio, parseWav, wavPeaks } from "~/catalog/audio-info";
import { AUDIO_TYPES } from "~/catalog/media-types";
import { encodeWav } from "~/demo/audio-wav";

function tone(seconds: number, rate: number, shape: (t: number) => number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = shape(i / rate);
  return samples;
}

describe("WAV duration and waveform", () => {
  it("reads the duration from the data chunk and the format", () => {
    const wav = encodeWav(tone(2.5, 8000, (t) => Math.sin(2 * Math.PI * 440 * t) * 0.5), 8000);
    expect(parseWav(wav)).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 8000, bitsPerSample: 16, blockAlign: 2, dataOffset: 44 });
    expect(analyseAudio(wav, AUDIO_TYPES.wav).durationSeconds).toBeCloseTo(2.5, 5);
  });

  it("follows loudness: a fade-in gives rising peaks scaled to 1", () => {
    const wav = encodeWav(tone(1, 8000, (t) => Math.sin(2 * Math.PI * 220 * t) * t), 8000);
    const peaks = wavPeaks(wav, 10);
    expect(peaks).toHaveLength(10);
    expect(peaks[9]).toBe(1);
    for (let i = 1; i < peaks.length; i++) expect(peaks[i]).toBeGreaterThan(peaks[i - 1]);
    expect(peaks[0]).toBeLessThan(0.15);
  });

  it("decodes 8-bit, 24-bit and float PCM and stereo", () => {
    const rate = 1000;
    const frames = 1000;
    const make = (format: number, bits: number, channels: number, write: (view: DataView, offset: number, value: number) => void) => {
      const block = (bits / 8) * channels;
      const bytes = new Uint8Array(44 + frames * block);
      const view = new DataView(bytes.buffer);
      bytes.set([..."RIFF"].map((c) => c.charCodeAt(0)), 0);
      view.setUint32(4, 36 + frames * block, true);
      bytes.set([..."WAVEfmt "].map((c) => c.charCodeAt(0)), 8);
      view.setUint32(16, 16, true);
      view.setUint16(20, format, true);
      view.setUint16(22, channels, true);
      view.setUint32(24, rate, true);
      view.setUint32(28, rate * block, true);
      view.setUint16(32, block, true);
      view.setUint16(34, bits, true);
      bytes.set([..."data"].map((c) => c.charCodeAt(0)), 36);
      view.setUint32(40, frames * block, true);
      // Silence for the first half, a loud square for the second, on the last channel.
      for (let f = 0; f < frames; f++) {
        for (let c = 0; c < channels; c++) {
          const value = c === channels - 1 && f >= frames / 2 ? (f % 2 ? 0.8 : -0.8) : 0;
          write(view, 44 + f * block + (c * bits) / 8, value);
        }
      }
      return bytes;
    };
    const variants = [
      make(1, 8, 1, (v, o, x) => v.setUint8(o, Math.round(x * 127) + 128)),
      make(1, 24, 2, (v, o, x) => {
        const n = Math.round(x * 8388607);
        v.setUint8(o, n & 0xff);
        v.setUint8(o + 1, (n >> 8) & 0xff);
        v.setInt8(o + 2, n >> 16);
      }),
      make(3, 32, 2, (v, o, x) => v.setFloat32(o, x, true)),
    ];
    for (const wav of variants) {
      const info = analyseAudio(wav, AUDIO_TYPES.wav);
      expect(info.durationSeconds).toBeCloseTo(1, 5);
      expect(info.peaks.slice(0, 4)).toEqual([0, 0, 0, 0].slice(0, 4));
      expect(info.peaks.at(-1)).toBe(1);
    }
  });

  it("gives no peaks (and no error) for a truncated header", () => {
    const wav = encodeWav(tone(0.1, 8000, () => 0.3), 8000).subarray(0, 30);
    expect(analyseAudio(wav, AUDIO_TYPES.wav)).toEqual({ durationSeconds: null, peaks: [] });
  });
});

describe("durations of compressed formats", () => {
  it("FLAC from STREAMINFO", () => {
    const bytes = new Uint8Array(64);
    bytes.set([..."fLaC"].map((c) => c.charCodeAt(0)));
    bytes.set([0x80, 0, 0, 34], 4); // last block, STREAMINFO, 34 bytes
    // sample rate 44100 (20 bits) | channels-1 (3 bits) | bps-1 (5 bits) | total samples (36 bits) = 441000
    const info = 8;
    const rate = 44100;
    bytes[info + 10] = rate >> 12;
    bytes[info + 11] = (rate >> 4) & 0xff;
    bytes[info + 12] = ((rate & 0x0f) << 4) | (1 << 1);
    bytes[info + 13] = 0x70;
    new DataView(bytes.buffer).setUint32(info + 14, 441000, false);
    expect(analyseAudio(bytes, AUDIO_TYPES.flac)).toEqual({ durationSeconds: 10, peaks: [] });
  });

  it("MP3 at a constant bitrate, and from a Xing frame count", () => {
    const frame = [0xff, 0xfb, 0x90, 0x44]; // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo
    const cbr = new Uint8Array(160_000); // 160,000 bytes at 16,000 bytes per second
    cbr.set(frame);
    expect(analyseAudio(cbr, AUDIO_TYPES.mp3).durationSeconds).toBeCloseTo(10, 5);

    const vbr = new Uint8Array(4096);
    vbr.set(frame);
    const xing = 4 + 32; // after the header and the stereo side info
    vbr.set([..."Xing"].map((c) => c.charCodeAt(0)), xing);
    const view = new DataView(vbr.buffer);
    view.setUint32(xing + 4, 1, false); // frames field present
    view.setUint32(xing + 8, 3828, false); // 3828 frames * 1152 / 44100 = 100 s
    expect(analyseAudio(vbr, AUDIO_TYPES.mp3).durationSeconds).toBeCloseTo(100, 1);
  });

  it("M4A from the movie header", () => {
    const bytes = new Uint8Array(8 + 8 + 100 + 16);
    const view = new DataView(bytes.buffer);
    const box = (offset: number, size: number, type: string) => {
      view.setUint32(offset, size, false);
      bytes.set([...type].map((c) => c.charCodeAt(0)), offset + 4);
    };
    box(0, 16, "ftyp");
    bytes.set([..."M4A "].map((c) => c.charCodeAt(0)), 8);
    box(16, 8 + 108, "moov");
    box(24, 108, "mvhd");
    view.setUint32(32 + 12, 1000, false); // timescale
    view.setUint32(32 + 16, 42_500, false); // duration
    expect(analyseAudio(bytes, AUDIO_TYPES.m4a).durationSeconds).toBeCloseTo(42.5, 5);
  });

  it("OGG Vorbis from the last page's granule position", () => {
    const bytes = new Uint8Array(200);
    const view = new DataView(bytes.buffer);
    bytes.set([..."OggS"].map((c) => c.charCodeAt(0)), 0);
    bytes[26] = 1; // one segment
    const packet = 28;
    bytes[packet] = 1;
    bytes.set([..."vorbis"].map((c) => c.charCodeAt(0)), packet + 1);
    view.setUint32(packet + 12, 48000, true);
    bytes.set([..."OggS"].map((c) => c.charCodeAt(0)), 120);
    view.setBigInt64(120 + 6, 480000n, true);
    expect(analyseAudio(bytes, AUDIO_TYPES.ogg).durationSeconds).toBeCloseTo(10, 5);
  });
});
