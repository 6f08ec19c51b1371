/** Form controls for the product's forms: label above control, error below. */
import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "grid", gap: vars.space[5] });

// alignContent: a field in a row beside a taller one keeps its own height.
export const field = style({ display: "grid", gap: vars.space[2], alignContent: "start" });

export const label = style({ fontWeight: 600, fontSize: "0.95rem" });

export const hint = style({ color: vars.color.textMuted, fontSize: "0.875rem" });

export const control = style({
  width: "100%",
  minHeight: "48px",
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "1px", borderColor: vars.color.primary },
    '&[aria-invalid="true"]': { borderColor: vars.color.destructive },
  },
});

export const textarea = style([control, { minHeight: "140px", resize: "vertical", lineHeight: 1.5 }]);

export const error = style([
  recipe.bareList,
  { display: "flex", gap: vars.space[2], color: vars.color.destructive, fontSize: "0.9rem", fontWeight: 600 },
]);

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space[3]} ${vars.space[4]} ${vars.space[4]}`,
  margin: 0,
  display: "grid",
  gap: vars.space[3],
});

export const legend = style([label, { padding: `0 ${vars.space[2]}` }]);

export const checkGrid = style({
  display: "grid",
  gap: vars.space[2],
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 180px), 1fr))",
});

export const check = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[3],
  minHeight: "44px",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  lineHeight: 1.3,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.secondary } },
});
globalStyle(`${check} input`, { width: "18px", height: "18px", flexShrink: 0, accentColor: vars.color.primary, margin: 0 });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });
