/**
 * The design tokens: one contract, two themes. `html.theme-light` and
 * `html.theme-dark` apply a theme; `html.theme-system` follows the device
 * colour scheme with a media query, so no script is needed and nothing flashes.
 */
import { assignVars, createGlobalThemeContract, globalStyle } from "@vanilla-extract/css";

export const vars = createGlobalThemeContract(
  {
    color: {
      background: null,
      surface: null,
      surfaceRaised: null,
      surfaceSunken: null,
      text: null,
      textMuted: null,
      border: null,
      borderStrong: null,
      primary: null,
      primaryText: null,
      primaryHover: null,
      accent: null,
      accentText: null,
      secondary: null,
      secondaryText: null,
      destructive: null,
      destructiveText: null,
      success: null,
      warning: null,
      info: null,
      focusRing: null,
      overlay: null,
      link: null,
    },
    font: { body: null, display: null, mono: null },
    radius: { sm: null, md: null, lg: null, full: null },
    shadow: { sm: null, md: null, lg: null },
    space: { 1: null, 2: null, 3: null, 4: null, 5: null, 6: null, 8: null, 10: null, 12: null, 16: null },
  },
  (_value, path) => `hf-${path.join("-")}`,
);

const shared = {
  font: {
    body: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    display: '"Space Grotesk", Inter, "Segoe UI", system-ui, -apple-system, sans-serif',
    mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  radius: { sm: "6px", md: "10px", lg: "16px", full: "9999px" },
  space: { 1: "4px", 2: "8px", 3: "12px", 4: "16px", 5: "20px", 6: "24px", 8: "32px", 10: "40px", 12: "48px", 16: "64px" },
};

// Contrast of text on background checked at WCAG AA (4.5:1) for both themes.
const light = {
  ...shared,
  color: {
    background: "#fbfaf7",
    surface: "#ffffff",
    surfaceRaised: "#ffffff",
    surfaceSunken: "#f1efe9",
    text: "#17141f",
    textMuted: "#57526a",
    border: "#dcd8cf",
    borderStrong: "#9f9aa8",
    primary: "#5b21b6",
    primaryText: "#ffffff",
    primaryHover: "#4c1d95",
    accent: "#c2410c",
    accentText: "#ffffff",
    secondary: "#ece8f7",
    secondaryText: "#2e1065",
    destructive: "#b91c1c",
    destructiveText: "#ffffff",
    success: "#15803d",
    warning: "#a16207",
    info: "#1d4ed8",
    focusRing: "#7c3aed",
    overlay: "rgba(15, 12, 25, 0.6)",
    link: "#5b21b6",
  },
  shadow: {
    sm: "0 1px 2px rgba(23, 20, 31, 0.08)",
    md: "0 4px 14px rgba(23, 20, 31, 0.10)",
    lg: "0 18px 48px rgba(23, 20, 31, 0.18)",
  },
};

const dark = {
  ...shared,
  color: {
    background: "#0d0b14",
    surface: "#16131f",
    surfaceRaised: "#1f1b2b",
    surfaceSunken: "#0a0810",
    text: "#f4f2fa",
    textMuted: "#b4aec6",
    border: "#2f2a3d",
    borderStrong: "#5d5670",
    primary: "#a78bfa",
    primaryText: "#140a2e",
    primaryHover: "#c4b5fd",
    accent: "#fb923c",
    accentText: "#1c0a00",
    secondary: "#2a2440",
    secondaryText: "#ede9fe",
    destructive: "#f87171",
    destructiveText: "#1f0505",
    success: "#4ade80",
    warning: "#facc15",
    info: "#93c5fd",
    focusRing: "#c4b5fd",
    overlay: "rgba(0, 0, 0, 0.7)",
    link: "#c4b5fd",
  },
  shadow: {
    sm: "0 1px 2px rgba(0, 0, 0, 0.4)",
    md: "0 4px 14px rgba(0, 0, 0, 0.5)",
    lg: "0 18px 48px rgba(0, 0, 0, 0.6)",
  },
};

globalStyle(":root, html.theme-light", { vars: assignVars(vars, light), colorScheme: "light" });
globalStyle("html.theme-dark", { vars: assignVars(vars, dark), colorScheme: "dark" });
globalStyle("html.theme-system", {
  vars: assignVars(vars, light),
  colorScheme: "light dark",
  "@media": { "(prefers-color-scheme: dark)": { vars: assignVars(vars, dark) } },
});

export const themeValues = { light, dark };
