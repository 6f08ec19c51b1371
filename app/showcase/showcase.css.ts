/** The showcase's styles: a list of track cards, the upload form and its progress bar. */
import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const list = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const track = style([
  recipe.surface,
  {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr)",
    alignItems: "center",
    gap: `${vars.space[2]} ${vars.space[4]}`,
    padding: vars.space[4],
  },
]);

export const trackText = style({ display: "grid", gap: vars.space[1], minWidth: 0 });

export const trackTitle = style({ fontWeight: 700, overflowWrap: "anywhere" });

export const trackMeta = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

/** The waveform spans the card under the title. */
export const trackWave = style({ gridColumn: "1 / -1", minWidth: 0 });
// A smaller waveform than the song page's.
globalStyle(`${trackWave} > [data-testid="waveform"]`, { height: "56px" });

export const flatWave = style({
  gridColumn: "1 / -1",
  height: "4px",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

export const actions = style({ gridColumn: "1 / -1", display: "flex", flexWrap: "wrap", gap: vars.space[2] });

export const inlineForm = style({ display: "inline-flex" });

export const confirm = style([
  recipe.surface,
  { display: "grid", gap: vars.space[3], padding: vars.space[5], borderColor: vars.color.destructive },
]);

export const confirmActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3] });

export const progress = style({ display: "grid", gap: vars.space[2] });

export const progressBar = style({ width: "100%", height: "12px", accentColor: vars.color.primary });

export const count = style([recipe.pillSoft, { justifySelf: "start", padding: `2px ${vars.space[3]}`, fontWeight: 700 }]);

/** A track an admin hid (ADR 0081): a plain badge and a line saying what it means. */
export const hiddenLine = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space[2] });

export const hiddenBadge = style([
  recipe.pillSoft,
  { padding: `2px ${vars.space[3]}`, fontWeight: 700, background: vars.color.surfaceSunken, color: vars.color.text, border: `1px solid ${vars.color.border}` },
]);
