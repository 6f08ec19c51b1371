/** The list of the player's keyboard shortcuts and its on/off switch. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { switchInput as switchBase } from "~/ui/Switch.css";

export const body = style({ display: "grid", gap: vars.space[4], minWidth: 0 });

export const switchRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space[3],
  minHeight: "44px",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  cursor: "pointer",
  fontWeight: 600,
});

/** A native checkbox drawn as a switch (role="switch"): keyboard, forms and zoom for free. */
export const switchInput = style([switchBase, { margin: 0 }]);

export const note = style({ color: vars.color.textMuted, fontSize: "0.9rem" });

export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "0.95rem" });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space[2]} ${vars.space[2]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "start",
  verticalAlign: "middle",
});
globalStyle(`${table} thead th`, { fontSize: "0.8rem", color: vars.color.textMuted, fontWeight: 700 });
globalStyle(`${table}[data-enabled="false"] tbody`, { color: vars.color.textMuted });

export const keys = style({ whiteSpace: "nowrap" });

export const kbd = style({
  display: "inline-block",
  minWidth: "1.75em",
  padding: "1px 6px",
  border: `1px solid ${vars.color.borderStrong}`,
  borderBottomWidth: "2px",
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: "0.85em",
  textAlign: "center",
});

export const actions = style({ display: "flex", justifyContent: "flex-end" });
