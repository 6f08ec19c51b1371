/** The schedule page's grid (ADR 0087): scrolls inside its own box, never the page. */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

export const gridWrap = style([recipe.surface, { overflowX: "auto", maxWidth: "100%", minWidth: 0 }]);

export const grid = style({ borderCollapse: "collapse", fontSize: "0.925rem", minWidth: "100%" });

export const headCell = style({
  textAlign: "left",
  padding: vars.space[3],
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  whiteSpace: "nowrap",
  verticalAlign: "bottom",
});

export const slotCell = style({ padding: vars.space[3], fontWeight: 700, whiteSpace: "nowrap", verticalAlign: "top", borderTop: `1px solid ${vars.color.border}` });

export const cell = style({
  padding: vars.space[3],
  verticalAlign: "top",
  borderTop: `1px solid ${vars.color.border}`,
  borderLeft: `1px solid ${vars.color.border}`,
  minWidth: "15rem",
});

export const cellOver = style({ outline: `3px solid ${vars.color.primary}`, outlineOffset: "-3px" });

export const seats = style({ color: vars.color.textMuted, fontSize: "0.85rem", marginBottom: vars.space[2] });

export const people = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const person = style({ display: "grid", gap: vars.space[2], paddingBottom: vars.space[3], borderBottom: `1px dashed ${vars.color.border}` });

export const personName = style({ fontWeight: 600, overflowWrap: "anywhere" });

export const role = style([recipe.pillSoft, { padding: `0 ${vars.space[2]}`, fontSize: "0.75rem", marginLeft: vars.space[2] }]);

export const inlineForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "end" });

export const select = style({
  minHeight: "48px",
  maxWidth: "14rem",
  padding: `0 ${vars.space[2]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
});

export const smallLabel = style({ display: "grid", gap: vars.space[1], fontSize: "0.85rem", fontWeight: 600 });

export const errors = style({ color: vars.color.destructive, fontWeight: 600, fontSize: "0.875rem" });

export const unplaced = style({ color: vars.color.textMuted, fontSize: "0.875rem", overflowWrap: "anywhere" });

export const metrics = style({ display: "grid", gap: vars.space[2], gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 12rem), 1fr))" });

export const metric = style([recipe.surface, { padding: vars.space[3], display: "flex", flexDirection: "column-reverse", gap: vars.space[1] }]);

export const metricValue = style({ fontSize: "1.4rem", fontWeight: 800 });

export const previewList = style([recipe.bareList, { display: "grid", gap: vars.space[2] }]);

export const newMark = style({ fontWeight: 700, color: vars.color.link });

export const check = style({ display: "flex", gap: vars.space[3], alignItems: "center", minHeight: "48px" });

export const checkbox = style({ width: "24px", height: "24px" });

export const dragHandle = style({ cursor: "grab" });
