import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[8],
  alignItems: "start",
  "@media": { "(min-width: 960px)": { gridTemplateColumns: "minmax(0, 2fr) minmax(260px, 1fr)" } },
});

export const wideRow = style({
  display: "grid",
  gap: vars.space[5],
  "@media": { "(min-width: 720px)": { gridTemplateColumns: "1fr 1fr" } },
});

export const compactPage = style({
  maxWidth: "520px",
  marginInline: "auto",
  paddingBlock: `${vars.space[6]} ${vars.space[10]}`,
  display: "grid",
  gap: vars.space[6],
});

export const compactTitle = style({ fontSize: "1.6rem", fontWeight: 800 });

export const aside = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space[5] });

export const summaryName = style({ fontSize: "1.25rem", fontWeight: 700 });

export const publicToggle = style({
  display: "flex",
  gap: vars.space[3],
  alignItems: "flex-start",
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  cursor: "pointer",
});

export const publicToggleInput = style({ width: "20px", height: "20px", marginTop: "2px", accentColor: vars.color.primary, flexShrink: 0 });

export const linkList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space[4] });

export const linkRow = style({
  display: "grid",
  gap: vars.space[3],
  "@media": { "(min-width: 720px)": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 2fr)" } },
});

export const avatarBlock = style({ display: "flex", flexWrap: "wrap", gap: vars.space[5], alignItems: "center" });

export const avatarForms = style({ display: "grid", gap: vars.space[4], flex: "1 1 240px", minWidth: 0 });

export const fileInput = style({
  width: "100%",
  minHeight: "48px",
  padding: vars.space[2],
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "1px" },
    '&[aria-invalid="true"]': { borderColor: vars.color.destructive },
  },
});

export const settingsList = style({ display: "grid", gap: vars.space[6] });

export const settingsItem = style({
  display: "grid",
  gap: vars.space[3],
  paddingTop: vars.space[5],
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { "&:first-child": { paddingTop: 0, borderTop: "none" } },
});

export const settingsTitle = style({ fontSize: "1.05rem", fontWeight: 700 });

/** An address may be long and unbroken: it wraps instead of pushing the page sideways. */
export const address = style({ overflowWrap: "anywhere", fontWeight: 600 });

export const compactSection = style({ display: "grid", gap: vars.space[4], paddingTop: vars.space[6], borderTop: `1px solid ${vars.color.border}` });

export const compactSectionTitle = style({ fontSize: "1.3rem", fontWeight: 800 });
