import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const hero = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[5],
    padding: `${vars.space[10]} ${vars.space[8]}`,
    "@media": { "(max-width: 599px)": { padding: `${vars.space[8]} ${vars.space[5]}` } },
    background: `radial-gradient(700px 300px at 100% 0%, color-mix(in srgb, ${vars.color.accent} 16%, transparent), transparent 70%),
    radial-gradient(700px 300px at 0% 100%, color-mix(in srgb, ${vars.color.primary} 16%, transparent), transparent 70%), ${vars.color.surface}`,
  },
]);

export const steps = style([
  recipe.bareList,
  {
    display: "grid",
    gap: vars.space[4],
    counterReset: "step",
    gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 240px), 1fr))",
  },
]);

export const step = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[2],
    padding: vars.space[5],
    counterIncrement: "step",
    selectors: {
      "&::before": {
        content: "counter(step)",
        display: "grid",
        placeItems: "center",
        width: "32px",
        height: "32px",
        borderRadius: vars.radius.full,
        background: vars.color.primary,
        color: vars.color.primaryText,
        fontWeight: 800,
      },
    },
  },
]);

export const formLayout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[8],
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 3fr) minmax(240px, 2fr)" } },
});

export const skillList = style([recipe.bareList, { display: "grid", gap: vars.space[2] }]);
export const skillRow = style({ display: "flex", justifyContent: "space-between", gap: vars.space[4] });
