/** The camp review: days, sessions, their songs with status badges, and the totals. */
import { style, styleVariants } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({ display: "grid", gap: vars.space[6] });

export const day = style({ display: "grid", gap: vars.space[4] });

export const dayTitle = style({ fontSize: "1.35rem", fontWeight: 700 });

export const sessions = style([recipe.bareList, { display: "grid", gap: vars.space[4] }]);

export const session = style([recipe.surface, { display: "grid", gap: vars.space[3], padding: vars.space[5], minWidth: 0 }]);

export const sessionTitle = style({ fontSize: "1.1rem", fontWeight: 700, overflowWrap: "anywhere" });

export const group = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2] }]);

export const songs = style([recipe.bareList, { display: "grid", gap: vars.space[2] }]);

export const song = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space[2],
  paddingTop: vars.space[2],
  borderTop: `1px solid ${vars.color.border}`,
});

export const songTitle = style({ fontWeight: 700, overflowWrap: "anywhere", minWidth: 0 });

export const songFacts = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[2] });

export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3] });

/** A link that is a comfortable target (SPEC button sizes: 48 px) without looking like a button. */
export const targetLink = style({ display: "inline-flex", alignItems: "center", minHeight: "48px" });

const badgeBase = style([recipe.pill, { padding: `2px ${vars.space[3]}`, fontWeight: 700, fontSize: "0.85rem", border: `1px solid ${vars.color.border}`, whiteSpace: "nowrap" }]);

export const badge = styleVariants({
  demo: [badgeBase, { background: vars.color.surface, color: vars.color.textMuted }],
  submitted: [badgeBase, { background: vars.color.secondary, color: vars.color.secondaryText }],
  catalogue: [badgeBase, { background: vars.color.secondary, color: vars.color.text, borderColor: vars.color.primary }],
  pitched: [badgeBase, { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary }],
});

export const sheet = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const readOnlyCredits = style([recipe.surface, { display: "grid", gap: vars.space[3], padding: vars.space[4] }]);

export const notice = style([recipe.surface, { display: "grid", gap: vars.space[2], padding: vars.space[4], borderLeft: `4px solid ${vars.color.primary}` }]);
