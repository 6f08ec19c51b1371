/**
 * Old admin addresses (SPEC §2, admin-only redirects), mounted at each of them
 * by app/route-map.ts. The admin guard runs before the redirect, so
 * non-admins learn nothing about where an admin address leads.
 */
import { defineRoute } from "~/routing/route.server";

/** Old path pattern -> where it lives now. */
const MOVED: { from: RegExp; to: (match: RegExpExecArray) => string }[] = [
  { from: /^\/admin\/dashboard\/?$/, to: () => "/admin" },
  { from: /^\/archive\/?$/, to: () => "/admin/archive/browse" },
  { from: /^\/archive\/song\/([^/]+)\/?$/, to: (m) => `/admin/archive/song/${m[1]}` },
  { from: /^\/camp-scheduling\/?$/, to: () => "/admin/camps" },
  { from: /^\/admin\/audio-upload\/?$/, to: () => "/admin/audio" },
  { from: /^\/admin\/test-applications\/?$/, to: () => "/admin/applications" },
];

/** Where an old admin path lives now (the path as requested, still percent-encoded). */
export function movedTarget(pathname: string): string {
  for (const { from, to } of MOVED) {
    const match = from.exec(pathname);
    if (match) return to(match);
  }
  return "/admin";
}

const route = defineRoute({
  access: "admin",
  redirect: ({ url }) => movedTarget(url.pathname),
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
