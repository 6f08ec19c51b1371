/**
 * Catalogue, song page, search and player demo. A track list in the style of
 * the pitching tools professionals use (dense rows, tabular numbers), that
 * folds into stacked cards on a phone.
 */
import { globalStyle, style } from "@vanilla-extract/css";
import * as page from "~/layout/page.css";
import * as recipe from "~/styles/recipes.css";
import { vars } from "~/styles/theme.css";

const tablet = "(min-width: 720px)";
const desktop = "(min-width: 1000px)";

/* ---------------- catalogue layout ---------------- */

export const searchBar = style({
  display: "flex",
  gap: vars.space[2],
  alignItems: "stretch",
});

export const searchField = style({ position: "relative", flex: 1, minWidth: 0 });

export const searchIcon = style({
  position: "absolute",
  left: vars.space[4],
  top: "50%",
  transform: "translateY(-50%)",
  width: "20px",
  height: "20px",
  color: vars.color.textMuted,
  pointerEvents: "none",
});

export const searchInput = style({
  width: "100%",
  minHeight: "52px",
  padding: `${vars.space[3]} ${vars.space[4]} ${vars.space[3]} 48px`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: "1.05rem",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "1px", borderColor: vars.color.primary },
  },
});

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[6],
  alignItems: "start",
  "@media": { [desktop]: { gridTemplateColumns: "260px minmax(0, 1fr)", gap: vars.space[8] } },
});

export const filters = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[3],
    padding: vars.space[4],
    // Two columns of selects on a phone, so the results start higher up.
    gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 130px), 1fr))",
    "@media": {
      [desktop]: { gridTemplateColumns: "1fr", gap: vars.space[4], padding: vars.space[5], position: "sticky", top: "88px" },
    },
  },
]);

export const filtersHeading = style({
  gridColumn: "1 / -1",
  fontSize: "0.8rem",
  fontFamily: vars.font.body,
  fontWeight: 700,
  letterSpacing: "0.1em",
  textTransform: "uppercase",
  color: vars.color.textMuted,
});

export const filterField = style({ display: "grid", gap: vars.space[1], minWidth: 0 });

export const filterLabel = style({ fontWeight: 600, fontSize: "0.9rem" });

export const select = style({
  width: "100%",
  minHeight: "44px",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  fontSize: "0.95rem",
  selectors: {
    "&:focus-visible": { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: "1px" },
  },
});

export const bpmFieldset = style({
  gridColumn: "1 / -1",
  border: 0,
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space[1],
  minWidth: 0,
});

export const bpmLegend = style({ padding: 0, fontWeight: 600, fontSize: "0.9rem", marginBottom: vars.space[1] });

export const bpmInputs = style({ display: "grid", gridTemplateColumns: "1fr auto 1fr", alignItems: "center", gap: vars.space[2] });

export const bpmDash = style({ color: vars.color.textMuted });

export const filterActions = style({
  gridColumn: "1 / -1",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space[2],
  alignItems: "center",
});

export const results = style({ display: "grid", gap: vars.space[4], minWidth: 0 });

export const resultsHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space[3],
});

export const resultCount = style({ fontSize: "1.25rem", fontWeight: 700 });

export const sortField = style({ display: "flex", alignItems: "center", gap: vars.space[2], whiteSpace: "nowrap" });

export const fuzzyNote = style({ color: vars.color.textMuted, fontSize: "0.95rem" });

/* ---------------- track list ---------------- */

export const trackList = style([recipe.bareList, { display: "grid", gap: vars.space[2] }]);

export const trackRow = style([
  recipe.surface,
  {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr)",
    gridTemplateAreas: `"play main" "play meta"`,
    alignItems: "center",
    columnGap: vars.space[4],
    rowGap: vars.space[2],
    padding: `${vars.space[3]} ${vars.space[4]}`,
    transition: "border-color 150ms ease, box-shadow 150ms ease",
    selectors: {
      "&:hover": { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.sm },
      '&[data-current="true"]': { borderColor: vars.color.primary },
    },
    "@media": {
      [tablet]: {
        gridTemplateColumns: "auto minmax(0, 1.6fr) minmax(0, 1.4fr)",
        gridTemplateAreas: `"play main meta"`,
      },
    },
  },
]);

export const trackPlay = style({ gridArea: "play" });

export const trackMain = style({ gridArea: "main", minWidth: 0, display: "grid", gap: "2px" });

export const trackTitle = style({
  fontFamily: vars.font.body,
  fontSize: "1.02rem",
  fontWeight: 700,
  lineHeight: 1.3,
  overflowWrap: "anywhere",
});
globalStyle(`${trackTitle} a`, { color: vars.color.text, textDecoration: "none" });
globalStyle(`${trackTitle} a:hover`, { textDecoration: "underline" });

export const trackArtist = style({ color: vars.color.textMuted, fontSize: "0.9rem", overflowWrap: "anywhere" });

export const featuredBadge = style([
  recipe.pillOutline,
  {
    display: "inline-block",
    marginInlineStart: vars.space[2],
    padding: `0 ${vars.space[2]}`,
    borderColor: vars.color.accent,
    color: vars.color.text,
    fontSize: "0.7rem",
    fontWeight: 700,
    letterSpacing: "0.06em",
    textTransform: "uppercase",
    verticalAlign: "middle",
  },
]);

export const trackMeta = style({
  gridArea: "meta",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: `${vars.space[1]} ${vars.space[3]}`,
  margin: 0,
  fontSize: "0.88rem",
  color: vars.color.textMuted,
  "@media": { [tablet]: { justifyContent: "flex-end" } },
});

// The labels are for screen readers; each dd is one item of the row's flex line.
globalStyle(`${trackMeta} dt`, { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" });
globalStyle(`${trackMeta} dd`, { margin: 0 });

export const genreChip = recipe.pillSoft;

export const numeric = style({ fontFamily: vars.font.mono, fontVariantNumeric: "tabular-nums", color: vars.color.text });

/* ---------------- pagination ---------------- */

export const pagination = style({ display: "flex", justifyContent: "center" });

export const pageList = style([recipe.bareList, { display: "flex", flexWrap: "wrap", justifyContent: "center", gap: vars.space[1] }]);

export const pageLink = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: "44px",
  minHeight: "44px",
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: "none",
  fontVariantNumeric: "tabular-nums",
  selectors: {
    "&:hover": { borderColor: vars.color.borderStrong },
    '&[aria-current="page"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText },
    '&[data-disabled="true"]': { color: vars.color.textMuted, borderStyle: "dashed", background: "transparent" },
  },
});

export const pageGap = style({ display: "inline-grid", placeItems: "center", minWidth: "32px", color: vars.color.textMuted });

/* ---------------- song page ---------------- */

export const songHero = style([
  recipe.surface,
  {
    display: "grid",
    gap: vars.space[6],
    padding: vars.space[6],
    background: `linear-gradient(160deg, color-mix(in srgb, ${vars.color.primary} 10%, ${vars.color.surface}), ${vars.color.surface} 60%)`,
    "@media": { [tablet]: { gridTemplateColumns: "200px minmax(0, 1fr)", padding: vars.space[8] } },
  },
]);

export const cover = style({
  width: "100%",
  maxWidth: "200px",
  aspectRatio: "1 / 1",
  borderRadius: vars.radius.lg,
  objectFit: "cover",
  background: `linear-gradient(135deg, ${vars.color.primary}, ${vars.color.accent})`,
  boxShadow: vars.shadow.md,
  display: "grid",
  placeItems: "center",
  color: "#fff",
});

export const heroText = style({ display: "grid", gap: vars.space[4], alignContent: "start", minWidth: 0 });

export const songTitle = style({ fontSize: "clamp(2rem, 5vw, 3rem)", fontWeight: 800, letterSpacing: "-0.02em", overflowWrap: "anywhere" });

export const songArtist = style({ fontSize: "1.1rem", color: vars.color.textMuted });

export const heroActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space[3], alignItems: "center" });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(124px, 1fr))",
  gap: vars.space[3],
  margin: 0,
});

export const fact = style({
  display: "flex",
  flexDirection: "column-reverse",
  gap: "2px",
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
globalStyle(`${fact} dt`, { fontSize: "0.75rem", fontWeight: 700, letterSpacing: "0.08em", textTransform: "uppercase", color: vars.color.textMuted });
globalStyle(`${fact} dd`, { margin: 0, fontWeight: 700, fontSize: "1.05rem", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });

export const listenCard = style([recipe.card, { gap: vars.space[4] }]);

export const nativeAudio = style({ width: "100%" });

export const twoColumns = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[6],
  alignItems: "start",
  "@media": { [desktop]: { gridTemplateColumns: "minmax(0, 1.2fr) minmax(0, 1fr)" } },
});

export const lyrics = style({
  margin: 0,
  whiteSpace: "pre-wrap",
  fontFamily: vars.font.body,
  fontSize: "1rem",
  lineHeight: 1.8,
  padding: vars.space[5],
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
});

export const splitCell = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
// Beats the shared table's left alignment: numbers line up on the right.
globalStyle(`${page.table} ${splitCell}`, { textAlign: "right" });

export const breadcrumb = style({ display: "inline-flex", alignItems: "center", gap: vars.space[1], fontWeight: 600 });

export const roleChip = style([recipe.pillOutline, { textTransform: "capitalize" }]);

export const splitBar = style({
  display: "flex",
  height: "10px",
  borderRadius: vars.radius.full,
  overflow: "hidden",
  background: vars.color.border,
});

export const splitSegment = style({ height: "100%", selectors: { "& + &": { borderInlineStart: `2px solid ${vars.color.surface}` } } });

/* ---------------- waveform ---------------- */

export const waveform = style({
  position: "relative",
  height: "88px",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  padding: `${vars.space[2]} ${vars.space[3]}`,
  selectors: { '&[data-seekable="true"]': { cursor: "pointer" } },
});

export const waveformSvg = style({ width: "100%", height: "100%", display: "block" });

export const waveformBase = style({ fill: vars.color.borderStrong });

export const waveformPlayed = style({ fill: vars.color.primary });

export const waveformLayer = style({ position: "absolute", inset: `${vars.space[2]} ${vars.space[3]}` });

/* ---------------- search page ---------------- */

export const searchSections = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[8],
  "@media": { [desktop]: { gridTemplateColumns: "minmax(0, 1.6fr) minmax(0, 1fr)" } },
});

export const memberList = style([recipe.bareList, { display: "grid", gap: vars.space[2], alignContent: "start" }]);

export const memberRow = style([
  recipe.surface,
  { display: "grid", gridTemplateColumns: "auto minmax(0, 1fr)", gap: vars.space[3], alignItems: "center", padding: `${vars.space[3]} ${vars.space[4]}` },
]);

export const avatar = style({
  display: "inline-grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  borderRadius: vars.radius.full,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
  fontWeight: 800,
});

export const memberName = style({ fontWeight: 700 });
globalStyle(`${memberName} a`, { color: vars.color.text });

/* ---------------- player demo ---------------- */

export const applicantGrid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[5],
  "@media": { [tablet]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const applicantCard = style([
  recipe.card,
  {
    gap: vars.space[4],
    borderWidth: "2px",
    selectors: { '&[data-active="true"]': { borderColor: vars.color.primary, boxShadow: vars.shadow.md } },
  },
]);

export const demoTrack = style({
  display: "grid",
  gap: vars.space[2],
  padding: `${vars.space[3]} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});

export const demoTrackHead = style({ display: "flex", alignItems: "center", gap: vars.space[3], minWidth: 0 });

export const log = style([
  recipe.bareList,
  {
    padding: vars.space[4],
    display: "grid",
    gap: vars.space[1],
    borderRadius: vars.radius.md,
    background: vars.color.surfaceSunken,
    fontFamily: vars.font.mono,
    fontSize: "0.875rem",
    minHeight: "3.5rem",
  },
]);

export const checklist = style({ margin: 0, paddingInlineStart: vars.space[5], display: "grid", gap: vars.space[1], color: vars.color.textMuted });
export const stack = style({ display: "grid", gap: vars.space[4], minWidth: 0, alignContent: "start" });
export const formStack = style({ display: "grid", gap: vars.space[6] });
