/** The header's inbox badge and the phone menu's dot (every page loads these: kept apart from inbox.css.ts). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The count beside "Inbox" in the header. */
export const countBadge = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: "1.4rem",
  height: "1.4rem",
  marginInlineStart: vars.space[2],
  paddingInline: "0.35rem",
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: "0.75rem",
  fontWeight: 700,
  lineHeight: 1,
});

/** A dot on the phone menu's button while something is unread. */
export const menuDot = style({
  position: "absolute",
  top: "6px",
  right: "6px",
  width: "10px",
  height: "10px",
  borderRadius: vars.radius.full,
  background: vars.color.primary,
  border: `2px solid ${vars.color.background}`,
  pointerEvents: "none",
});
