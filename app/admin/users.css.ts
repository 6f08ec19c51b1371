/** Styles of /admin/users and /admin/users/{userId} (ADR 0080). */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const searchForm = style([
  recipe.surface,
  { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space[3], padding: vars.space[4], background: vars.color.surfaceSunken },
]);

export const searchField = style({ display: "grid", gap: vars.space[1], minWidth: 0, flex: "1 1 200px", maxWidth: "360px" });

export const searchActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const stack = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

export const twoColumns = style({
  display: "grid",
  gap: vars.space[6],
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } },
});

export const details = style({ display: "grid", gap: vars.space[3], margin: 0 });
export const detailRow = style({ display: "grid", gap: vars.space[1] });
export const detailTerm = style({ fontWeight: 600, color: vars.color.textMuted, fontSize: "0.875rem" });
export const detailValue = style({ margin: 0, overflowWrap: "anywhere" });

export const statusSuspended = style([recipe.pillSoft, { fontWeight: 700, background: vars.color.surfaceSunken, border: `1px solid ${vars.color.border}`, whiteSpace: "normal" }]);

export const list = style({ margin: 0, paddingInlineStart: vars.space[5], display: "grid", gap: vars.space[1] });

export const history = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);
export const historyItem = style({ display: "grid", gap: vars.space[1], borderBottom: `1px solid ${vars.color.border}`, paddingBottom: vars.space[3] });

export const confirm = style([recipe.surface, { display: "grid", gap: vars.space[4], padding: vars.space[5], borderColor: vars.color.destructive }]);

export const wrap = style({ overflowWrap: "anywhere" });
