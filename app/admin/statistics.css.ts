import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({ display: "grid", gap: vars.space[4] });

export const hint = style({ display: "block", color: vars.color.textMuted, fontWeight: 400, fontSize: "0.8rem" });

export const updated = style({ color: vars.color.textMuted, fontSize: "0.875rem" });

export const queueList = style([
  recipe.bareList,
  { display: "grid", gap: vars.space[3], gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 220px), 1fr))" },
]);

export const queueLink = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[1],
    minHeight: "48px",
    padding: vars.space[4],
    color: vars.color.text,
    textDecoration: "none",
    selectors: {
      "&:hover": { borderColor: vars.color.primary },
      "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" },
    },
  },
]);

export const queueCount = style({ fontFamily: vars.font.display, fontSize: "2rem", fontWeight: 800, lineHeight: 1 });

export const queueWaiting = style({ color: vars.color.primary });

export const queueLabel = style({ fontWeight: 600, color: vars.color.link, textDecoration: "underline", textUnderlineOffset: "3px" });
