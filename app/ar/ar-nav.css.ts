import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const nav = style({ marginBlockEnd: vars.space[5] });

export const list = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space[2],
  listStyle: "none",
  margin: 0,
  padding: 0,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const link = style({
  display: "inline-block",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  color: vars.color.text,
  textDecoration: "none",
  borderBlockEnd: "3px solid transparent",
  minHeight: "44px",
  selectors: {
    "&[aria-current='page']": { borderBlockEndColor: vars.color.primary, fontWeight: 700 },
    "&:hover": { color: vars.color.primary },
  },
});
