/** Styles of /admin/camps and /admin/camps/:campId (ADR 0086). */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

const wide = "screen and (min-width: 720px)";

export const stack = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

export const twoFields = style({
  display: "grid",
  gap: vars.space[4],
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [wide]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } },
});

/** One room or slot row of a form: its fields side by side where there is room. */
export const row = style({
  display: "grid",
  gap: vars.space[3],
  gridTemplateColumns: "minmax(0, 1fr)",
  alignItems: "end",
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  "@media": { [wide]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)" } },
});

export const rowLegend = style({ fontWeight: 700, fontSize: "0.9rem", color: vars.color.textMuted, padding: 0, marginBottom: vars.space[2] });

export const rows = style({ display: "grid", gap: vars.space[4] });

/** A line of an editable list (a room, a slot): its form and its remove button wrap on narrow screens. */
export const itemLine = style([
  recipe.surface,
  { display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "flex-end", padding: vars.space[4], minWidth: 0 },
]);

export const inlineForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "flex-end", minWidth: 0, flex: "1 1 260px" });

export const inlineField = style({ display: "grid", gap: vars.space[1], minWidth: 0, flex: "1 1 120px" });

export const narrowField = style({ display: "grid", gap: vars.space[1], minWidth: 0, flex: "0 1 140px" });

export const list = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const confirm = style([
  recipe.surface,
  { display: "grid", gap: vars.space[3], padding: vars.space[4], borderLeft: `4px solid ${vars.color.destructive}`, minWidth: 0 },
]);

export const linkRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3] });

export const checkList = style([recipe.bareList, { display: "grid", gap: vars.space[2], gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 260px), 1fr))" }]);

export const checkItem = style({
  display: "flex",
  gap: vars.space[3],
  alignItems: "center",
  minHeight: "48px",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const checkbox = style({ width: "24px", height: "24px", flexShrink: 0, accentColor: vars.color.primary });

export const checkText = style({ display: "grid", minWidth: 0, overflowWrap: "anywhere" });

export const subtle = style({ color: vars.color.textMuted, fontSize: "0.875rem" });

export const searchForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "flex-end" });

export const counts = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[3] }]);

export const count = style([recipe.surface, { display: "grid", padding: `${vars.space[3]} ${vars.space[4]}`, minWidth: "120px" }]);

export const countValue = style({ fontSize: "1.5rem", fontWeight: 800 });

export const cellForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const description = style({ whiteSpace: "pre-line", overflowWrap: "anywhere" });
