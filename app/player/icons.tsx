/**
 * Player glyphs. Always decorative: the button around each carries the
 * accessible name (aria-label), so every icon is aria-hidden.
 */
const PATHS = {
  play: "M8 5.14v13.72a1 1 0 0 0 1.52.85l10.6-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14z",
  pause: "M7 5h3.5v14H7zM13.5 5H17v14h-3.5z",
  previous: "M6 5h2v14H6zM19 5.5v13a.8.8 0 0 1-1.25.66L9.5 13.2a1.4 1.4 0 0 1 0-2.4l8.25-5.96A.8.8 0 0 1 19 5.5z",
  next: "M16 5h2v14h-2zM5 5.5v13a.8.8 0 0 0 1.25.66l8.25-5.96a1.4 1.4 0 0 0 0-2.4L6.25 4.84A.8.8 0 0 0 5 5.5z",
} as const;

const STROKES = {
  expand: "M6 15l6-6 6 6",
  collapse: "M6 9l6 6 6-6",
  close: "M6 6l12 12M18 6L6 18",
  volume: "M11 5L6 9H3v6h3l5 4V5zM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13",
  muted: "M11 5L6 9H3v6h3l5 4V5zM22 9l-6 6M16 9l6 6",
  list: "M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01",
  keyboard: "M4 6h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM6 10h.01M10 10h.01M14 10h.01M18 10h.01M8 14h8",
} as const;

export type IconName = keyof typeof PATHS | keyof typeof STROKES;

export function PlayerIcon({ name, className }: { name: IconName; className?: string }) {
  if (name in PATHS) {
    return (
      <svg className={className} viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={PATHS[name as keyof typeof PATHS]} />
      </svg>
    );
  }
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={STROKES[name as keyof typeof STROKES]} />
    </svg>
  );
}
