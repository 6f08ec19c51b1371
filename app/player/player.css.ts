/**
 * The floating player: a card docked bottom-left on wide screens (toasts
 * own bottom-right) and full-width with side margins on a phone. Minimised it
 * is one row; expanded it grows upwards into the full panel.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

const wide = "(min-width: 720px)";

export const dock = style({
  position: "fixed",
  zIndex: 900,
  left: `max(${vars.space[3]}, env(safe-area-inset-left))`,
  right: `max(${vars.space[3]}, env(safe-area-inset-right))`,
  bottom: `max(${vars.space[3]}, env(safe-area-inset-bottom))`,
  "@media": {
    [wide]: { left: vars.space[6], right: "auto", bottom: vars.space[6], width: "440px" },
  },
});

export const card = style([
  recipe.surface,
  {
    position: "relative",
    overflowX: "hidden",
    overflowY: "auto",
    // The expanded panel never grows past a short phone's screen.
    maxHeight: `calc(100dvh - ${vars.space[6]})`,
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
  },
]);

// While the player is docked, the browser keeps what it scrolls into view (a field or link
// reached with Tab, an anchor) above it, not under it (WCAG 2.2, 2.4.11 Focus Not Obscured).
globalStyle(`html:has(${dock})`, { scrollPaddingBottom: "112px" });

/** Thin decorative progress line along the top edge of the minimised bar. */
export const miniProgress = style({
  position: "absolute",
  insetInline: 0,
  top: 0,
  height: "3px",
  background: vars.color.border,
});

export const miniProgressFill = style({
  height: "100%",
  background: `linear-gradient(90deg, ${vars.color.primary}, ${vars.color.accent})`,
  transformOrigin: "left center",
});

export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[1],
  padding: `${vars.space[2]} ${vars.space[2]}`,
  paddingTop: `calc(${vars.space[2]} + 3px)`,
});

export const transport = style({
  display: "flex",
  alignItems: "center",
  gap: 0,
  flexShrink: 0,
  "@media": { "(min-width: 480px)": { gap: vars.space[1] } },
});

export const iconButton = style({
  display: "inline-grid",
  placeItems: "center",
  // Narrower on a phone so the title keeps room; still 44px tall to tap.
  width: "40px",
  height: "44px",
  flexShrink: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  transition: "background-color 120ms ease, color 120ms ease",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken },
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "1px" },
    '&[aria-pressed="true"]': { color: vars.color.primary },
  },
  "@media": { "(min-width: 480px)": { width: "44px" } },
});
globalStyle(`${iconButton} svg`, { width: "22px", height: "22px" });

export const playButton = style([
  iconButton,
  {
    width: "48px",
    height: "48px",
    background: vars.color.primary,
    color: vars.color.primaryText,
    boxShadow: vars.shadow.sm,
    selectors: { "&:hover": { background: vars.color.primaryHover } },
    "@media": { "(min-width: 480px)": { width: "48px" } },
  },
]);

export const playButtonLarge = style([
  playButton,
  { width: "56px", height: "56px", "@media": { "(min-width: 480px)": { width: "56px" } } },
]);

export const meta = style({ minWidth: 0, flex: 1, paddingInline: vars.space[2] });

export const title = style({
  fontWeight: 700,
  fontSize: "0.95rem",
  lineHeight: 1.25,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});

export const artist = style({
  color: vars.color.textMuted,
  fontSize: "0.85rem",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});

export const panel = style({ display: "grid", gap: vars.space[3], padding: vars.space[4] });

export const panelHeader = style({ display: "flex", alignItems: "center", gap: vars.space[1] });

export const eyebrow = style({
  flex: 1,
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: "0.75rem",
  fontWeight: 700,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
  color: vars.color.textMuted,
});

export const nowPlaying = style({ display: "flex", alignItems: "center", gap: vars.space[3], minWidth: 0 });

export const artwork = style({
  flexShrink: 0,
  width: "56px",
  height: "56px",
  borderRadius: vars.radius.md,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
  objectFit: "cover",
});

export const panelTitle = style({ fontSize: "1.15rem", fontWeight: 700, lineHeight: 1.25, overflowWrap: "anywhere" });

export const seekRow = style({ display: "grid", gap: "2px" });

export const times = style({
  display: "flex",
  justifyContent: "space-between",
  fontFamily: vars.font.mono,
  fontSize: "0.8rem",
  color: vars.color.textMuted,
  fontVariantNumeric: "tabular-nums",
});

export const controlsRow = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space[3],
});

export const volumeRow = style({ display: "flex", alignItems: "center", gap: vars.space[2] });

export const volumeSlider = style({ flex: 1 });

export const playlistHeader = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space[2],
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space[3],
});

export const playlistHeading = style({ fontFamily: vars.font.body, fontSize: "0.85rem", fontWeight: 700 });

export const counter = style({
  fontFamily: vars.font.mono,
  fontSize: "0.8rem",
  color: vars.color.textMuted,
  fontVariantNumeric: "tabular-nums",
});

export const playlist = style([
  recipe.bareList,
  { maxHeight: "12rem", overflowY: "auto", overscrollBehavior: "contain", display: "grid", gap: "2px" },
]);

export const playlistItem = style({
  display: "grid",
  gridTemplateColumns: "1.75rem 1fr",
  alignItems: "center",
  gap: vars.space[2],
  width: "100%",
  minHeight: "44px",
  padding: `${vars.space[1]} ${vars.space[2]}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  textAlign: "start",
  font: "inherit",
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceSunken },
    '&[aria-current="true"]': { background: vars.color.secondary, color: vars.color.secondaryText },
  },
});

export const playlistIndex = style({
  fontFamily: vars.font.mono,
  fontSize: "0.8rem",
  color: "inherit",
  opacity: 0.8,
  textAlign: "end",
});

export const playlistText = style({ minWidth: 0, display: "grid" });
globalStyle(`${playlistText} > span`, { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" });
globalStyle(`${playlistText} > span + span`, { fontSize: "0.8rem", opacity: 0.85 });

/** Room at the end of the page so the docked player never hides the footer. */
export const spacer = style({ height: "96px" });
