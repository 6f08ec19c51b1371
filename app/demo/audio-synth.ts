/**
 * A tiny deterministic synthesiser for the demo catalogue: every song gets its
 * own chord progression, melody, bass line and drum groove, derived from a
 * seed, its key, its tempo and a style picked by genre. The point is real,
 * distinct, playable audio with a real waveform, not hi-fi.
 *
 * Rendering works note by note into one Float32Array (only the samples a note
 * covers are touched), with wavetable oscillators, so 40 songs of 15 to 40
 * seconds render in about a second.
 */
import { createRandom, pick, type Random } from "./songs-random";

export const DEMO_SAMPLE_RATE = 22_050;

export type DrumGroove = "four" | "backbeat" | "halftime" | "shuffle" | "sparse";
export type LeadVoice = "square" | "saw" | "sine" | "pluck" | "bell";

export interface SynthStyle {
  drums: DrumGroove;
  lead: LeadVoice;
  /** Pad brightness: cutoff of its low-pass filter in Hz. */
  padCutoff: number;
  /** Bass: one note per beat, eighths, or a long note per chord. */
  bass: "beats" | "eighths" | "long";
}

export interface SynthSpec {
  seed: number;
  bpm: number;
  /** Pitch class of the key's root (C = 0 ... B = 11). */
  root: number;
  mode: "major" | "minor";
  bars: number;
  style: SynthStyle;
  sampleRate?: number;
}

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;

// Scale degrees (0 = tonic) of common progressions, one chord per bar.
const PROGRESSIONS: Record<"major" | "minor", readonly (readonly number[])[]> = {
  major: [
    [0, 4, 5, 3],
    [0, 5, 3, 4],
    [5, 3, 0, 4],
    [0, 3, 4, 3],
    [1, 4, 0, 5],
    [0, 2, 3, 4],
  ],
  minor: [
    [0, 5, 2, 6],
    [0, 3, 4, 0],
    [0, 6, 5, 6],
    [5, 6, 0, 0],
    [0, 3, 6, 2],
    [0, 5, 3, 4],
  ],
};

// Two-bar melody rhythms in eighth-note steps: [start step, length in steps].
const RHYTHMS: [number, number][][] = [
  [[0, 2], [2, 1], [3, 1], [4, 2], [6, 2], [8, 3], [12, 2], [14, 2]],
  [[0, 1], [1, 1], [2, 2], [4, 1], [5, 1], [6, 2], [8, 4], [13, 1], [14, 2]],
  [[0, 3], [3, 1], [4, 4], [8, 2], [10, 2], [12, 4]],
  [[1, 1], [2, 1], [3, 1], [4, 2], [7, 1], [8, 2], [10, 1], [11, 3], [14, 2]],
  [[0, 2], [2, 2], [4, 2], [6, 1], [7, 1], [8, 6], [14, 2]],
];

const TABLE_SIZE = 2048;

function additive(harmonic: (n: number) => number, count: number): Float32Array {
  const table = new Float32Array(TABLE_SIZE);
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i++) {
    let value = 0;
    for (let n = 1; n <= count; n++) value += harmonic(n) * Math.sin((2 * Math.PI * n * i) / TABLE_SIZE);
    table[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  for (let i = 0; i < TABLE_SIZE; i++) table[i] /= peak;
  return table;
}

// Band-limited enough for 22 kHz notes up to about C7.
const TABLES = {
  sine: additive((n) => (n === 1 ? 1 : 0), 1),
  saw: additive((n) => 1 / n, 12),
  square: additive((n) => (n % 2 ? 1 / n : 0), 11),
  triangle: additive((n) => (n % 2 ? ((n - 1) / 2) % 2 ? -1 / (n * n) : 1 / (n * n) : 0), 9),
  organ: additive((n) => ({ 1: 1, 2: 0.5, 3: 0.3, 4: 0.2, 6: 0.1 })[n] ?? 0, 6),
  bell: additive((n) => ({ 1: 1, 3: 0.45, 5: 0.25, 7: 0.12 })[n] ?? 0, 7),
};

const midiToHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

interface NoteOptions {
  table: Float32Array;
  amp: number;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** One-pole low-pass cutoff in Hz (none when omitted). */
  cutoff?: number;
  /** Slight detune in cents for a second oscillator (chorus); none when 0. */
  detune?: number;
}

class Renderer {
  readonly out: Float32Array;
  constructor(readonly rate: number, seconds: number) {
    this.out = new Float32Array(Math.ceil(rate * seconds));
  }

  note(startSeconds: number, lengthSeconds: number, midi: number, o: NoteOptions) {
    const { out, rate } = this;
    const start = Math.floor(startSeconds * rate);
    const held = Math.floor(lengthSeconds * rate);
    const total = Math.min(out.length - start, held + Math.floor(o.release * rate));
    if (total <= 0) return;
    const step = (midiToHz(midi) * TABLE_SIZE) / rate;
    const step2 = o.detune ? step * 2 ** (o.detune / 1200) : 0;
    const attack = Math.max(1, Math.floor(o.attack * rate));
    const decay = Math.max(1, Math.floor(o.decay * rate));
    const release = Math.max(1, Math.floor(o.release * rate));
    const alpha = o.cutoff ? 1 - Math.exp((-2 * Math.PI * o.cutoff) / rate) : 1;
    const mask = TABLE_SIZE - 1;
    let phase = 0;
    let phase2 = TABLE_SIZE / 3;
    let filtered = 0;
    let level = 0;
    for (let i = 0; i < total; i++) {
      if (i < attack) level = i / attack;
      else if (i < attack + decay) level = 1 - ((1 - o.sustain) * (i - attack)) / decay;
      else if (i < held) level = o.sustain;
      if (i >= held) level = Math.max(0, level - o.sustain / release);
      let value = o.table[phase & mask];
      phase += step;
      if (step2) {
        value = 0.5 * (value + o.table[phase2 & mask]);
        phase2 += step2;
      }
      filtered += alpha * (value - filtered);
      out[start + i] += filtered * level * o.amp;
    }
  }

  kick(at: number, amp: number) {
    const { out, rate } = this;
    const start = Math.floor(at * rate);
    const length = Math.min(out.length - start, Math.floor(0.35 * rate));
    // Exponential decays as per-sample factors: no Math.exp in the loop.
    const sweepFactor = Math.exp(-28 / rate);
    const levelFactor = Math.exp(-9 / rate);
    const mask = TABLE_SIZE - 1;
    let sweep = 95;
    let level = amp;
    let phase = 0;
    for (let i = 0; i < length; i++) {
      phase += ((45 + sweep) * TABLE_SIZE) / rate;
      out[start + i] += TABLES.sine[phase & mask] * level;
      sweep *= sweepFactor;
      level *= levelFactor;
    }
  }

  noise(at: number, seconds: number, decay: number, amp: number, seed: number, highPass: boolean, tone = 0) {
    const { out, rate } = this;
    const start = Math.floor(at * rate);
    const length = Math.min(out.length - start, Math.floor(seconds * rate));
    const levelFactor = Math.exp(-decay / rate);
    const toneFactor = Math.exp(-30 / rate);
    const toneStep = (tone * TABLE_SIZE) / rate;
    const mask = TABLE_SIZE - 1;
    let state = seed | 1;
    let previous = 0;
    let level = amp;
    let toneLevel = 0.6;
    let tonePhase = 0;
    for (let i = 0; i < length; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const white = (state >>> 0) / 2147483648 - 1;
      const value = highPass ? white - previous : white;
      previous = white;
      let body = 0;
      if (tone) {
        body = TABLES.sine[tonePhase & mask] * toneLevel;
        tonePhase += toneStep;
        toneLevel *= toneFactor;
      }
      out[start + i] += (value * 0.7 + body) * level;
      level *= levelFactor;
    }
  }

  /** A feedback echo over the whole buffer (used on the lead line only). */
  static echo(buffer: Float32Array, delaySamples: number, feedback: number, mix: number) {
    for (let i = delaySamples; i < buffer.length; i++) buffer[i] += buffer[i - delaySamples] * feedback * mix;
  }
}

function leadOptions(voice: LeadVoice, beat: number): NoteOptions {
  switch (voice) {
    case "square":
      return { table: TABLES.square, amp: 0.16, attack: 0.01, decay: 0.1, sustain: 0.6, release: 0.08, cutoff: 3200 };
    case "saw":
      return { table: TABLES.saw, amp: 0.15, attack: 0.02, decay: 0.15, sustain: 0.55, release: 0.12, cutoff: 2600, detune: 8 };
    case "sine":
      return { table: TABLES.triangle, amp: 0.26, attack: 0.03, decay: 0.2, sustain: 0.7, release: 0.2 };
    case "pluck":
      return { table: TABLES.saw, amp: 0.2, attack: 0.003, decay: beat * 0.9, sustain: 0.05, release: 0.1, cutoff: 1800 };
    case "bell":
      return { table: TABLES.bell, amp: 0.2, attack: 0.002, decay: beat * 1.5, sustain: 0.1, release: 0.4 };
  }
}

/** Scale degree (may be negative or above 7) to a MIDI note in the key, around `base`. */
function degreeToMidi(degree: number, root: number, mode: "major" | "minor", base: number): number {
  const scale = SCALES[mode];
  const octave = Math.floor(degree / 7);
  const index = ((degree % 7) + 7) % 7;
  return base + root + octave * 12 + scale[index];
}

/** A two-bar motif: scale degrees for a rhythm, leaning on chord tones on strong steps. */
function motif(random: Random, rhythm: [number, number][], chords: readonly number[], startDegree: number): number[] {
  const degrees: number[] = [];
  let degree = startDegree;
  for (const [step] of rhythm) {
    const chord = chords[Math.min(chords.length - 1, Math.floor(step / 8))];
    if (step % 4 === 0) {
      // Strong beat: the nearest tone of the chord (root, third or fifth).
      const tones = [chord, chord + 2, chord + 4, chord + 7, chord + 9];
      degree = tones.reduce((best, tone) => (Math.abs(tone - degree) < Math.abs(best - degree) ? tone : best), tones[0]);
    } else {
      degree += pick(random, [-2, -1, -1, 1, 1, 2, 0]);
    }
    degree = Math.max(-1, Math.min(11, degree));
    degrees.push(degree);
  }
  return degrees;
}

export function renderSong(spec: SynthSpec): Float32Array {
  const rate = spec.sampleRate ?? DEMO_SAMPLE_RATE;
  const random = createRandom(spec.seed);
  const beat = 60 / spec.bpm;
  const bar = beat * 4;
  const bars = spec.bars;
  const tail = 1.2;
  const renderer = new Renderer(rate, bars * bar + tail);
  const progression = pick(random, PROGRESSIONS[spec.mode]);
  const rhythmA = pick(random, RHYTHMS);
  const rhythmB = pick(random, RHYTHMS);
  const motifA = motif(random, rhythmA, progression.slice(0, 2), 4 + Math.floor(random() * 3));
  const motifB = motif(random, rhythmB, progression.slice(2, 4), 2 + Math.floor(random() * 5));
  const swing = spec.style.drums === "shuffle" ? beat / 6 : 0;
  const introBars = 2;

  // Pad chords and bass, one chord per bar.
  for (let b = 0; b < bars; b++) {
    const chord = progression[b % progression.length];
    const t = b * bar;
    for (const offset of [0, 2, 4]) {
      renderer.note(t, bar * 0.98, degreeToMidi(chord + offset, spec.root, spec.mode, 48), {
        table: spec.style.padCutoff > 2000 ? TABLES.saw : TABLES.organ,
        amp: 0.07,
        attack: Math.min(0.4, bar / 4),
        decay: 0.3,
        sustain: 0.8,
        release: 0.3,
        cutoff: spec.style.padCutoff,
        detune: 6,
      });
    }
    const bassMidi = degreeToMidi(chord, spec.root, spec.mode, 36);
    const bassNote = (start: number, length: number, midi: number) =>
      renderer.note(start, length, midi, { table: TABLES.triangle, amp: 0.34, attack: 0.005, decay: 0.12, sustain: 0.7, release: 0.06, cutoff: 900 });
    if (b < introBars - 1) continue;
    if (spec.style.bass === "long") bassNote(t, bar * 0.95, bassMidi);
    else if (spec.style.bass === "beats") for (let k = 0; k < 4; k++) bassNote(t + k * beat, beat * 0.85, k === 3 && b % 2 ? bassMidi + 7 : bassMidi);
    else for (let k = 0; k < 8; k++) bassNote(t + (k * beat) / 2 + (k % 2 ? swing : 0), beat * 0.42, k % 4 === 3 ? bassMidi + 12 : bassMidi);
  }

  // Lead melody: A A' B A over each eight bars, after the intro.
  const lead = new Renderer(rate, bars * bar + tail);
  const options = leadOptions(spec.style.lead, beat);
  for (let b = introBars; b + 1 < bars; b += 2) {
    const phrase = Math.floor((b - introBars) / 2) % 4;
    const useB = phrase === 2;
    const rhythm = useB ? rhythmB : rhythmA;
    const degrees = useB ? motifB : motifA.map((d, i) => (phrase === 1 && i >= motifA.length - 2 ? d + pick(random, [-1, 1, 2]) : d));
    rhythm.forEach(([step, length], i) => {
      const start = b * bar + (step * beat) / 2 + (step % 2 ? swing : 0);
      lead.note(start, (length * beat) / 2 * 0.9, degreeToMidi(degrees[i], spec.root, spec.mode, 60), options);
    });
  }
  Renderer.echo(lead.out, Math.floor(beat * 0.75 * rate), 0.35, 1);
  for (let i = 0; i < lead.out.length; i++) renderer.out[i] += lead.out[i];

  // Drums from the third bar (a hi-hat intro before), stopping before the last bar's fade.
  const hatSeed = spec.seed ^ 0x9e3779b9;
  for (let b = 0; b < bars; b++) {
    const t = b * bar;
    const full = b >= introBars;
    for (let k = 0; k < 8; k++) {
      const at = t + (k * beat) / 2 + (k % 2 ? swing : 0);
      if (spec.style.drums !== "sparse" || k % 2 === 0) renderer.noise(at, 0.06, 70, k % 2 ? 0.05 : 0.08, hatSeed + b * 8 + k, true);
    }
    if (!full) continue;
    switch (spec.style.drums) {
      case "four":
        for (let k = 0; k < 4; k++) renderer.kick(t + k * beat, 0.8);
        renderer.noise(t + beat, 0.2, 18, 0.3, hatSeed + b, false, 190);
        renderer.noise(t + 3 * beat, 0.2, 18, 0.3, hatSeed + b + 1, false, 190);
        break;
      case "backbeat":
      case "shuffle":
        renderer.kick(t, 0.8);
        renderer.kick(t + 2.5 * beat + swing, 0.55);
        renderer.noise(t + beat, 0.2, 16, 0.32, hatSeed + b, false, 180);
        renderer.noise(t + 3 * beat, 0.2, 16, 0.32, hatSeed + b + 1, false, 180);
        break;
      case "halftime":
        renderer.kick(t, 0.85);
        renderer.kick(t + 0.75 * beat, 0.5);
        renderer.kick(t + 2.75 * beat, 0.45);
        renderer.noise(t + 2 * beat, 0.25, 12, 0.36, hatSeed + b, false, 170);
        break;
      case "sparse":
        renderer.kick(t, 0.6);
        if (b % 2) renderer.noise(t + 2 * beat, 0.3, 10, 0.18, hatSeed + b, false, 160);
        break;
    }
  }

  return master(renderer.out, rate, bars * bar);
}

/** Fade in, fade out over the last bar, normalise and soft-clip. */
function master(out: Float32Array, rate: number, musicSeconds: number): Float32Array {
  const fadeIn = Math.floor(0.05 * rate);
  const fadeOutStart = Math.floor((musicSeconds - Math.min(3, musicSeconds / 6)) * rate);
  let peak = 0;
  for (let i = 0; i < out.length; i++) {
    let gain = 1;
    if (i < fadeIn) gain = i / fadeIn;
    if (i > fadeOutStart) gain *= Math.max(0, 1 - (i - fadeOutStart) / (out.length - fadeOutStart));
    out[i] *= gain;
    const magnitude = out[i] < 0 ? -out[i] : out[i];
    if (magnitude > peak) peak = magnitude;
  }
  const scale = peak > 0 ? 1.1 / peak : 1;
  for (let i = 0; i < out.length; i++) out[i] = softClip(out[i] * scale) * 0.92;
  return out;
}

/** tanh-like saturation (a Pade approximant, exact enough below |x| = 3, clamped beyond). */
function softClip(x: number): number {
  if (x >= 3) return 1;
  if (x <= -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

/** Bars of 4/4 at `bpm` that last about `seconds` (a multiple of 4, at least `minSeconds`). */
export function barsFor(bpm: number, seconds: number, minSeconds = 15): number {
  const bar = (60 / bpm) * 4;
  let bars = Math.max(4, Math.round(seconds / bar / 4) * 4);
  while (bars * bar < minSeconds) bars += 4;
  return bars;
}

/** Duration of a rendered song in seconds (music plus the release tail). */
export function renderedSeconds(samples: Float32Array, sampleRate = DEMO_SAMPLE_RATE): number {
  return samples.length / sampleRate;
}
