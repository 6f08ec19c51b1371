/**
 * /join, /join/writer, /join/producer, /application and /member-application
 * (mounted at each by app/route-map.ts) all lead to /dashboard (SPEC §2),
 * where a signed-up person applies. /join/writer and /join/producer preselect
 * the application's kind (`/dashboard?kind=writer|producer`, ADR 0070). The
 * login guard runs first, so a visitor signs in and comes back to the address
 * they asked for, which then forwards them to the dashboard
 * (docs/decisions/0022-redirect-semantics.md).
 */
import { defineRoute } from "~/routing/route.server";

/** Where each entry point leads. */
export function applyTarget(pathname: string): string {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  if (path === "/join/writer") return "/dashboard?kind=writer";
  if (path === "/join/producer") return "/dashboard?kind=producer";
  return "/dashboard";
}

const route = defineRoute({ access: "signed-in", redirect: ({ url }) => applyTarget(url.pathname) });

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
