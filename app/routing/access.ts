/**
 * Who may reach a route: the one declaration every route module makes
 * (`defineRoute({ access })`, app/routing/route.server.ts). Its guard, the
 * navigation and the authorization table test all follow from it.
 *
 *  public        nobody's session is read (signed file URLs, the theme switch)
 *  public-viewer a public page that knows who is looking; a session past its
 *                timeout still goes to /auth with the 'Session Expired' toast
 *  second-factor a signed-in session that may still owe its second factor (the
 *                two-factor page itself, ADR 0099); visitors go to /auth
 *  signed-in     any signed-in person who has passed two-factor sign-in where
 *                it applies (others go to /auth/mfa); visitors go to /auth?redirect=<path>
 *  member        accepted member, A&R or admin; other signed-in people go to
 *                /dashboard (where their application stands)
 *  approved-ar   accepted_ar or admin; other signed-in people go to /ar
 *  admin         is_admin; other signed-in people go to /
 *
 * Pure data and predicates: safe in the browser bundle (navigation filters
 * on it).
 */
import type { Viewer } from "~/auth/viewer";
import { isAdmin, isApprovedAR, isMember } from "~/auth/viewer";

export const ACCESS_LEVELS = ["public", "public-viewer", "second-factor", "signed-in", "member", "approved-ar", "admin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The Viewer a route of this access level is given: null where nobody is required. */
export type ViewerFor<A extends Access> = A extends "public" ? null : A extends "public-viewer" ? Viewer | null : Viewer;

/** Whether a viewer passes an access level's guard (the signed-in levels need a viewer). */
export function allows(access: Access, viewer: Viewer | null): boolean {
  switch (access) {
    case "public":
    case "public-viewer":
      return true;
    case "second-factor":
    case "signed-in":
      return viewer !== null;
    case "member":
      return isMember(viewer);
    case "approved-ar":
      return isApprovedAR(viewer);
    case "admin":
      return isAdmin(viewer);
  }
}

/** Where a signed-in person who does not pass the guard is sent (visitors always go to sign in). */
export const DENIED_TARGET: Record<Exclude<Access, "public" | "public-viewer" | "second-factor" | "signed-in">, string> = {
  member: "/dashboard",
  "approved-ar": "/ar",
  admin: "/",
};
