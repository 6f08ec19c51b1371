/**
 * THE MEDIA TYPES the product stores and serves, declared once: each with its
 * MIME type, the extension stored objects get, and the name shown to people.
 * What a file *is* is read from its bytes (app/catalog/media-types.ts); a
 * file's name only matters where no record says what it holds (a stored
 * object without its metadata, the song page's <audio> type hint).
 *
 * Plain data: the platform (storage), the areas and the browser bundle may
 * all import it.
 */

export interface MediaType {
  kind: "audio" | "image";
  /** The MIME type the file is stored and served with. */
  contentType: string;
  /** The file extension stored objects get (with the dot). */
  extension: string;
  /** Name shown to people. */
  label: string;
}

export const AUDIO_TYPES = {
  mp3: { kind: "audio", contentType: "audio/mpeg", extension: ".mp3", label: "MP3" },
  wav: { kind: "audio", contentType: "audio/wav", extension: ".wav", label: "WAV" },
  ogg: { kind: "audio", contentType: "audio/ogg", extension: ".ogg", label: "OGG" },
  flac: { kind: "audio", contentType: "audio/flac", extension: ".flac", label: "FLAC" },
  m4a: { kind: "audio", contentType: "audio/mp4", extension: ".m4a", label: "M4A" },
  aac: { kind: "audio", contentType: "audio/aac", extension: ".aac", label: "AAC" },
} as const satisfies Record<string, MediaType>;

export const IMAGE_TYPES = {
  png: { kind: "image", contentType: "image/png", extension: ".png", label: "PNG" },
  jpeg: { kind: "image", contentType: "image/jpeg", extension: ".jpg", label: "JPEG" },
  webp: { kind: "image", contentType: "image/webp", extension: ".webp", label: "WebP" },
} as const satisfies Record<string, MediaType>;

/** Other extensions files of these types are commonly given. */
const OTHER_EXTENSIONS: Record<string, MediaType> = {
  ".oga": AUDIO_TYPES.ogg,
  ".jpeg": IMAGE_TYPES.jpeg,
};

const BY_EXTENSION: ReadonlyMap<string, MediaType> = new Map([
  ...[...Object.values(AUDIO_TYPES), ...Object.values(IMAGE_TYPES)].map((type) => [type.extension, type] as const),
  ...Object.entries(OTHER_EXTENSIONS),
]);

/** The media type a path's extension names (case-insensitive), or undefined for any other name. */
export function mediaTypeOfPath(path: string): MediaType | undefined {
  const dot = path.lastIndexOf(".");
  if (dot < 0 || dot < path.lastIndexOf("/")) return undefined;
  return BY_EXTENSION.get(path.slice(dot).toLowerCase());
}
