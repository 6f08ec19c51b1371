/** The archive pages' own pieces: the song's history as a timeline, the small filter fields. */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const filterFieldNarrow = style({ display: "grid", gap: vars.space[1], minWidth: "160px", flex: "1 1 160px", maxWidth: "240px" });

export const timeline = style([
  recipe.bareList,
  {
    display: "grid",
    gap: vars.space[5],
    borderInlineStart: `2px solid ${vars.color.border}`,
    paddingInlineStart: vars.space[5],
    marginInlineStart: vars.space[2],
  },
]);

export const event = style({ position: "relative", display: "grid", gap: vars.space[1], minWidth: 0 });

export const eventDot = style({
  position: "absolute",
  insetInlineStart: `calc(-1 * ${vars.space[5]} - 7px)`,
  top: "0.35em",
  width: "12px",
  height: "12px",
  borderRadius: "999px",
  background: vars.color.accent,
  border: `2px solid ${vars.color.surface}`,
});

export const eventTitle = style({ fontWeight: 700 });

export const eventMeta = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const changeList = style([recipe.bareList, { display: "grid", gap: vars.space[1], fontSize: "0.9rem", overflowWrap: "anywhere" }]);

export const actionsRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });

export const quickLinks = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[3] }]);

export const quickLink = style({ minHeight: "48px", display: "inline-flex", alignItems: "center", fontWeight: 600, color: vars.color.link });

export const alert = style([
  recipe.surface,
  { padding: vars.space[4], borderColor: vars.color.destructive, color: vars.color.text, fontWeight: 600 },
]);
