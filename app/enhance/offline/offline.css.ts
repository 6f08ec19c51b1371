/** The offline page's list of what still works (app/routes/home/offline.tsx). */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stillWorks = style([
  recipe.card,
  { textAlign: "start", maxWidth: "60ch", width: "100%", padding: vars.space[6] },
]);

export const stillWorksTitle = style({ fontSize: "1.15rem", fontWeight: 700 });

export const stillWorksList = style({ display: "grid", gap: vars.space[2], paddingInlineStart: vars.space[5], margin: 0 });
