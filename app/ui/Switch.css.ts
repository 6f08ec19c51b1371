/**
 * An on/off switch: a native checkbox (its label, keyboard and form value stay
 * the browser's) drawn as a track and a knob. One look for every switch: the
 * feature flags page and the player's shortcuts list.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const switchInput = style({
  appearance: "none",
  position: "relative",
  flexShrink: 0,
  width: "48px",
  height: "28px",
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  cursor: "pointer",
  transition: "background-color 120ms ease, border-color 120ms ease",
  selectors: {
    "&::after": {
      content: '""',
      position: "absolute",
      top: "2px",
      left: "2px",
      width: "20px",
      height: "20px",
      borderRadius: vars.radius.full,
      background: vars.color.textMuted,
      transition: "transform 120ms ease",
    },
    "&:checked": { background: vars.color.primary, borderColor: vars.color.primary },
    "&:checked::after": { transform: "translateX(20px)", background: vars.color.primaryText },
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" },
  },
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});
globalStyle(`html[data-motion="reduced"] ${switchInput}, html[data-motion="reduced"] ${switchInput}::after`, { transition: "none" });
