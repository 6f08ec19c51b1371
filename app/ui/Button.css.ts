/**
 * Button styles (SPEC §9). Three layers, composed by `buttonClass`:
 * `base` (shape, focus, disabled), one `variants` entry (colour) and one
 * `sizes` entry (height/padding). Sizes come from BUTTON_SIZES_PX so the
 * numbers live in one place.
 */
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { BUTTON_SIZES_PX } from "~/shared/constants";
import { vars } from "~/styles/theme.css";

// One place for the "is interactive" guard, so hover/active effects never
// fire on disabled or aria-disabled buttons.
const enabled = ':not(:disabled):not([aria-disabled="true"])';
const baseTransition =
  "background-color 150ms ease, color 150ms ease, border-color 150ms ease, box-shadow 150ms ease, transform 150ms ease, filter 150ms ease";
const brandGradient = `linear-gradient(135deg, ${vars.color.primary} 0%, ${vars.color.accent} 100%)`;

export const base = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space[2],
  border: "1px solid transparent",
  borderRadius: vars.radius.md,
  fontFamily: vars.font.body,
  fontWeight: 600,
  lineHeight: 1.2,
  letterSpacing: "0.01em",
  textAlign: "center",
  textDecoration: "none",
  whiteSpace: "nowrap",
  cursor: "pointer",
  userSelect: "none",
  WebkitTapHighlightColor: "transparent",
  transition: baseTransition,
  // On a phone a long label wraps inside the button rather than pushing the page sideways.
  "@media": { "(max-width: 479px)": { whiteSpace: "normal", maxWidth: "100%" } },
  selectors: {
    // A strong ring that survives on every variant, including the gradient.
    "&:focus-visible": {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: "2px",
    },
    [`&${enabled}:active`]: { transform: "translateY(1px)" },
    '&:disabled, &[aria-disabled="true"]': {
      opacity: 0.55,
      cursor: "not-allowed",
      boxShadow: "none",
    },
  },
});

// Icons passed as children scale with the label.
globalStyle(`${base} svg`, { width: "1.25em", height: "1.25em", flexShrink: 0 });

export const variants = styleVariants({
  // Brand hero: bold primary→accent gradient. Text uses primaryText, which is
  // white in the light theme and near-black in the dark theme, where the
  // gradient tokens are pale: white on them would fail WCAG AA contrast.
  uber: {
    backgroundImage: `linear-gradient(135deg, ${vars.color.primary} 0%, ${vars.color.accent} 50%, ${vars.color.primary} 100%)`,
    backgroundSize: "200% 100%",
    backgroundPosition: "0% 50%",
    color: vars.color.primaryText,
    fontWeight: 700,
    boxShadow: vars.shadow.md,
    // The gradient is twice as wide as the button; hover slides it across.
    transition: `${baseTransition}, background-position 450ms ease`,
    selectors: {
      [`&${enabled}:hover`]: {
        backgroundPosition: "100% 50%",
        boxShadow: vars.shadow.lg,
        transform: "translateY(-1px)",
      },
    },
  },
  // Transparent with a gradient hairline: a mask cuts the middle out of a
  // gradient pseudo-element, so the button stays see-through on any surface.
  uberGhost: {
    background: "transparent",
    color: vars.color.primary,
    selectors: {
      "&::before": {
        content: '""',
        position: "absolute",
        inset: "-1px",
        padding: "2px",
        borderRadius: "inherit",
        backgroundImage: brandGradient,
        WebkitMask: "linear-gradient(#000 0 0) content-box, linear-gradient(#000 0 0)",
        WebkitMaskComposite: "xor",
        mask: "linear-gradient(#000 0 0) content-box exclude, linear-gradient(#000 0 0)",
        pointerEvents: "none",
      },
      [`&${enabled}:hover`]: {
        background: [vars.color.secondary, `color-mix(in srgb, ${vars.color.primary} 10%, transparent)`],
      },
    },
  },
  // Soft tint of the brand colour; fallback to the secondary token where
  // color-mix is unsupported.
  uberSubtle: {
    background: [vars.color.secondary, `color-mix(in srgb, ${vars.color.primary} 14%, transparent)`],
    color: vars.color.primary,
    selectors: {
      [`&${enabled}:hover`]: {
        background: [vars.color.secondary, `color-mix(in srgb, ${vars.color.primary} 22%, transparent)`],
      },
    },
  },
  default: {
    background: vars.color.primary,
    color: vars.color.primaryText,
    boxShadow: vars.shadow.sm,
    selectors: { [`&${enabled}:hover`]: { background: vars.color.primaryHover } },
  },
  destructive: {
    background: vars.color.destructive,
    color: vars.color.destructiveText,
    boxShadow: vars.shadow.sm,
    selectors: { [`&${enabled}:hover`]: { filter: "brightness(1.08) saturate(1.05)" } },
  },
  outline: {
    background: "transparent",
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: {
      [`&${enabled}:hover`]: { background: vars.color.surfaceSunken, borderColor: vars.color.text },
    },
  },
  secondary: {
    background: vars.color.secondary,
    color: vars.color.secondaryText,
    selectors: { [`&${enabled}:hover`]: { filter: "brightness(0.96)" } },
  },
  ghost: {
    background: "transparent",
    color: vars.color.text,
    selectors: { [`&${enabled}:hover`]: { background: vars.color.surfaceSunken } },
  },
  link: {
    background: "transparent",
    color: vars.color.link,
    textDecoration: "underline",
    textUnderlineOffset: "4px",
    textDecorationThickness: "1px",
    selectors: { [`&${enabled}:hover`]: { textDecorationThickness: "2px" } },
  },
});

const px = (n: number) => `${n}px`;

export const sizes = styleVariants({
  sm: { minHeight: px(BUTTON_SIZES_PX.sm), paddingInline: vars.space[4], fontSize: "0.875rem", borderRadius: vars.radius.sm },
  default: { minHeight: px(BUTTON_SIZES_PX.default), paddingInline: vars.space[5], fontSize: "1rem" },
  lg: { minHeight: px(BUTTON_SIZES_PX.lg), paddingInline: vars.space[6], fontSize: "1.0625rem" },
  xl: { minHeight: px(BUTTON_SIZES_PX.xl), paddingInline: vars.space[8], fontSize: "1.125rem", borderRadius: vars.radius.lg },
  // Square: fixed width and height, no padding, so the icon sits centred.
  icon: {
    width: px(BUTTON_SIZES_PX.icon),
    height: px(BUTTON_SIZES_PX.icon),
    minHeight: px(BUTTON_SIZES_PX.icon),
    padding: 0,
    flexShrink: 0,
  },
});
