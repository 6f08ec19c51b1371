/**
 * The developer tools: a toggle in the bottom-right corner and a panel above
 * it. Both sit under the floating player (z-index 900, player.css.ts), so
 * the player's controls always stay on top and usable; on a phone, where the
 * player spans the bottom, toggle and panel keep above its bar. Nothing is
 * wider than the viewport: lines wrap, so a 320 px screen never scrolls
 * sideways.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

const wide = "(min-width: 720px)";
/** Room kept free at the bottom of a phone for the floating player's bar. */
const PLAYER_BAR = "112px";
const Z = 850;

export const toggle = style({
  position: "fixed",
  zIndex: Z,
  right: `max(${vars.space[3]}, env(safe-area-inset-right))`,
  bottom: `calc(${PLAYER_BAR} + env(safe-area-inset-bottom))`,
  minHeight: "48px",
  minWidth: "48px",
  boxShadow: vars.shadow.md,
  "@media": { [wide]: { right: vars.space[6], bottom: vars.space[6] } },
});

export const panel = style([
  recipe.surface,
  {
    position: "fixed",
    zIndex: Z,
    top: vars.space[2],
    left: vars.space[2],
    right: vars.space[2],
    // Above the toggle (48 px) and the player's bar.
    bottom: `calc(${PLAYER_BAR} + 56px + env(safe-area-inset-bottom))`,
    display: "flex",
    flexDirection: "column",
    minWidth: 0,
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    fontSize: "0.875rem",
    "@media": {
      [wide]: { top: vars.space[6], left: "auto", right: vars.space[6], bottom: "88px", width: `min(560px, calc(100vw - 48px))` },
    },
  },
]);

export const panelHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space[2],
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const panelTitle = style({ fontSize: "1rem", fontWeight: 700 });

export const tabList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space[1],
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  minHeight: "44px",
  padding: `0 ${vars.space[3]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontWeight: 600,
  cursor: "pointer",
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText },
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" },
  },
});

export const tabPanel = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  overflowX: "hidden",
  padding: vars.space[3],
  display: "grid",
  alignContent: "start",
  gap: vars.space[3],
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "-3px" } },
});

export const toolbar = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space[2] });

export const muted = style({ color: vars.color.textMuted });

export const entries = style([recipe.bareList, { display: "grid", gap: vars.space[2], minWidth: 0 }]);

export const entry = style({
  display: "grid",
  gap: vars.space[1],
  padding: vars.space[2],
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  minWidth: 0,
  overflowWrap: "anywhere",
});

export const entryLine = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: vars.space[2], minWidth: 0 });

export const mono = style({ fontFamily: vars.font.mono, fontSize: "0.8rem", overflowWrap: "anywhere", minWidth: 0 });

export const detail = style({ margin: 0, fontFamily: vars.font.mono, fontSize: "0.8rem", whiteSpace: "pre-wrap", overflowWrap: "anywhere", color: vars.color.textMuted });

export const badge = style([recipe.pill, { padding: `0 ${vars.space[2]}`, fontSize: "0.75rem", fontWeight: 700, border: `1px solid ${vars.color.borderStrong}` }]);
export const badgeError = style({ color: vars.color.destructive, borderColor: vars.color.destructive });
export const badgeWarn = style({ color: vars.color.text, borderColor: vars.color.warning });

export const facts = style({ display: "grid", gridTemplateColumns: "minmax(0, auto) minmax(0, 1fr)", gap: `${vars.space[1]} ${vars.space[3]}`, margin: 0 });
globalStyle(`${facts} dt`, { fontWeight: 700 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: "anywhere", minWidth: 0 });

export const sectionTitle = style({ fontSize: "0.95rem", fontWeight: 700 });
