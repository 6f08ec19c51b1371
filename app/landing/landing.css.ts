import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const hero = style({
  position: "relative",
  overflow: "hidden",
  paddingBlock: `clamp(48px, 10vw, 120px)`,
  background: `radial-gradient(1200px 500px at 80% -10%, color-mix(in srgb, ${vars.color.primary} 22%, transparent), transparent 60%),
    radial-gradient(900px 420px at -10% 110%, color-mix(in srgb, ${vars.color.accent} 18%, transparent), transparent 60%)`,
});

export const heroGrid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[10],
  alignItems: "center",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 1.2fr) minmax(0, 1fr)" } },
});

export const eyebrow = style([
  recipe.pillOutline,
  {
    gap: vars.space[2],
    padding: `${vars.space[1]} ${vars.space[3]}`,
    background: vars.color.surface,
    color: vars.color.textMuted,
    fontSize: "0.85rem",
  },
]);

export const heroTitle = style({
  fontSize: "clamp(2.4rem, 6.5vw, 4.4rem)",
  fontWeight: 800,
  letterSpacing: "-0.03em",
  marginBlock: vars.space[5],
});

export const gradientText = style({
  background: `linear-gradient(100deg, ${vars.color.primary}, ${vars.color.accent})`,
  WebkitBackgroundClip: "text",
  backgroundClip: "text",
  color: "transparent",
});

export const heroLead = style({ fontSize: "1.2rem", color: vars.color.textMuted, maxWidth: "56ch" });

export const heroActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], marginTop: vars.space[8] });

export const heroNote = style({ marginTop: vars.space[4], color: vars.color.textMuted, fontSize: "0.95rem" });

/** Songs from the catalogue beside the hero text. */
export const studioCard = style([
  recipe.card,
  { gap: vars.space[4], padding: vars.space[6], background: vars.color.surfaceRaised, boxShadow: vars.shadow.lg, minWidth: 0 },
]);

export const studioTitle = style({ fontSize: "1.1rem", fontWeight: 700 });

export const trackList = style([recipe.bareList, { display: "grid", gap: vars.space[4] }]);

export const trackRow = style({
  display: "grid",
  gridTemplateColumns: "44px minmax(0, 1fr) auto",
  gap: vars.space[3],
  alignItems: "center",
  padding: vars.space[3],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});

export const trackText = style({ display: "grid", minWidth: 0 });

export const trackTitle = style({
  color: vars.color.text,
  fontWeight: 700,
  textDecoration: "none",
  overflowWrap: "anywhere",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const trackMeta = style({ color: vars.color.textMuted, fontSize: "0.85rem", fontVariantNumeric: "tabular-nums" });

export const studioLink = style({ color: vars.color.link, fontWeight: 600, justifySelf: "start" });

export const section = style({ paddingBlock: `clamp(48px, 8vw, 96px)` });
export const sectionAlt = style({ background: vars.color.surfaceSunken });
export const sectionTitle = style({ fontSize: "clamp(1.8rem, 4vw, 2.6rem)", marginBottom: vars.space[4] });
export const sectionLead = style({ color: vars.color.textMuted, maxWidth: "62ch", fontSize: "1.1rem" });

export const cards = style({
  display: "grid",
  gap: vars.space[5],
  marginTop: vars.space[10],
  gridTemplateColumns: "repeat(auto-fit, minmax(240px, 1fr))",
});

export const card = style([recipe.card, { padding: vars.space[6] }]);

export const cardIcon = style({
  width: "48px",
  height: "48px",
  borderRadius: vars.radius.md,
  display: "grid",
  placeItems: "center",
  background: vars.color.secondary,
  color: vars.color.secondaryText,
});

export const cardText = style({ color: vars.color.textMuted });

export const steps = style([
  recipe.bareList,
  {
    margin: `${vars.space[10]} 0 0`,
    display: "grid",
    gap: vars.space[5],
    counterReset: "step",
    "@media": { "(min-width: 768px)": { gridTemplateColumns: "repeat(3, 1fr)" } },
  },
]);

export const step = style([
  recipe.surface,
  {
    counterIncrement: "step",
    padding: vars.space[6],
    display: "grid",
    gap: vars.space[2],
    selectors: {
      "&::before": {
        content: "counter(step, decimal-leading-zero)",
        fontFamily: vars.font.display,
        fontWeight: 800,
        fontSize: "1.6rem",
        color: vars.color.accent,
      },
    },
  },
]);

export const cta = style({
  borderRadius: vars.radius.lg,
  padding: `clamp(32px, 6vw, 64px)`,
  // Fixed deep colours: white text keeps its contrast in both themes.
  background: "linear-gradient(135deg, #3b0f80, #6d28d9 55%, #9a3412)",
  color: "#fff",
  display: "grid",
  gap: vars.space[5],
  justifyItems: "start",
});
globalStyle(`${cta} p`, { color: "rgba(255,255,255,0.92)", maxWidth: "60ch", fontSize: "1.1rem" });

export const ctaOutline = style({
  color: "#fff !important",
  borderColor: "rgba(255,255,255,0.8) !important",
  background: "transparent !important",
});

/** The members' showcase tracks the admins chose (ADR 0081): the hero's track rows, in a grid. */
export const memberTracks = style([
  recipe.bareList,
  { display: "grid", gap: vars.space[4], marginTop: vars.space[8], gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 320px), 1fr))" },
]);

export const memberTrackTitle = style({ color: vars.color.text, fontWeight: 700, overflowWrap: "anywhere" });

export const memberLink = style({ color: vars.color.link, fontWeight: 600 });
