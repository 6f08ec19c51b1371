import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const contactCard = style({ display: "grid", gap: vars.space[4] });
