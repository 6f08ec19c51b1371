import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

/** Where the section menu becomes a sidebar; below it, a menu button above the page. */
const wide = "(min-width: 960px)";

export const shell = style({
  display: "grid",
  // minmax(0, 1fr): a wide table or long word scrolls inside its own box, never the page.
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[8],
  paddingBlock: `${vars.space[8]} ${vars.space[12]}`,
  "@media": { [wide]: { gridTemplateColumns: "220px minmax(0, 1fr)", alignItems: "start" } },
});

export const sidebar = style({
  minWidth: 0,
  "@media": { [wide]: { position: "sticky", top: "88px" } },
});

export const sidebarList = style({ display: "none", "@media": { [wide]: { display: "block" } } });

export const sidebarTitle = style({
  color: vars.color.textMuted,
  fontSize: "0.8rem",
  fontWeight: 700,
  letterSpacing: "0.08em",
  textTransform: "uppercase",
  marginBottom: vars.space[3],
});

export const navList = style([recipe.bareList, { display: "flex", flexDirection: "column", gap: vars.space[1] }]);

export const navLink = style({
  display: "flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: 500,
  textDecoration: "none",
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceSunken },
    '&[aria-current="page"]': { color: vars.color.secondaryText, background: vars.color.secondary, fontWeight: 700 },
  },
});

/* The menu on narrower screens: a bar naming the current section; the links open below it, in the flow. */
export const menu = style([recipe.surface, { "@media": { [wide]: { display: "none" } } }]);

export const menuSummary = style({
  listStyle: "none",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space[3],
  minHeight: "52px",
  padding: `${vars.space[2]} ${vars.space[4]}`,
  borderRadius: vars.radius.lg,
  cursor: "pointer",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});

export const menuLabel = style({ display: "grid", fontWeight: 700, lineHeight: 1.3, minWidth: 0 });

export const menuEyebrow = style([sidebarTitle, { fontSize: "0.75rem", marginBottom: 0 }]);

export const menuChevron = style({ flexShrink: 0, color: vars.color.textMuted, transition: "transform 150ms ease" });
globalStyle(`${menu}[open] ${menuChevron}`, { transform: "rotate(180deg)" });

export const menuList = style([
  recipe.bareList,
  {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 140px), 1fr))",
    gap: vars.space[1],
    padding: `${vars.space[2]} ${vars.space[2]} ${vars.space[3]}`,
    borderTop: `1px solid ${vars.color.border}`,
  },
]);

export const content = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space[8], minWidth: 0 });

export const sectionCard = style([recipe.linkCard, { gap: vars.space[1] }]);

export const badge = style([recipe.pillSoft, { fontWeight: 700, whiteSpace: "nowrap" }]);

export const badgeAdmin = style([badge, { background: vars.color.primary, color: vars.color.primaryText }]);
export const badgeMuted = style([badge, { background: vars.color.surfaceSunken, color: vars.color.textMuted, border: `1px solid ${vars.color.border}` }]);

export const subtle = style({ fontSize: "0.825rem", fontWeight: 500 });
