/** Shortlists, their share links and the shared page. Built from the shared recipes and theme contract. */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({ display: "grid", gap: vars.space[6] });

export const list = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const listRow = style([
  recipe.surface,
  {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    gap: vars.space[3],
    padding: vars.space[4],
    minWidth: 0,
  },
]);

export const rowTitle = style({ fontWeight: 700, fontSize: "1.05rem", overflowWrap: "anywhere" });

export const meta = style({ color: vars.color.textMuted, fontSize: "0.9rem", display: "flex", flexWrap: "wrap", gap: vars.space[3] });

export const item = style([recipe.surface, { display: "grid", gap: vars.space[3], padding: vars.space[4], minWidth: 0 }]);

export const itemHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space[3] });

export const itemForm = style({ display: "grid", gap: vars.space[3], gridTemplateColumns: "minmax(0, 1fr)" });

export const inlineForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "end" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const grow = style({ flex: "1 1 14rem", minWidth: 0 });

export const linkBox = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[3],
    padding: vars.space[4],
    borderColor: vars.color.primary,
    borderWidth: "2px",
  },
]);

export const linkText = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere", wordBreak: "break-all" });

export const state = style([recipe.pillOutline, { fontSize: "0.8125rem" }]);

export const warning = style({ color: vars.color.textMuted, fontStyle: "italic" });

export const audio = style({ width: "100%", maxWidth: "100%" });

export const songRow = style([recipe.surface, { display: "grid", gap: vars.space[2], padding: vars.space[4], minWidth: 0 }]);

export const songLine = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space[3] });

export const playsTable = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.9rem" });
