/** The overview's speed and visits: ratings in both themes through the theme contract (ADR 0096). */
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A bar's fill and a marker's colour by Google's rating (never the only cue: the rating is also written). */
export const ratingFill = styleVariants({
  good: { fill: vars.color.success },
  "needs-improvement": { fill: vars.color.warning },
  poor: { fill: vars.color.destructive },
  none: { fill: vars.color.primary },
});

export const ratingMarker = styleVariants({
  good: { background: vars.color.success },
  "needs-improvement": { background: vars.color.warning },
  poor: { background: vars.color.destructive },
});

export const marker = style({
  display: "inline-block",
  width: "0.6em",
  height: "0.6em",
  borderRadius: vars.radius.full,
  marginRight: vars.space[1],
  verticalAlign: "baseline",
});

export const threshold = style({ stroke: vars.color.text, strokeWidth: 1, strokeDasharray: "3 3", opacity: 0.75 });

export const barLabel = style({ fill: vars.color.text, fontSize: "11px", fontFamily: "inherit" });
export const barValue = style({ fill: vars.color.textMuted, fontSize: "11px", fontFamily: "inherit", fontVariantNumeric: "tabular-nums" });

export const legend = style({ color: vars.color.textMuted, fontSize: "0.85rem", margin: 0 });

export const routeCell = style({ display: "grid", gap: "2px", minWidth: "10rem" });
export const routeId = style({ color: vars.color.textMuted, fontSize: "0.8rem", wordBreak: "break-all" });
export const figure = style({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });
export const rating = style({ display: "block", color: vars.color.textMuted, fontSize: "0.8rem", whiteSpace: "nowrap" });
globalStyle(`${figure} + ${rating}`, { marginTop: "2px" });
