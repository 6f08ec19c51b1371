import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const container = style({
  width: "100%",
  maxWidth: "1200px",
  marginInline: "auto",
  paddingInline: vars.space[5],
  "@media": { "(min-width: 768px)": { paddingInline: vars.space[8] } },
});

export const skipLink = style({
  position: "absolute",
  left: vars.space[4],
  top: "-100px",
  zIndex: 100,
  padding: `${vars.space[2]} ${vars.space[4]}`,
  background: vars.color.primary,
  color: vars.color.primaryText,
  borderRadius: vars.radius.md,
  fontWeight: 600,
  selectors: { "&:focus": { top: vars.space[3] } },
});

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 40,
  background: `color-mix(in srgb, ${vars.color.background} 88%, transparent)`,
  backdropFilter: "saturate(1.4) blur(12px)",
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    // SPEC §4: no blur on a low-level device (app/enhance/device): then the header is opaque, so
    // what scrolls under it never shows through its text.
    'html[data-blur="off"] &': { backdropFilter: "none", background: vars.color.background },
  },
});

/**
 * Below this width the header's row (brand, theme switch, sign in/out, menu)
 * packs tighter, so it fits a 320px screen without scrolling sideways; every
 * control stays at least 24px (WCAG 2.2, 2.5.8 Target Size).
 */
const narrow = "(max-width: 359px)";

export const headerInner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[4],
  minHeight: "64px",
  "@media": { [narrow]: { gap: vars.space[2], paddingInline: vars.space[4] } },
});

export const brand = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space[2],
  fontFamily: vars.font.display,
  fontWeight: 700,
  fontSize: "1.15rem",
  color: vars.color.text,
  textDecoration: "none",
  whiteSpace: "nowrap",
});

const visuallyHidden = { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)" } as const;

export const brandText = style({
  "@media": {
    "(max-width: 520px)": visuallyHidden,
    // The narrowest desktop headers need the room for seven links and the inbox count (the mark stays; the link keeps its name).
    "(min-width: 1100px) and (max-width: 1279px)": visuallyHidden,
  },
});

export const brandMark = style({
  display: "inline-grid",
  placeItems: "center",
  width: "34px",
  height: "34px",
  borderRadius: vars.radius.md,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
  color: "#fff",
  fontSize: "0.9rem",
  fontWeight: 800,
});

export const desktopNav = style({
  display: "none",
  marginInlineStart: vars.space[4],
  // Seven signed-in links (the inbox with its count among them) plus the actions
  // need about 1100px on one line with the brand name hidden up to 1279px;
  // narrower screens use the menu.
  "@media": { "(min-width: 1100px)": { display: "flex" } },
});

export const navList = style([recipe.bareList, { display: "flex", flexWrap: "nowrap", gap: vars.space[1] }]);

export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: 500,
  whiteSpace: "nowrap",
  textDecoration: "none",
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceSunken },
    '&[aria-current="page"]': { color: vars.color.text, background: vars.color.secondary },
    // Tighter in the one-line desktop row (the phone menu keeps the roomier padding).
    [`${desktopNav} &`]: { paddingInline: vars.space[2] },
  },
});

export const headerActions = style({
  marginInlineStart: "auto",
  display: "flex",
  alignItems: "center",
  gap: vars.space[2],
  "@media": { [narrow]: { gap: vars.space[1] } },
});

export const themeForm = style({
  display: "inline-flex",
  padding: "3px",
  gap: "2px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
});

export const themeButton = style({
  display: "inline-grid",
  placeItems: "center",
  width: "36px",
  height: "36px",
  border: 0,
  borderRadius: vars.radius.full,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover": { color: vars.color.text },
    '&[aria-pressed="true"]': { background: vars.color.secondary, color: vars.color.secondaryText },
  },
  "@media": { [narrow]: { width: "30px", height: "30px" } },
});

export const mobileMenu = style({
  position: "relative",
  "@media": { "(min-width: 1100px)": { display: "none" } },
});

export const mobileSummary = style({
  listStyle: "none",
  display: "inline-grid",
  placeItems: "center",
  width: "48px",
  height: "48px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
  "@media": { [narrow]: { width: "44px", height: "44px" } },
});

export const mobilePanel = style([
  recipe.surface,
  {
    position: "absolute",
    right: 0,
    top: "calc(100% + 8px)",
    minWidth: "220px",
    padding: vars.space[2],
    background: vars.color.surfaceRaised,
    boxShadow: vars.shadow.lg,
  },
]);

globalStyle(`${mobilePanel} ul`, { flexDirection: "column", flexWrap: "wrap" });

export const footer = style({
  marginTop: vars.space[16],
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: "0.95rem",
});

export const footerInner = style({
  display: "grid",
  gap: vars.space[8],
  paddingBlock: vars.space[10],
  gridTemplateColumns: "1fr",
  "@media": { "(min-width: 768px)": { gridTemplateColumns: "2fr 1fr 1fr" } },
});

export const footerHeading = style({
  fontSize: "0.8rem",
  textTransform: "uppercase",
  letterSpacing: "0.08em",
  color: vars.color.text,
  marginBottom: vars.space[3],
});

export const footerList = style([recipe.bareList, { display: "grid", gap: vars.space[2] }]);
globalStyle(`${footerList} a`, { color: vars.color.textMuted, textDecoration: "none" });
globalStyle(`${footerList} a:hover`, { color: vars.color.text, textDecoration: "underline" });

export const footerBottom = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space[5],
  fontSize: "0.85rem",
});

export const centeredPage = style({
  display: "grid",
  placeItems: "center",
  textAlign: "center",
  paddingBlock: vars.space[16],
  gap: vars.space[5],
});

export const bigStatus = style({
  fontFamily: vars.font.display,
  fontSize: "clamp(4rem, 14vw, 9rem)",
  fontWeight: 800,
  lineHeight: 1,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
  WebkitBackgroundClip: "text",
  backgroundClip: "text",
  color: "transparent",
});

export const lead = style({ color: vars.color.textMuted, fontSize: "1.1rem", maxWidth: "52ch" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], justifyContent: "center" });

const spin = keyframes({ to: { transform: "rotate(360deg)" } });
export const vinyl = style({
  width: "96px",
  height: "96px",
  borderRadius: "50%",
  background: `radial-gradient(circle, ${vars.color.accent} 0 14%, #111 15% 18%, #222 19% 100%)`,
  boxShadow: vars.shadow.md,
  animation: `${spin} 4s linear infinite`,
});

export const fatalScreen = style({
  minHeight: "100vh",
  display: "grid",
  placeItems: "center",
  padding: vars.space[6],
  background: "#0b0a10",
  color: "#f4f2fa",
  textAlign: "center",
});

export const fatalCard = style({ maxWidth: "560px", display: "grid", gap: vars.space[5], justifyItems: "center" });
export const fatalTitle = style({ fontSize: "clamp(1.8rem, 5vw, 2.6rem)", letterSpacing: "0.06em" });
export const fatalText = style({ color: "#cfc9dd" });
export const fatalFooter = style({ color: "#a9a2bb", fontSize: "0.9rem" });
export const suggestionList = style({ textAlign: "left", color: vars.color.textMuted, display: "grid", gap: vars.space[1] });
export const errorDetail = style({
  fontFamily: vars.font.mono,
  background: vars.color.surfaceSunken,
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  maxWidth: "70ch",
  overflowWrap: "anywhere",
});
