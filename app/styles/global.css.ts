import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
// scrollPaddingTop: what the browser scrolls into view (a field or link reached with Tab, the
// skip link's target, an anchor) lands below the sticky site header (64px), not under it
// (WCAG 2.2, 2.4.11 Focus Not Obscured).
globalStyle("html", { WebkitTextSizeAdjust: "100%", scrollBehavior: "smooth", scrollPaddingTop: "80px" });
globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: "16px",
  lineHeight: 1.55,
  WebkitFontSmoothing: "antialiased",
  // A word longer than its box (an e-mail address on a phone) breaks instead of pushing the page sideways.
  overflowWrap: "break-word",
});
globalStyle("h1, h2, h3, h4", { fontFamily: vars.font.display, lineHeight: 1.15, margin: 0, letterSpacing: "-0.01em" });
globalStyle("p", { margin: 0 });
globalStyle("a", { color: vars.color.link, textUnderlineOffset: "3px" });
globalStyle("img, svg, video", { maxWidth: "100%", display: "block" });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "2px" });
globalStyle("::selection", { background: vars.color.primary, color: vars.color.primaryText });
globalStyle("main", { flex: 1 });

globalStyle(".visually-hidden", {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

globalStyle("html", {
  "@media": { "(prefers-reduced-motion: reduce)": { scrollBehavior: "auto" } },
});
globalStyle("*, *::before, *::after", {
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});

// SPEC §4: the device's motion reduction (the low performance level, or the preference above),
// as the enhancement layer writes it on <html> (app/enhance/device/useDeviceProfile.ts): the same
// as prefers-reduced-motion, for phones that did not ask but cannot afford it.
globalStyle('html[data-motion="reduced"]', { scrollBehavior: "auto" });
globalStyle('html[data-motion="reduced"] *, html[data-motion="reduced"] *::before, html[data-motion="reduced"] *::after', {
  animationDuration: "0.01ms !important",
  animationIterationCount: "1 !important",
  transitionDuration: "0.01ms !important",
});
