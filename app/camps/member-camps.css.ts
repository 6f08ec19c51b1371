/** The member's camp pages and the dashboard's camp section (ADR 0089). */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({
  display: "grid",
  gap: vars.space[6],
  minWidth: 0,
});

export const twoColumns = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[6],
  alignItems: "start",
  "@media": {
    "(min-width: 960px)": {
      gridTemplateColumns: "minmax(0, 3fr) minmax(280px, 2fr)",
    },
  },
});

export const campList = style([recipe.bareList, { display: "grid", gap: vars.space[4] }]);

export const campCard = style([
  recipe.card,
  {
    minWidth: 0,
    "@media": { "(max-width: 479px)": { padding: vars.space[4] } },
  },
]);

export const campName = style({
  fontSize: "1.2rem",
  fontWeight: 700,
  margin: 0,
  overflowWrap: "anywhere",
});

export const meta = style({
  color: vars.color.textMuted,
  margin: 0,
  overflowWrap: "anywhere",
});

export const details = style({
  display: "grid",
  gap: vars.space[2],
  margin: 0,
});

export const detailRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[1],
  "@media": {
    "(min-width: 480px)": { gridTemplateColumns: "10rem minmax(0, 1fr)" },
  },
});

export const detailTerm = style({ fontWeight: 600 });

export const detailValue = style({ margin: 0, overflowWrap: "anywhere" });

export const sessionList = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const sessionItem = style([recipe.surface, { display: "grid", gap: vars.space[1], padding: vars.space[4], minWidth: 0 }]);

export const sessionWhen = style({ fontWeight: 700, margin: 0 });

export const sessionLine = style({ margin: 0, overflowWrap: "anywhere" });

export const dayTitle = style({
  fontSize: "1.05rem",
  fontWeight: 700,
  margin: `${vars.space[2]} 0 0`,
});

export const dayHint = style({
  color: vars.color.textMuted,
  fontSize: "0.85rem",
});

export const checkText = style({ display: "grid", gap: "2px" });

export const badge = style([
  recipe.pillSoft,
  {
    padding: `2px ${vars.space[3]}`,
    fontSize: "0.8125rem",
    justifySelf: "start",
  },
]);

export const links = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space[3],
  alignItems: "center",
});

export const buttonWrap = style({ whiteSpace: "normal" });
