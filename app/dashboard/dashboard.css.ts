import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  // minmax(0, 1fr) on a phone too: a wide table scrolls in its own box, never widens the page.
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[6],
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(280px, 1fr)" } },
});

export const linkGrid = style([
  recipe.bareList,
  { display: "grid", gap: vars.space[4], gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 220px), 1fr))" },
]);

export const linkCard = style([recipe.linkCard, { gap: vars.space[2] }]);

export const linkTitle = style({ fontWeight: 700, fontSize: "1.05rem", fontFamily: vars.font.display });

export const linkText = style({ color: vars.color.textMuted, fontSize: "0.925rem" });

export const progressTrack = style({
  height: "10px",
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: "hidden",
});

export const progressBar = style({
  height: "100%",
  borderRadius: vars.radius.full,
  background: `linear-gradient(90deg, ${vars.color.primary}, ${vars.color.accent})`,
});

export const checklist = style([recipe.bareList, { display: "grid", gap: vars.space[2] }]);

export const checkItem = style({ display: "flex", alignItems: "center", gap: vars.space[3], minHeight: "44px" });

export const checkMark = style({
  display: "inline-grid",
  placeItems: "center",
  width: "22px",
  height: "22px",
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  flexShrink: 0,
  fontSize: "0.75rem",
  fontWeight: 800,
});

export const checkMarkDone = style([checkMark, { borderColor: vars.color.success, background: vars.color.success, color: vars.color.background }]);

/** The main column and the aside, each a stack of sections. */
export const column = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

export const sectionHead = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  columnGap: vars.space[4],
  rowGap: vars.space[1],
});

export const sectionHeadTitle = style({ fontSize: "1.35rem", fontWeight: 700, margin: 0 });

export const sectionLead = style({ color: vars.color.textMuted, margin: 0 });

export const section = style([
  recipe.card,
  // Phones: less padding, so a card's content keeps most of a 320px screen.
  { padding: vars.space[6], gap: vars.space[4], minWidth: 0, "@media": { "(max-width: 479px)": { padding: vars.space[4] } } },
]);

export const emptyState = style({
  display: "grid",
  gap: vars.space[3],
  justifyItems: "start",
  padding: vars.space[5],
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
});

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });

/** A link that reads as a link (underlined), 48px tall so it is easy to hit. */
export const moreLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "48px",
  color: vars.color.link,
  fontWeight: 600,
  textDecoration: "underline",
  textUnderlineOffset: "3px",
});

export const banner = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[3],
    padding: vars.space[6],
    "@media": { "(max-width: 479px)": { padding: vars.space[4] } },
    borderLeft: `6px solid ${vars.color.success}`,
    background: [vars.color.surface, `color-mix(in srgb, ${vars.color.success} 7%, ${vars.color.surface})`],
    boxShadow: vars.shadow.sm,
  },
]);

export const bannerTitle = style({ fontSize: "1.3rem", fontWeight: 800, margin: 0, overflowWrap: "anywhere" });

export const bannerBody = style({ margin: 0, maxWidth: "70ch" });

export const steps = style([
  recipe.bareList,
  { display: "grid", gap: vars.space[2], gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 140px), 1fr))", counterReset: "step" },
]);

export const step = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[2],
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontWeight: 600,
});

export const stepDone = style([step, { color: vars.color.text, borderColor: vars.color.success }]);

export const stepCurrent = style([step, { color: vars.color.text, borderColor: vars.color.primary, borderWidth: "2px" }]);

export const checkLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.link,
  textDecoration: "underline",
  textUnderlineOffset: "3px",
});
