/**
 * THE RECIPES: the few looks every area's stylesheet builds on, written once.
 * An area composes them with what is its own:
 *
 *   export const trackRow = style([surface, { padding: vars.space[4] }]);
 *
 * and gets both classes (the recipe's and its own). This file's CSS comes
 * before every stylesheet that imports it, so an area's own values win over
 * a recipe's.
 *
 *  bareList   a list without bullets or indent (menus, card grids, chips)
 *  surface    the bordered, rounded panel on the surface colour
 *  card       a surface with padding, its content stacked
 *  linkCard   a card that is one link: lifts on hover
 *  pill       a small rounded label (chips, badges); pillSoft, pillOutline
 */
import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

export const bareList = style({ listStyle: "none", margin: 0, padding: 0 });

export const surface = style({
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const card = style([surface, { display: "grid", alignContent: "start", gap: vars.space[3], padding: vars.space[5] }]);

export const linkCard = style([
  card,
  {
    height: "100%",
    color: vars.color.text,
    textDecoration: "none",
    transition: "border-color 150ms ease, box-shadow 150ms ease",
    selectors: { "&:hover": { borderColor: vars.color.primary, boxShadow: vars.shadow.md } },
  },
]);

export const pill = style({
  display: "inline-flex",
  alignItems: "center",
  padding: `1px ${vars.space[2]}`,
  borderRadius: vars.radius.full,
  fontSize: "0.8rem",
  fontWeight: 600,
});

/** On the soft brand colour: genres, moods, roles. */
export const pillSoft = style([pill, { background: vars.color.secondary, color: vars.color.secondaryText }]);

/** Only an outline: secondary facts beside a soft pill. */
export const pillOutline = style([pill, { border: `1px solid ${vars.color.border}` }]);
