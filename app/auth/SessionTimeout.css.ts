import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const countdown = style({
  fontFamily: vars.font.mono,
  fontSize: "2.5rem",
  fontWeight: 800,
  textAlign: "center",
  letterSpacing: "0.04em",
  margin: `${vars.space[2]} 0`,
  fontVariantNumeric: "tabular-nums",
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "flex-end",
  gap: vars.space[3],
  marginTop: vars.space[5],
});
