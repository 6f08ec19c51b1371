/**
 * Range input styling for WebKit/Blink and Firefox. The filled part of the
 * track comes from --hf-slider-fill (a percentage set inline by Slider.tsx);
 * Firefox draws it natively with ::-moz-range-progress.
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const TRACK = "6px";
const THUMB = "18px";
const fill = "var(--hf-slider-fill, 0%)";

export const root = style({ display: "grid", gap: vars.space[2], minWidth: 0 });

export const label = style({ fontSize: "0.875rem", fontWeight: 600, color: vars.color.text });

const thumb = {
  width: THUMB,
  height: THUMB,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceRaised,
  border: `2px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.sm,
  transition: "transform 120ms ease, box-shadow 120ms ease",
} as const;

export const input = style({
  appearance: "none",
  WebkitAppearance: "none",
  width: "100%",
  // Tall hit area (WCAG 2.5.8) around a slim visual track.
  height: "28px",
  margin: 0,
  background: "transparent",
  cursor: "pointer",
  selectors: {
    "&:focus": { outline: "none" },
    "&:disabled": { cursor: "not-allowed", opacity: 0.5 },

    "&::-webkit-slider-runnable-track": {
      height: TRACK,
      borderRadius: vars.radius.full,
      background: `linear-gradient(to right, ${vars.color.primary} 0 ${fill}, ${vars.color.border} ${fill} 100%)`,
    },
    "&::-webkit-slider-thumb": {
      ...thumb,
      WebkitAppearance: "none",
      appearance: "none",
      // Centre the thumb on the track: (track - thumb) / 2.
      marginTop: `calc((${TRACK} - ${THUMB}) / 2)`,
    },
    "&:hover:not(:disabled)::-webkit-slider-thumb": { transform: "scale(1.12)" },
    "&:active:not(:disabled)::-webkit-slider-thumb": { transform: "scale(1.18)" },
    "&:focus-visible::-webkit-slider-thumb": {
      boxShadow: `0 0 0 3px ${vars.color.surfaceRaised}, 0 0 0 6px ${vars.color.focusRing}`,
    },

    "&::-moz-range-track": {
      height: TRACK,
      borderRadius: vars.radius.full,
      background: vars.color.border,
      border: "none",
    },
    "&::-moz-range-progress": {
      height: TRACK,
      borderRadius: vars.radius.full,
      background: vars.color.primary,
    },
    "&::-moz-range-thumb": thumb,
    "&:hover:not(:disabled)::-moz-range-thumb": { transform: "scale(1.12)" },
    "&:focus-visible::-moz-range-thumb": {
      boxShadow: `0 0 0 3px ${vars.color.surfaceRaised}, 0 0 0 6px ${vars.color.focusRing}`,
    },
  },
});
