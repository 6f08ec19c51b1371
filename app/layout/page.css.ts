/** Building blocks shared by the product's inner pages (headers, cards, tables, chips). */
import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const page = style({
  paddingBlock: `${vars.space[10]} ${vars.space[12]}`,
  display: "grid",
  // minmax(0, 1fr): a wide child scrolls or wraps inside the page, never widens it past the screen.
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[8],
});

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space[5],
  paddingBottom: vars.space[6],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerText = style({ display: "grid", gap: vars.space[2], maxWidth: "70ch" });

export const eyebrow = style({
  color: vars.color.accent,
  fontSize: "0.8rem",
  fontWeight: 700,
  letterSpacing: "0.1em",
  textTransform: "uppercase",
});

export const title = style({ fontSize: "clamp(1.9rem, 4.5vw, 2.75rem)", fontWeight: 800, letterSpacing: "-0.02em" });

export const lead = style({ color: vars.color.textMuted, fontSize: "1.075rem" });

export const headerActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3] });

export const sectionTitle = style({ fontSize: "1.35rem", fontWeight: 700, marginBottom: vars.space[4] });

export const card = style([recipe.card, { padding: vars.space[6], boxShadow: vars.shadow.sm }]);

export const cardGrid = style([
  recipe.bareList,
  { display: "grid", gap: vars.space[5], gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 280px), 1fr))" },
]);

export const muted = style({ color: vars.color.textMuted });

/** A link inside running text or a card. */
export const textLink = style({ color: vars.color.link, fontWeight: 600 });

export const chipList = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2] }]);

export const chip = style([recipe.pillSoft, { padding: `2px ${vars.space[3]}`, fontSize: "0.8125rem" }]);

export const chipOutline = style([
  chip,
  { background: "transparent", color: vars.color.textMuted, border: `1px solid ${vars.color.border}` },
]);

export const statGrid = style({
  display: "grid",
  gap: vars.space[4],
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 180px), 1fr))",
  margin: 0,
});

export const stat = style([recipe.surface, { display: "flex", flexDirection: "column-reverse", gap: vars.space[1], padding: vars.space[5] }]);

export const statValue = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: "2.25rem",
  fontWeight: 800,
  lineHeight: 1,
});

export const statLabel = style({ color: vars.color.textMuted, fontWeight: 600, fontSize: "0.9rem" });

export const tableWrap = style([recipe.surface, { overflowX: "auto" }]);

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.925rem" });
globalStyle(`${table} caption`, { textAlign: "left", padding: vars.space[4], fontWeight: 700, color: vars.color.text });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: `${vars.space[3]} ${vars.space[3]}`,
  borderTop: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});
// Dates and badges read badly when broken over two lines.
globalStyle(`${table} time, ${table} thead th`, { whiteSpace: "nowrap" });
globalStyle(`${table} thead th`, {
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: "0.8rem",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
});

export const pagination = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space[4] });
