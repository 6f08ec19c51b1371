/** The briefs pages (A&R and members) and the dashboard's "Open briefs". */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gap: vars.space[6],
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 360px), 1fr))",
  alignItems: "start",
});

export const list = style([recipe.bareList, { display: "grid", gap: vars.space[4] }]);

export const item = style([recipe.card, { minWidth: 0 }]);

export const itemHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space[3] });

export const itemTitle = style({ fontSize: "1.15rem", fontWeight: 700, margin: 0, overflowWrap: "anywhere" });

export const meta = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2], color: vars.color.textMuted, fontSize: "0.9rem" }]);

export const body = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere", maxWidth: "70ch" });

export const status = style([recipe.pillSoft, { padding: `2px ${vars.space[3]}`, fontSize: "0.8125rem", fontWeight: 700 }]);

export const statusMuted = style([recipe.pillOutline, { padding: `2px ${vars.space[3]}`, fontSize: "0.8125rem", color: vars.color.textMuted }]);

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });

export const answer = style([recipe.card, { minWidth: 0 }]);

export const answerHead = style({ display: "flex", alignItems: "center", gap: vars.space[3], minWidth: 0 });

export const answerText = style({ display: "grid", gap: vars.space[1], minWidth: 0 });

export const note = style({
  margin: 0,
  paddingLeft: vars.space[3],
  borderLeft: `3px solid ${vars.color.border}`,
  whiteSpace: "pre-line",
  overflowWrap: "anywhere",
});

export const ratingForm = style({ display: "flex", flexWrap: "wrap", alignItems: "end", gap: vars.space[3] });

export const ratingGroup = style({
  border: 0,
  padding: 0,
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space[2],
});

export const ratingLegend = style({ fontWeight: 600, fontSize: "0.95rem", marginBottom: vars.space[2], padding: 0 });

export const ratingChoice = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space[2],
  minHeight: "48px",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.secondary } },
});

export const notice = style([recipe.surface, { padding: vars.space[4], fontWeight: 600 }]);
