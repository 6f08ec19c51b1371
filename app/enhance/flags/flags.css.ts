/** The feature flags page: the table, the switches and the import/export tools. */
import { globalStyle, style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";
import { switchInput as switchBase } from "~/ui/Switch.css";

// One column that may shrink below its content's natural width (a file input's is about 300 px).
const column = { display: "grid", gridTemplateColumns: "minmax(0, 1fr)", minWidth: 0 } as const;

export const sections = style({ ...column, gap: vars.space[8] });

export const section = style({ ...column, gap: vars.space[4] });

export const table = style([recipe.surface, { width: "100%", borderCollapse: "collapse", fontSize: "0.95rem" }]);
globalStyle(`${table} caption`, { textAlign: "start", paddingBlock: vars.space[3], fontWeight: 700, color: vars.color.text });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "start",
  verticalAlign: "top",
  padding: vars.space[3],
  borderTop: `1px solid ${vars.color.border}`,
  // Long words (flag keys) wrap rather than push the page sideways at 320 px.
  overflowWrap: "anywhere",
});
globalStyle(`${table} thead th`, {
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: "0.8rem",
  textTransform: "uppercase",
  letterSpacing: "0.06em",
});

export const flagName = style({ display: "block", fontWeight: 700 });
export const flagKey = style({ display: "block", fontFamily: vars.font.mono, fontSize: "0.85rem", color: vars.color.textMuted });
export const flagEffect = style({ display: "block", marginTop: vars.space[1], fontWeight: 400, color: vars.color.text });
export const inert = style([recipe.pillOutline, { display: "inline-block", marginTop: vars.space[2], padding: `0 ${vars.space[2]}`, fontSize: "0.8rem" }]);

export const note = style([recipe.surface, { padding: vars.space[4], background: vars.color.surfaceSunken }]);

/** A native checkbox drawn as a switch (role="switch"): keyboard and forms for free; 44 px target. */
export const switchInput = style([switchBase, { margin: "8px 0" }]);

export const switchLabel = style({ display: "flex", alignItems: "center", gap: vars.space[2], cursor: "pointer" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3] });

export const field = style({ ...column, gap: vars.space[2] });
export const label = style({ fontWeight: 600 });
export const hint = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const textarea = style({
  width: "100%",
  minHeight: "9rem",
  padding: vars.space[3],
  fontFamily: vars.font.mono,
  fontSize: "0.9rem",
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  selectors: {
    "&[aria-invalid='true']": { borderColor: vars.color.destructive },
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" },
  },
});

export const fileInput = style({
  width: "100%",
  maxWidth: "100%",
  minHeight: "44px",
  color: vars.color.text,
  selectors: { "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" } },
});

export const fieldError = style({ color: vars.color.destructive, fontWeight: 600 });

export const code = style({ fontFamily: vars.font.mono, fontSize: "0.9em" });
