import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const root = style({
  display: "grid",
  justifyItems: "center",
  gap: vars.space[4],
  textAlign: "center",
  padding: `${vars.space[12]} ${vars.space[6]}`,
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: `linear-gradient(180deg, ${vars.color.surface}, ${vars.color.surfaceSunken})`,
});

export const icon = style({
  display: "grid",
  placeItems: "center",
  width: "64px",
  height: "64px",
  borderRadius: vars.radius.full,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
});

export const title = style({ fontSize: "1.35rem", fontWeight: 700 });

export const text = style({ color: vars.color.textMuted, maxWidth: "56ch" });

export const actions = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: vars.space[3], marginTop: vars.space[2] });
