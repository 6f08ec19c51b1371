/** Song submissions: the form's credit rows, the status badges, the lists and the detail pages. */
import { style, styleVariants } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const twoFields = style({
  display: "grid",
  gap: vars.space[5],
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 14rem), 1fr))",
});

export const creditRows = style({ display: "grid", gap: vars.space[3] });

export const creditRow = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[3],
    padding: vars.space[4],
    margin: 0,
    minWidth: 0,
    gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 11rem), 1fr))",
  },
]);

export const creditLegend = style({ fontWeight: 700, padding: `0 ${vars.space[2]}` });

export const checkRow = style({ display: "flex", alignItems: "center", gap: vars.space[3], minHeight: "48px" });

export const checkbox = style({ width: "24px", height: "24px", accentColor: vars.color.primary });

export const progress = style({ display: "grid", gap: vars.space[2] });

export const progressBar = style({ width: "100%", height: "12px", accentColor: vars.color.primary });

export const list = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const item = style([
  recipe.surface,
  {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    gap: vars.space[3],
    padding: vars.space[4],
  },
]);

export const itemText = style({ display: "grid", gap: vars.space[1], minWidth: 0 });

export const itemTitle = style({ fontWeight: 700, overflowWrap: "anywhere" });

export const itemMeta = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const itemActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

const badgeBase = style([recipe.pill, { padding: `2px ${vars.space[3]}`, fontWeight: 700, fontSize: "0.85rem", border: `1px solid ${vars.color.border}` }]);

export const badge = styleVariants({
  pending: [badgeBase, { background: vars.color.secondary, color: vars.color.secondaryText }],
  accepted: [badgeBase, { background: vars.color.secondary, color: vars.color.text, borderColor: vars.color.primary }],
  declined: [badgeBase, { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.destructive }],
  withdrawn: [badgeBase, { background: vars.color.surface, color: vars.color.textMuted }],
});

export const facts = style({
  display: "grid",
  gap: vars.space[3],
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 10rem), 1fr))",
  margin: 0,
});

export const fact = style({ display: "grid", gap: vars.space[1] });

export const factLabel = style({ color: vars.color.textMuted, fontSize: "0.85rem", fontWeight: 600 });

export const factValue = style({ margin: 0, fontWeight: 600, overflowWrap: "anywhere" });

export const lyrics = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "inherit", margin: 0 });

export const note = style([recipe.surface, { padding: vars.space[4], whiteSpace: "pre-wrap", overflowWrap: "anywhere" }]);

export const filters = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2] }]);

export const stack = style({ display: "grid", gap: vars.space[6] });

export const audio = style({ width: "100%" });

/** A camp song's credits, read-only in the submission form (ADR 0091). */
export const campCredits = style([recipe.surface, { display: "grid", gap: vars.space[3], padding: vars.space[4] }]);
