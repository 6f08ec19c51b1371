import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  // minmax(0, 1fr) on a phone too: a wide table scrolls in its own box, never widens the page.
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[6],
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(280px, 1fr)" } },
});

export const linkGrid = style([
  recipe.bareList,
  { display: "grid", gap: vars.space[4], gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 220px), 1fr))" },
]);

export const linkCard = style([recipe.linkCard, { gap: vars.space[2] }]);

export const linkTitle = style({ fontWeight: 700, fontSize: "1.05rem", fontFamily: vars.font.display });

export const linkText = style({ color: vars.color.textMuted, fontSize: "0.925rem" });

export const progressTrack = style({
  height: "10px",
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: "hidden",
});

export const progressBar = style({
  height: "100%",
  borderRadius: vars.radius.full,
  background: `linear-gradient(90deg, ${vars.color.primary}, ${vars.color.accent})`,
});

export const checklist = style([recipe.bareList, { display: "grid", gap: vars.space[2] }]);

export const checkItem = style({ display: "flex", alignItems: "center", gap: vars.space[3] });

export const checkMark = style({
  display: "inline-grid",
  placeItems: "center",
  width: "22px",
  height: "22px",
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  flexShrink: 0,
  fontSize: "0.75rem",
  fontWeight: 800,
});

export const checkMarkDone = style([checkMark, { borderColor: vars.color.success, background: vars.color.success, color: vars.color.background }]);
