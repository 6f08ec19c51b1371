/** Styles of /admin/files (ADR 0084). */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({ display: "grid", gap: vars.space[8], minWidth: 0 });
export const section = style({ display: "grid", gap: vars.space[4], minWidth: 0 });

export const numeric = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
export const path = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere", wordBreak: "break-all" });

export const orphanList = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);
export const orphan = style([
  recipe.surface,
  { display: "grid", gap: vars.space[2], padding: vars.space[4], minWidth: 0, gridTemplateColumns: "minmax(0, 1fr)" },
]);
export const orphanHead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space[3] });
export const facts = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space[1]} ${vars.space[4]}`, margin: 0, color: vars.color.textMuted, fontSize: "0.9rem" });
export const fact = style({ display: "flex", gap: vars.space[1] });
export const factTerm = style({ fontWeight: 600 });
export const factValue = style({ margin: 0 });

export const confirm = style([recipe.surface, { display: "grid", gap: vars.space[4], padding: vars.space[5], borderColor: vars.color.destructive, minWidth: 0 }]);
export const confirmActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });

export const browseForm = style([
  recipe.surface,
  { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space[3], padding: vars.space[4], background: vars.color.surfaceSunken },
]);
export const browseField = style({ display: "grid", gap: vars.space[1], minWidth: 0, flex: "1 1 180px", maxWidth: "360px" });

export const usedList = style([recipe.bareList, { display: "grid", gap: vars.space[1] }]);
export const badge = style([recipe.pillOutline, { fontSize: "0.8rem", padding: `0 ${vars.space[2]}`, whiteSpace: "normal" }]);
export const pager = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", alignItems: "center", gap: vars.space[3] });
