import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const list = style({ display: "grid", gap: vars.space[4], listStyle: "none", margin: 0, padding: 0 });

export const item = style({
  display: "grid",
  gap: vars.space[3],
  padding: vars.space[5],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  minWidth: 0,
});

export const itemHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space[3] });

export const songLink = style({ fontWeight: 700, fontSize: "1.1rem", color: vars.color.link, overflowWrap: "anywhere" });

export const meta = style({ display: "grid", gridTemplateColumns: "max-content minmax(0, 1fr)", gap: `${vars.space[1]} ${vars.space[4]}`, margin: 0 });
export const metaTerm = style({ color: vars.color.textMuted, fontWeight: 600 });
export const metaValue = style({ margin: 0, overflowWrap: "anywhere", whiteSpace: "pre-wrap" });

export const status = style({
  display: "inline-block",
  padding: `2px ${vars.space[3]}`,
  borderRadius: "999px",
  fontWeight: 700,
  fontSize: "0.85rem",
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "flex-end" });

export const answerForm = style({ display: "grid", gap: vars.space[3], borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space[3] });

export const answerFields = style({ display: "grid", gap: vars.space[3], gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 14rem), 1fr))" });

export const filters = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], listStyle: "none", margin: `0 0 ${vars.space[5]}`, padding: 0 });

export const filterLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "48px",
  padding: `0 ${vars.space[4]}`,
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&[aria-current='page']": { borderColor: vars.color.primary, fontWeight: 700 },
  },
});

export const panel = style({ display: "grid", gap: vars.space[3] });
