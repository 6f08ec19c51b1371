/** The overview's charts: both themes through the theme contract (SVG parts are styled by class, not by attribute). */
import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  gap: vars.space[4],
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 320px), 1fr))",
});

export const figure = style([recipe.surface, { margin: 0, padding: vars.space[4], display: "grid", gap: vars.space[3], minWidth: 0 }]);

export const caption = style({ fontWeight: 700, fontSize: "1rem" });

export const summary = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const svg = style({ display: "block", width: "100%", height: "auto", overflow: "visible" });

export const bar = style({ fill: vars.color.primary });
export const line = style({ fill: "none", stroke: vars.color.primary, strokeWidth: 2.5, strokeLinejoin: "round", strokeLinecap: "round" });
export const area = style({ fill: vars.color.secondary, opacity: 0.7 });
export const point = style({ fill: vars.color.primary, stroke: vars.color.surface, strokeWidth: 1.5 });
export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });
export const axisLine = style({ stroke: vars.color.borderStrong, strokeWidth: 1 });
export const axisText = style({ fill: vars.color.textMuted, fontSize: "11px", fontFamily: "inherit" });

export const details = style({ fontSize: "0.9rem" });
globalStyle(`${details} > summary`, {
  cursor: "pointer",
  minHeight: "44px",
  display: "flex",
  alignItems: "center",
  color: vars.color.link,
  fontWeight: 600,
});

export const figuresTable = style({ width: "100%", borderCollapse: "collapse" });
globalStyle(`${figuresTable} th, ${figuresTable} td`, {
  textAlign: "left",
  padding: `${vars.space[1]} ${vars.space[2]}`,
  borderTop: `1px solid ${vars.color.border}`,
});
globalStyle(`${figuresTable} td`, { textAlign: "right", fontVariantNumeric: "tabular-nums" });
