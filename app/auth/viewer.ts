/**
 * The signed-in person as the UI sees it: no tokens, only what pages need.
 * Roles follow SPEC §6.
 */
import type { Role } from "~/shared/constants";

export interface Viewer {
  id: string;
  email: string | null;
  displayName: string;
  /** profiles.role: null while the person is still applying. */
  role: Role | null;
  isAdmin: boolean;
}

export const isApprovedAR = (v: Pick<Viewer, "role"> | null) => v?.role === "accepted_ar" || v?.role === "admin";
export const isMember = (v: Pick<Viewer, "role"> | null) =>
  v?.role === "accepted_member" || v?.role === "accepted_ar" || v?.role === "admin";
export const isAdmin = (v: Pick<Viewer, "isAdmin"> | null) => Boolean(v?.isAdmin);
