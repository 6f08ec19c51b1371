/** Styles of the review pages (/admin/applications*, /accept). */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const filterBar = style({ display: "grid", gap: vars.space[3] });

export const filterList = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2] }]);

export const filterLink = style([
  recipe.pillOutline,
  {
    display: "inline-flex",
    alignItems: "center",
    gap: vars.space[2],
    minHeight: "48px",
    paddingInline: vars.space[4],
    color: vars.color.text,
    textDecoration: "none",
    fontWeight: 600,
    selectors: {
      '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary },
    },
  },
]);

export const count = style({ fontVariantNumeric: "tabular-nums" });

export const stack = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

export const twoColumns = style({
  display: "grid",
  gap: vars.space[6],
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 960px)": { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)" } },
});

export const applicantNav = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: vars.space[3] });

export const detailList = style({ display: "grid", gap: vars.space[3] });
export const detailTerm = style({ fontWeight: 700 });
export const detailValue = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });

export const trackGroup = style({ display: "grid", gap: vars.space[3] });
export const trackList = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);
export const trackRow = style([
  recipe.surface,
  { display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[3], padding: vars.space[3], minWidth: 0 },
]);
export const trackTitle = style({ fontWeight: 600, overflowWrap: "anywhere", flex: "1 1 10rem" });
export const nativeAudio = style({ width: "100%" });

export const modeForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });

export const reviewList = style([recipe.bareList, { display: "grid", gap: vars.space[4] }]);
export const reviewItem = style({ display: "grid", gap: vars.space[1], borderBottom: `1px solid ${vars.color.border}`, paddingBottom: vars.space[3] });
export const reviewHead = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "baseline", fontWeight: 700 });
export const comment = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere" });

export const timeline = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);
export const timelineItem = style({ display: "grid", gap: vars.space[1], borderLeft: `3px solid ${vars.color.border}`, paddingLeft: vars.space[3] });

export const radioRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2] });
export const radioLabel = style([
  recipe.pillOutline,
  { display: "inline-flex", alignItems: "center", gap: vars.space[2], minHeight: "48px", minWidth: "48px", paddingInline: vars.space[3], cursor: "pointer" },
]);

export const formRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });

export const questionList = style([recipe.bareList, { display: "grid", gap: vars.space[4] }]);
export const questionItem = style([recipe.surface, { display: "grid", gap: vars.space[3], padding: vars.space[4], minWidth: 0 }]);
export const questionPrompt = style({ fontWeight: 700, overflowWrap: "anywhere" });

export const details = style({ display: "grid", gap: vars.space[3] });
export const summary = style({ cursor: "pointer", fontWeight: 600, minHeight: "48px", display: "flex", alignItems: "center" });

export const offerCard = style({ display: "grid", gap: vars.space[4], maxWidth: "40rem" });
