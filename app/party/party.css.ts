/** The listening party's looks (issue 14), built on the shared recipes. */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const list = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const partyCard = style([recipe.card, { gap: vars.space[2] }]);

export const partyTitle = style({ fontSize: "1.1rem", fontWeight: 700, overflowWrap: "anywhere" });

export const meta = style({ color: vars.color.textMuted, fontSize: "0.9rem", overflowWrap: "anywhere" });

export const badge = style([recipe.pillSoft, { padding: `2px ${vars.space[3]}`, fontSize: "0.8125rem", justifySelf: "start" }]);

export const room = style({
  display: "grid",
  gap: vars.space[6],
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)" } },
});

export const column = style({ display: "grid", gap: vars.space[6], alignContent: "start", minWidth: 0 });

export const nowPlaying = style({ display: "grid", gap: vars.space[3] });

export const nowTitle = style({ fontSize: "1.35rem", fontWeight: 800, overflowWrap: "anywhere" });

export const audio = style({ width: "100%" });

export const controls = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const inlineForm = style({ display: "inline-flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const queueList = style([recipe.bareList, { display: "grid", gap: vars.space[2], counterReset: "queue" }]);

export const queueItem = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[2],
    padding: vars.space[3],
    gridTemplateColumns: "minmax(0, 1fr)",
    "@media": { "(min-width: 640px)": { gridTemplateColumns: "minmax(0, 1fr) auto", alignItems: "center" } },
  },
]);

export const itemText = style({ display: "grid", gap: "2px", minWidth: 0, overflowWrap: "anywhere" });

export const chatLog = style([
  recipe.bareList,
  { display: "grid", gap: vars.space[2], maxHeight: "360px", overflowY: "auto", overflowWrap: "anywhere", padding: vars.space[1] },
]);

export const chatLine = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "baseline" });

export const chatName = style({ fontWeight: 700 });

export const reactions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2] });

export const listeners = style([recipe.bareList, { display: "grid", gap: vars.space[1] }]);

export const listenerLine = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center", overflowWrap: "anywhere" });

export const syncStatus = style({ color: vars.color.textMuted, fontSize: "0.875rem", fontVariantNumeric: "tabular-nums" });

export const results = style([recipe.bareList, { display: "grid", gap: vars.space[2], counterReset: "rank" }]);

export const resultItem = style([recipe.surface, { display: "grid", gap: vars.space[1], padding: vars.space[3], overflowWrap: "anywhere" }]);

export const searchResults = style([recipe.bareList, { display: "grid", gap: vars.space[2] }]);

export const visuallyHidden = style({
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});
