/** The admin catalogue's pages (docs/decisions/0082-admin-catalogue.md): layout only, colours from the theme contract. */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

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

export const inlineForm = style({ display: "inline-flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const versionList = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const versionItem = style([
  recipe.surface,
  { display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space[3], padding: vars.space[4], minWidth: 0 },
]);

export const versionText = style({ display: "grid", gap: vars.space[1], minWidth: 0 });

export const versionAudio = style({ width: "100%", maxWidth: "28rem" });

export const statusNote = style([recipe.surface, { padding: vars.space[4], background: vars.color.surfaceSunken }]);

export const titleCell = style({ minWidth: "10rem" });
