/** Styles of /admin/members, /admin/members/{userId} and /admin/showcase (ADR 0081). */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const searchForm = style([
  recipe.surface,
  { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space[3], padding: vars.space[4], background: vars.color.surfaceSunken },
]);

export const searchField = style({ display: "grid", gap: vars.space[1], minWidth: 0, flex: "1 1 200px", maxWidth: "360px" });

export const searchActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const resultCount = style({ color: vars.color.textMuted, fontWeight: 600, fontSize: "1rem" });

export const stack = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

export const twoColumns = style({
  display: "grid",
  gap: vars.space[6],
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 960px)": { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)" } },
});

export const detailList = style({ display: "grid", gap: vars.space[3], margin: 0 });
export const detailTerm = style({ color: vars.color.textMuted, fontWeight: 600, fontSize: "0.9rem" });
export const detailValue = style({ margin: 0, overflowWrap: "anywhere" });

export const badgeRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const featuredBadge = style([recipe.pillSoft, { padding: `2px ${vars.space[3]}`, fontWeight: 700, whiteSpace: "nowrap", fontSize: "0.8125rem" }]);

export const plainBadge = style([
  recipe.pill,
  {
    padding: `2px ${vars.space[3]}`,
    fontWeight: 700,
    whiteSpace: "nowrap",
    fontSize: "0.8125rem",
    background: vars.color.surfaceSunken,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
  },
]);

export const formRow = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space[3] });

export const inlineForm = style({ display: "inline-flex", flexWrap: "wrap", gap: vars.space[2] });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const note = style([
  recipe.surface,
  { padding: vars.space[4], borderInlineStart: `4px solid ${vars.color.info}`, background: vars.color.surfaceSunken },
]);

export const confirm = style([
  recipe.surface,
  { display: "grid", gap: vars.space[3], padding: vars.space[5], borderColor: vars.color.destructive },
]);

export const consequences = style({ display: "grid", gap: vars.space[2], paddingInlineStart: vars.space[5], margin: 0 });

export const history = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const historyItem = style({ display: "grid", gap: vars.space[1], paddingBlockEnd: vars.space[3], borderBlockEnd: `1px solid ${vars.color.border}` });

export const trackList = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const trackRow = style([
  recipe.surface,
  {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr)",
    alignItems: "center",
    gap: `${vars.space[2]} ${vars.space[3]}`,
    padding: vars.space[3],
    "@media": { "screen and (min-width: 600px)": { gap: `${vars.space[2]} ${vars.space[4]}`, padding: vars.space[4] } },
  },
]);

export const trackText = style({ display: "grid", gap: vars.space[1], minWidth: 0 });

export const trackTitle = style({ fontWeight: 700, overflowWrap: "anywhere", fontSize: "1rem" });

export const trackMeta = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const trackActions = style({ gridColumn: "1 / -1", display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const position = style({ fontWeight: 800, fontVariantNumeric: "tabular-nums", minWidth: "2ch" });

/** A track's status in a row: may wrap on a phone (the badges elsewhere stay on one line). */
export const statusBadge = style([featuredBadge, { whiteSpace: "normal" }]);
export const statusBadgePlain = style([plainBadge, { whiteSpace: "normal" }]);
