import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const page = style({
  display: "grid",
  justifyItems: "center",
  paddingBlock: `clamp(${vars.space[8]}, 6vw, ${vars.space[16]})`,
});

export const card = style([
  recipe.surface,
  {
    width: "100%",
    maxWidth: "480px",
    display: "grid",
    gap: vars.space[6],
    padding: `clamp(${vars.space[5]}, 4vw, ${vars.space[8]})`,
    background: vars.color.surfaceRaised,
    boxShadow: vars.shadow.md,
  },
]);

export const wideCard = style([card, { maxWidth: "760px" }]);

export const heading = style({ display: "grid", gap: vars.space[2] });

export const title = style({ fontSize: "clamp(1.6rem, 4vw, 2.1rem)", fontWeight: 800, letterSpacing: "-0.02em" });

export const lead = style({ color: vars.color.textMuted });

export const modes = style([recipe.bareList, { display: "flex", flexWrap: "wrap", gap: vars.space[2] }]);

export const modeLink = style([
  recipe.pillOutline,
  {
    minHeight: "40px",
    padding: `0 ${vars.space[3]}`,
    color: vars.color.text,
    textDecoration: "none",
    fontSize: "0.9rem",
    selectors: {
      '&[aria-current="page"]': { background: vars.color.secondary, color: vars.color.secondaryText, borderColor: vars.color.primary },
      "&:hover": { borderColor: vars.color.borderStrong },
      "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" },
    },
  },
]);

export const links = style({ display: "grid", gap: vars.space[2], fontSize: "0.95rem" });

export const link = style({ color: vars.color.link, fontWeight: 600 });

export const codeInput = style({ letterSpacing: "0.4em", fontFamily: vars.font.mono, fontSize: "1.25rem" });

export const steps = style([
  recipe.bareList,
  { display: "flex", flexWrap: "wrap", gap: vars.space[2], fontSize: "0.875rem", color: vars.color.textMuted },
]);

export const stepDone = style({ color: vars.color.success, fontWeight: 700 });

export const stepCurrent = style({ color: vars.color.text, fontWeight: 700 });

export const stateTable = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.95rem" });

export const stateCellHead = style({
  textAlign: "left",
  padding: `${vars.space[2]} ${vars.space[3]} ${vars.space[2]} 0`,
  color: vars.color.textMuted,
  fontWeight: 600,
  verticalAlign: "top",
  whiteSpace: "nowrap",
});

export const stateCell = style({ padding: `${vars.space[2]} 0`, fontFamily: vars.font.mono, overflowWrap: "anywhere" });

// Two-factor sign-in (/auth/mfa, ADR 0099).
export const disclosure = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space[4],
  display: "grid",
  gap: vars.space[3],
});

export const setupSteps = style({ display: "grid", gap: vars.space[5], paddingInlineStart: vars.space[5] });

/** The QR code stays dark on white in both themes: scanners read it so. */
export const qr = style({
  background: "#ffffff",
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  width: "min(100%, 232px)",
  aspectRatio: "1 / 1",
  marginBlock: vars.space[3],
});
globalStyle(`${qr} svg`, { display: "block", width: "100%", height: "100%" });

export const secretKey = style({ fontFamily: vars.font.mono, fontSize: "1rem", overflowWrap: "anywhere", letterSpacing: "0.08em" });

export const recoveryCodes = style([
  recipe.bareList,
  {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(9.5rem, 1fr))",
    gap: vars.space[2],
    fontFamily: vars.font.mono,
    fontSize: "1.05rem",
    padding: vars.space[4],
    background: vars.color.surfaceSunken,
    borderRadius: vars.radius.md,
  },
]);

/** One change to a factor that is on (new recovery codes, turning it off): each asks for a current code. */
export const manageSection = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space[4],
  display: "grid",
  gap: vars.space[2],
});

export const manageHeading = style({ fontSize: "1.05rem", margin: 0 });
