import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

/** The list beside the open message on wide screens; stacked (message first) on phones. */
export const layout = style({
  display: "grid",
  gap: vars.space[6],
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1.2fr)" } },
});

export const listColumn = style({ minWidth: 0, "@media": { "(min-width: 960px)": { gridColumn: 1, gridRow: 1 } } });

export const list = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const item = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[2],
    padding: vars.space[4],
    borderInlineStart: `4px solid transparent`,
    minWidth: 0,
  },
]);

export const itemUnread = style({ borderInlineStartColor: vars.color.primary, background: vars.color.surfaceRaised });

export const itemOpen = style({ outline: `2px solid ${vars.color.borderStrong}`, outlineOffset: "-2px" });

export const itemHead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[2], minWidth: 0 });

export const subjectLink = style({
  color: vars.color.text,
  fontWeight: 600,
  fontSize: "1.05rem",
  overflowWrap: "anywhere",
  textDecoration: "underline",
  textUnderlineOffset: "3px",
  // A comfortable target without moving the text (WCAG 2.5.8).
  display: "inline-block",
  paddingBlock: vars.space[1],
});

export const subjectUnread = style({ fontWeight: 800 });

export const unreadMarker = style([
  recipe.pill,
  { background: vars.color.primary, color: vars.color.primaryText, fontSize: "0.75rem", padding: `1px ${vars.space[2]}`, fontWeight: 700 },
]);

export const meta = style({ color: vars.color.textMuted, fontSize: "0.875rem", overflowWrap: "anywhere" });

export const snippet = style({
  color: vars.color.textMuted,
  overflowWrap: "anywhere",
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
});

export const itemActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2] });

export const message = style({ minWidth: 0, "@media": { "(min-width: 960px)": { gridColumn: 2, gridRow: 1, position: "sticky", top: "88px" } } });

export const messageTitle = style({ fontSize: "1.35rem", fontWeight: 700, overflowWrap: "anywhere", outline: "none" });

export const messageBody = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", lineHeight: 1.6 });

export const reply = style([recipe.surface, { padding: vars.space[4], background: vars.color.surfaceSunken, overflowWrap: "anywhere" }]);

export const empty = style({ display: "grid", gap: vars.space[3], justifyItems: "start", maxWidth: "60ch" });

export const summary = style({ color: vars.color.textMuted, fontWeight: 600 });

export const pagination = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", alignItems: "center", gap: vars.space[3], marginTop: vars.space[4] });

