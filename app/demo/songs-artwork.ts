/**
 * Generated cover art for the demo catalogue: a 256x256 PNG per song, a
 * gradient in the song's palette with one of four motifs (sun, rings, waves,
 * dots), drawn with soft edges. PNG because it is an image type uploads accept
 * (media-types.ts) and, unlike SVG, cannot carry script.
 */
import zlib from "node:zlib";
import { createRandom, pick } from "./songs-random";

export const ARTWORK_SIZE = 256;

type Rgb = [number, number, number];

const PALETTES: [Rgb, Rgb, Rgb][] = [
  [[255, 94, 98], [255, 195, 113], [255, 245, 220]],
  [[32, 24, 82], [236, 72, 153], [253, 224, 71]],
  [[15, 32, 39], [44, 83, 100], [134, 239, 172]],
  [[88, 28, 135], [59, 130, 246], [224, 242, 254]],
  [[20, 20, 20], [220, 38, 38], [250, 250, 250]],
  [[6, 78, 59], [16, 185, 129], [254, 243, 199]],
  [[124, 45, 18], [251, 146, 60], [255, 237, 213]],
  [[30, 27, 75], [99, 102, 241], [199, 210, 254]],
  [[136, 19, 55], [244, 114, 182], [252, 231, 243]],
  [[12, 74, 110], [56, 189, 248], [240, 249, 255]],
];

const MOTIFS = ["sun", "rings", "waves", "dots"] as const;

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** 0 outside, 1 inside, a one-pixel soft edge between. */
function coverage(distanceInside: number): number {
  return Math.max(0, Math.min(1, distanceInside + 0.5));
}

export function renderArtworkPixels(seed: number, size = ARTWORK_SIZE): Uint8Array {
  const random = createRandom(seed);
  const [dark, mid, light] = pick(random, PALETTES);
  const motif = pick(random, MOTIFS);
  const angle = random() * Math.PI * 2;
  const cx = size * (0.3 + random() * 0.4);
  const cy = size * (0.3 + random() * 0.4);
  const radius = size * (0.18 + random() * 0.16);
  const frequency = 3 + Math.floor(random() * 6);
  const pixels = new Uint8Array(size * size * 3);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  // Plain numbers in the loop (no per-pixel arrays): 65,536 pixels per cover.
  let r = 0;
  let g = 0;
  let b = 0;
  const blend = (target: Rgb, t: number) => {
    if (t <= 0) return;
    r += (target[0] - r) * t;
    g += (target[1] - g) * t;
    b += (target[2] - b) * t;
  };
  const lightMid = mix(light, mid, 0.5);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // Background: a diagonal gradient dark -> mid.
      const along = Math.max(0, Math.min(1, ((x - size / 2) * dx + (y - size / 2) * dy) / size + 0.5));
      r = dark[0] + (mid[0] - dark[0]) * along;
      g = dark[1] + (mid[1] - dark[1]) * along;
      b = dark[2] + (mid[2] - dark[2]) * along;
      const distance = Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy));
      switch (motif) {
        case "sun": {
          // A disc whose lower half is cut by bands that widen towards its base.
          const below = (y - cy) / radius;
          const stripe = (((y - cy) / (radius / frequency)) % 1 + 1) % 1;
          if (below < 0 || stripe > below * 0.7) blend(below > 0 ? lightMid : light, coverage(radius - distance) * 0.95);
          break;
        }
        case "rings": {
          const ring = Math.abs(((distance / (size / (frequency * 2))) % 1) - 0.5) * (size / (frequency * 2));
          blend(light, coverage(2.2 - ring) * (distance < size * 0.48 ? 0.8 : 0.15));
          break;
        }
        case "waves": {
          const offset = y - (cy + Math.sin((x / size) * Math.PI * frequency + angle) * radius * 0.5);
          for (let k = -2; k <= 2; k++) blend(light, coverage(2.5 - Math.abs(offset - k * 18)) * (0.9 - Math.abs(k) * 0.25));
          break;
        }
        case "dots": {
          const cell = size / (frequency + 4);
          const gx = ((x % cell) + cell) % cell - cell / 2;
          const gy = ((y % cell) + cell) % cell - cell / 2;
          const dot = cell * 0.28 * (1 - Math.min(1, distance / (size * 0.75)));
          blend(light, coverage(dot - Math.sqrt(gx * gx + gy * gy)) * 0.9);
          break;
        }
      }
      const index = (y * size + x) * 3;
      pixels[index] = r;
      pixels[index + 1] = g;
      pixels[index + 2] = b;
    }
  }
  return pixels;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes 8-bit RGB pixels as a PNG (each row with the Sub filter: gradients compress well). */
export function encodePng(pixels: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 3;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 1; // Sub
    for (let i = 0; i < stride; i++) {
      const left = i >= 3 ? pixels[y * stride + i - 3] : 0;
      raw[row + 1 + i] = (pixels[y * stride + i] - left) & 0xff;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(zlib.deflateSync(raw, { level: 6 }))),
    chunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

export function renderArtworkPng(seed: number): Uint8Array {
  return encodePng(renderArtworkPixels(seed), ARTWORK_SIZE, ARTWORK_SIZE);
}
