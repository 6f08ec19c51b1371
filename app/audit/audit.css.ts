import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const list = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const entry = style([recipe.surface, { padding: vars.space[4], display: "grid", gap: vars.space[2], minWidth: 0 }]);

export const headline = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space[1]} ${vars.space[3]}`, alignItems: "baseline" });

export const action = style({ fontWeight: 700 });

export const meta = style({ color: vars.color.textMuted, fontSize: "0.875rem" });

export const target = style({ overflowWrap: "anywhere" });

export const details = style({ fontSize: "0.9rem", minWidth: 0 });
globalStyle(`${details} > summary`, { cursor: "pointer", minHeight: "44px", display: "flex", alignItems: "center", color: vars.color.link, fontWeight: 600 });

export const diffWrap = style({ overflowX: "auto", maxWidth: "100%" });
export const diff = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.875rem" });
globalStyle(`${diff} th, ${diff} td`, {
  textAlign: "left",
  verticalAlign: "top",
  padding: `${vars.space[1]} ${vars.space[2]}`,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
});
globalStyle(`${diff} thead th`, { color: vars.color.textMuted, fontSize: "0.8rem" });

export const removed = style({ textDecoration: "line-through", textDecorationColor: vars.color.destructive });
export const added = style({ fontWeight: 600 });
export const none = style({ color: vars.color.textMuted, fontStyle: "italic" });

export const pager = style({ display: "flex", flexWrap: "wrap", gap: vars.space[4], alignItems: "center", justifyContent: "space-between" });
