/**
 * What each kind of person may reach from the header. Mirrors the guards:
 * a link shown here never leads to a redirect for that person
 * (tests/integration/route-table.test.ts checks it against the table).
 */
import type { Viewer } from "~/auth/viewer";
import { isAdmin, isApprovedAR, isMember } from "~/auth/viewer";

export interface NavItem {
  to: string;
  label: string;
}

export function navigationFor(viewer: Viewer | null): NavItem[] {
  if (!viewer) {
    return [
      { to: "/music-catalog", label: "Catalogue" },
      { to: "/members", label: "Members" },
      { to: "/party", label: "Listening party" },
      { to: "/ar", label: "For A&R" },
    ];
  }
  const items: NavItem[] = [{ to: "/dashboard", label: "Dashboard" }];
  // Administrators count as approved A&R too, but their header leads to the
  // admin area instead; their dashboard still links the A&R dashboard. Six
  // items at most keep the header on one line.
  if (isApprovedAR(viewer) && !isAdmin(viewer)) items.push({ to: "/ar/dashboard", label: "A&R" });
  items.push({ to: "/music-catalog", label: "Catalogue" }, { to: "/members", label: "Members" });
  if (isMember(viewer)) items.push({ to: "/party", label: "Listening party" });
  items.push({ to: "/profile", label: "Profile" });
  if (isAdmin(viewer)) items.push({ to: "/admin", label: "Admin" });
  return items;
}
