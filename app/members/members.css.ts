import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const filterForm = style([
  recipe.surface,
  { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space[3], padding: vars.space[4], background: vars.color.surfaceSunken },
]);

export const filterField = style({ display: "grid", gap: vars.space[1], minWidth: "220px", flex: "1 1 220px", maxWidth: "360px" });

export const resultCount = style({ color: vars.color.textMuted, fontWeight: 600 });

export const memberCard = style([
  recipe.surface,
  {
    position: "relative",
    display: "grid",
    gridTemplateColumns: "56px 1fr",
    gap: vars.space[4],
    alignItems: "start",
    padding: vars.space[5],
    boxShadow: vars.shadow.sm,
    transition: "border-color 150ms ease, box-shadow 150ms ease, transform 150ms ease",
    selectors: {
      "&:hover": { borderColor: vars.color.primary, boxShadow: vars.shadow.md },
      "&:focus-within": { borderColor: vars.color.primary },
    },
  },
]);

export const avatar = style({
  display: "grid",
  placeItems: "center",
  width: "56px",
  height: "56px",
  borderRadius: vars.radius.full,
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
  color: "#fff",
  fontFamily: vars.font.display,
  fontWeight: 800,
  fontSize: "1.2rem",
});

export const avatarLarge = style([avatar, { width: "96px", height: "96px", fontSize: "2rem" }]);

export const avatarSmall = style([avatar, { width: "32px", height: "32px", fontSize: "0.75rem" }]);

/** An uploaded picture fills the same circle. */
export const avatarImage = style({ objectFit: "cover", background: vars.color.surfaceSunken, flexShrink: 0 });

export const cardBody = style({ display: "grid", gap: vars.space[2], minWidth: 0 });

export const cardName = style({ fontSize: "1.1rem", fontWeight: 700 });

/** The name link stretches over the card so the whole card is one target. */
export const cardLink = style({
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&::after": { content: "''", position: "absolute", inset: 0, borderRadius: vars.radius.lg },
    "&:focus-visible": { outline: "none" },
    "&:focus-visible::after": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" },
  },
});

export const meta = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const profileHero = style([
  recipe.surface,
  {
    display: "flex",
    flexWrap: "wrap",
    gap: vars.space[6],
    alignItems: "center",
    padding: vars.space[8],
    background: `radial-gradient(600px 240px at 90% -20%, color-mix(in srgb, ${vars.color.primary} 18%, transparent), transparent 70%), ${vars.color.surface}`,
  },
]);

export const profileName = style({ fontSize: "clamp(1.8rem, 4vw, 2.5rem)", fontWeight: 800 });

export const profileGrid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[6],
  "@media": { "(min-width: 900px)": { gridTemplateColumns: "2fr 1fr" } },
});

export const bio = style({ whiteSpace: "pre-line", lineHeight: 1.7 });

export const detailList = style({ display: "grid", gap: vars.space[4], margin: 0 });
export const detailTerm = style({ color: vars.color.textMuted, fontSize: "0.8rem", fontWeight: 700, textTransform: "uppercase", letterSpacing: "0.06em" });
export const detailValue = style({ margin: 0 });

export const filterActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], alignItems: "center" });

export const privateNote = style([
  recipe.surface,
  { padding: vars.space[4], borderInlineStart: `4px solid ${vars.color.warning}`, background: vars.color.surfaceSunken },
]);

export const linkList = style({ display: "grid", gap: vars.space[2], margin: 0, padding: 0, listStyle: "none" });

export const profileLink = style({ overflowWrap: "anywhere", minHeight: "48px", display: "inline-flex", alignItems: "center" });

export const heroActions = style({ marginInlineStart: "auto", display: "flex", flexWrap: "wrap", gap: vars.space[2] });

export const sectionStack = style({ display: "grid", gap: vars.space[4] });
