/** /admin/backup (ADR 0098): layout only, colours from the theme contract. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const sections = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

export const section = style({ display: "grid", gap: vars.space[3], minWidth: 0 });

export const list = style({ display: "grid", gap: vars.space[1], paddingLeft: vars.space[5], listStyle: "disc" });

/** Commands wrap instead of scrolling, so nothing overflows a 320 px screen. */
export const command = style({
  margin: 0,
  padding: vars.space[3],
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontFamily: vars.font.mono,
  fontSize: "0.85rem",
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});

export const confirm = style({ display: "flex", alignItems: "flex-start", gap: vars.space[3], cursor: "pointer" });

export const checkbox = style({ width: "24px", height: "24px", flexShrink: 0, accentColor: vars.color.primary });

export const form = style({ display: "grid", gap: vars.space[4], justifyItems: "start" });
