/** Styles of A&R registration: the request's status card, the link rows, the admins' queue. */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const statusCard = style([recipe.card, { padding: vars.space[6], gap: vars.space[3] }]);

export const statusHead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[3] });

export const badge = style([recipe.pillSoft, { padding: `2px ${vars.space[3]}`, fontSize: "0.8125rem", fontWeight: 700 }]);

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space[1]} ${vars.space[4]}`,
  margin: 0,
  overflowWrap: "anywhere",
});

export const factTerm = style({ color: vars.color.textMuted, fontWeight: 600 });
export const factValue = style({ margin: 0 });

export const note = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0 });

export const linkList = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const filters = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2] }]);

export const filterLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space[2],
  minHeight: "48px",
  padding: `0 ${vars.space[4]}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
  selectors: {
    "&[aria-current='page']": { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary },
  },
});

export const queue = style([recipe.bareList, { display: "grid", gap: vars.space[5] }]);

export const decisionForm = style({ display: "grid", gap: vars.space[3] });

export const decisionActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3] });

export const stack = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space[6] });
