/** The /calendar page (ADR 0088): sessions by camp and day, the export and subscription box. */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const sections = style({ display: "grid", gap: vars.space[8] });

export const section = style({ display: "grid", gap: vars.space[5], minWidth: 0 });

export const camp = style([recipe.surface, { display: "grid", gap: vars.space[4], padding: vars.space[5], minWidth: 0 }]);

export const campHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space[3] });

export const campTitle = style({ fontSize: "1.2rem", fontWeight: 700, overflowWrap: "anywhere" });

export const meta = style({ color: vars.color.textMuted, fontSize: "0.925rem", overflowWrap: "anywhere" });

export const dayTitle = style({ fontSize: "1rem", fontWeight: 700 });

export const day = style({ display: "grid", gap: vars.space[3], minWidth: 0 });

export const sessionList = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const session = style({
  display: "grid",
  gap: vars.space[2],
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const sessionHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space[2] });

export const times = style({ display: "grid", gap: vars.space[1], margin: 0 });

export const timeRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2] });

export const timeLabel = style({ fontWeight: 600, color: vars.color.textMuted, minWidth: "7.5rem" });

export const people = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: `${vars.space[1]} ${vars.space[4]}` }]);

export const link = style({
  color: vars.color.link,
  fontWeight: 600,
  display: "inline-flex",
  alignItems: "center",
  minHeight: "48px",
});

export const exportBox = style([recipe.surface, { display: "grid", gap: vars.space[4], padding: vars.space[5], minWidth: 0 }]);

export const linkText = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere", wordBreak: "break-all" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });
