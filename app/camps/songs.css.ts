/** The session page: its facts, songs, split sheets and forms (issue 13 §4, ADR 0090). */
import { style, styleVariants } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({ display: "grid", gap: vars.space[5], minWidth: 0 });
export const tightStack = style({ display: "grid", gap: vars.space[3], minWidth: 0 });

export const facts = style({
  display: "grid",
  gap: vars.space[3],
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))",
  margin: 0,
});
export const fact = style({ display: "grid", gap: vars.space[1], minWidth: 0 });
export const factLabel = style({ color: vars.color.textMuted, fontSize: "0.875rem", fontWeight: 600 });
export const factValue = style({ margin: 0, overflowWrap: "anywhere" });

export const people = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2] }]);
export const person = style([recipe.pillOutline, { padding: `2px ${vars.space[3]}`, fontSize: "0.875rem" }]);

export const songList = style([recipe.bareList, { display: "grid", gap: vars.space[6] }]);
export const song = style([recipe.card, { padding: vars.space[5], minWidth: 0 }]);
export const songTitle = style({ fontSize: "1.2rem", fontWeight: 700, overflowWrap: "anywhere" });
export const notes = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", color: vars.color.textMuted });
export const audio = style({ width: "100%", maxWidth: "100%", minHeight: "48px" });

const badgeBase = style([recipe.pill, { padding: `2px ${vars.space[3]}`, fontWeight: 700, fontSize: "0.85rem", border: `1px solid ${vars.color.border}` }]);
export const badge = styleVariants({
  none: [badgeBase, { background: vars.color.surface, color: vars.color.textMuted }],
  awaiting: [badgeBase, { background: vars.color.secondary, color: vars.color.secondaryText }],
  complete: [badgeBase, { background: vars.color.secondary, color: vars.color.text, borderColor: vars.color.primary }],
  locked: [badgeBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.primary }],
});

export const tableWrap = style([recipe.surface, { overflowX: "auto", maxWidth: "100%" }]);
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.925rem" });
export const cell = style({ padding: `${vars.space[2]} ${vars.space[3]}`, textAlign: "left", borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top", overflowWrap: "anywhere" });
export const numeric = style([cell, { textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }]);

export const inlineForm = style({ display: "inline-flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center", margin: 0 });

export const sheetRow = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[3],
    padding: vars.space[4],
    gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 11rem), 1fr))",
    margin: 0,
    minWidth: 0,
  },
]);
export const legend = style({ fontWeight: 600, padding: `0 ${vars.space[2]}` });

export const details = style({ display: "grid", gap: vars.space[3] });
export const summary = style({ cursor: "pointer", fontWeight: 600, minHeight: "48px", display: "flex", alignItems: "center", color: vars.color.link });
export const note = style({ color: vars.color.textMuted, fontSize: "0.925rem" });
export const callout = style([recipe.surface, { padding: vars.space[4], borderLeft: `4px solid ${vars.color.primary}` }]);
export const caption = style({ color: vars.color.textMuted, fontSize: "0.925rem", textAlign: "left", padding: `${vars.space[2]} ${vars.space[3]}` });
