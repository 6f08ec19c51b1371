import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const shell = style({
  display: "grid",
  gap: vars.space[8],
  paddingBlock: `${vars.space[8]} ${vars.space[12]}`,
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "220px minmax(0, 1fr)", alignItems: "start" } },
});

export const sidebar = style({
  "@media": { "(min-width: 960px)": { position: "sticky", top: "88px" } },
});

export const sidebarTitle = style({
  color: vars.color.textMuted,
  fontSize: "0.8rem",
  fontWeight: 700,
  letterSpacing: "0.08em",
  textTransform: "uppercase",
  marginBottom: vars.space[3],
});

export const navList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  gap: vars.space[1],
  overflowX: "auto",
  "@media": { "(min-width: 960px)": { flexDirection: "column", overflowX: "visible" } },
});

export const navLink = style({
  display: "flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: 500,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceSunken },
    '&[aria-current="page"]': { color: vars.color.secondaryText, background: vars.color.secondary, fontWeight: 700 },
  },
});

export const content = style({ display: "grid", gap: vars.space[8], minWidth: 0 });

export const sectionCard = style({
  display: "grid",
  alignContent: "start",
  gap: vars.space[1],
  padding: vars.space[5],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  height: "100%",
  selectors: { "&:hover": { borderColor: vars.color.primary, boxShadow: vars.shadow.md } },
});

export const badge = style({
  display: "inline-flex",
  padding: `1px ${vars.space[2]}`,
  borderRadius: vars.radius.full,
  fontSize: "0.8rem",
  fontWeight: 700,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
  whiteSpace: "nowrap",
});

export const badgeAdmin = style([badge, { background: vars.color.primary, color: vars.color.primaryText }]);
export const badgeMuted = style([badge, { background: vars.color.surfaceSunken, color: vars.color.textMuted, border: `1px solid ${vars.color.border}` }]);

export const subtle = style({ fontSize: "0.825rem", fontWeight: 500 });
