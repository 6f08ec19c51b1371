/**
 * The theme preference cookie (SPEC §1): light, dark or system, default light.
 * A stored value is used only if it is one of the three.
 */
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { DEFAULT_THEME, THEMES, type ThemePreference } from "~/shared/constants";

const themeCookie = createCookie("hf_theme", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: process.env.NODE_ENV === "production",
  maxAge: 60 * 60 * 24 * 365,
});

export const themeSchema = z.object({ theme: z.enum(THEMES) });

export function parseThemePreference(value: unknown): ThemePreference {
  return (THEMES as readonly unknown[]).includes(value) ? (value as ThemePreference) : DEFAULT_THEME;
}

export async function getThemePreference(request: Request): Promise<ThemePreference> {
  const value = await themeCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return parseThemePreference(value);
}

export function serializeThemePreference(theme: ThemePreference): Promise<string> {
  return themeCookie.serialize(theme);
}
