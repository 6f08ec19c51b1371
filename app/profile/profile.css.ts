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
