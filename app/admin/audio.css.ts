/** /admin/audio: the drop zone, one row per file with its progress bar, and the drafts. */
import { style } from "@vanilla-extract/css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

export const stack = style({ display: "grid", gap: vars.space[6], minWidth: 0 });

export const dropZone = style({
  display: "grid",
  justifyItems: "start",
  gap: vars.space[3],
  padding: vars.space[6],
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
  minWidth: 0,
});

export const dropZoneActive = style({ borderColor: vars.color.primary, background: vars.color.surface });

export const fileInput = style({
  // Visually hidden but focusable through its label-styled button.
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
});

export const uploads = style([recipe.bareList, { display: "grid", gap: vars.space[3] }]);

export const uploadRow = style([
  recipe.surface,
  { display: "grid", gap: vars.space[2], padding: vars.space[4], minWidth: 0 },
]);

export const uploadHead = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: vars.space[2], minWidth: 0 });

export const fileName = style({ fontWeight: 700, overflowWrap: "anywhere", minWidth: 0 });

export const bar = style({
  position: "relative",
  height: "12px",
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.borderStrong}`,
  overflow: "hidden",
});

export const barFill = style({ position: "absolute", insetBlock: 0, insetInlineStart: 0, background: vars.color.primary, transition: "width 150ms linear" });

export const barFillFailed = style({ background: vars.color.destructive });

export const statusLine = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], color: vars.color.textMuted, fontSize: "0.9rem" });

export const statusFailed = style({ color: vars.color.destructive, fontWeight: 600 });

export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2] });

export const panel = style([recipe.surface, { display: "grid", gap: vars.space[4], padding: vars.space[5], borderColor: vars.color.borderStrong }]);

export const fieldGrid = style({ display: "grid", gap: vars.space[4], gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 180px), 1fr))" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2] });

export const hint = style({ color: vars.color.textMuted, fontSize: "0.875rem" });
