/** The raw error an admin sees with errorBoundaries off (ADR 0094): plain, readable, wrapping at 320 px. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const rawError = style({
  display: "grid",
  gap: vars.space[4],
  width: "100%",
  maxWidth: "900px",
  marginInline: "auto",
  paddingBlock: vars.space[10],
  paddingInline: vars.space[5],
  textAlign: "start",
  color: vars.color.text,
  background: vars.color.background,
});

export const message = style({
  fontFamily: vars.font.mono,
  fontWeight: 700,
  background: vars.color.surfaceSunken,
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  overflowWrap: "anywhere",
});

export const stack = style({
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: "0.85rem",
  lineHeight: 1.5,
  background: vars.color.surfaceSunken,
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  // The stack's long lines wrap: the page never scrolls sideways.
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});

export const note = style({ color: vars.color.textMuted });
