/** Inline alert banner (SPEC §9: variants default and destructive). */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const root = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  columnGap: vars.space[3],
  alignItems: "start",
  padding: `${vars.space[4]} ${vars.space[5]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: "4px",
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.sm,
  fontSize: "0.9375rem",
});

export const variants = styleVariants({
  default: { borderLeftColor: vars.color.info },
  destructive: {
    borderLeftColor: vars.color.destructive,
    // Tinted so errors read at a glance; falls back to plain surface.
    background: [vars.color.surface, `color-mix(in srgb, ${vars.color.destructive} 8%, ${vars.color.surface})`],
  },
});

export const icon = style({ width: "20px", height: "20px", marginTop: "2px" });
export const iconVariants = styleVariants({
  default: { color: vars.color.info },
  destructive: { color: vars.color.destructive },
});

export const body = style({ display: "grid", gap: vars.space[1], minWidth: 0 });
export const title = style({ fontWeight: 700, lineHeight: 1.3, margin: 0 });
export const description = style({ color: vars.color.textMuted, overflowWrap: "anywhere" });
