import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as recipe from "~/styles/recipes.css";

export const groups = style({ display: "grid", gap: vars.space[5], minWidth: 0 });

export const group = style([recipe.surface, { display: "grid", gap: vars.space[3], padding: vars.space[4], minWidth: 0 }]);

export const partTitle = style({ fontSize: "1.2rem", fontWeight: 700, margin: 0 });

export const groupTitle = style({ fontSize: "1.05rem", fontWeight: 700, margin: 0 });

export const count = style({ color: vars.color.textMuted, fontWeight: 600, fontSize: "0.9rem" });

export const optionHint = style({ color: vars.color.textMuted, fontWeight: 400 });

export const linkRow = style({
  display: "grid",
  gap: vars.space[3],
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 14rem), 1fr))",
  minWidth: 0,
});

export const inlineForm = style({ display: "inline-flex" });

export const withdraw = style({ display: "grid", gap: vars.space[3], justifyItems: "start", minWidth: 0 });

export const confirm = style([recipe.surface, { display: "grid", gap: vars.space[3], padding: vars.space[4], borderColor: vars.color.destructive }]);

export const confirmActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3] });
