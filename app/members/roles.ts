/** How a role reads to people (badges in the directory, dashboard and admin tables). */
import type { Role } from "~/shared/constants";

export function roleLabel(role: Role | null, isAdmin = false): string {
  if (isAdmin || role === "admin") return "Administrator";
  if (role === "accepted_ar") return "A&R Professional";
  if (role === "accepted_member") return "Member";
  return "Applicant";
}
