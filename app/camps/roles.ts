/**
 * What a member brings to a camp group (ADR 0086). The pairing suggestions
 * balance groups on it: a producer and a topliner in each group where the
 * roster allows. Pure: safe in the browser bundle.
 */
import type { CampRole } from "~/platform/db/schema";

export type { CampRole };

export const CAMP_ROLES = [
  { value: "producer", label: "Producer" },
  { value: "writer", label: "Writer" },
  { value: "topliner", label: "Topliner" },
] as const satisfies readonly { value: CampRole; label: string }[];

export const CAMP_ROLE_VALUES = CAMP_ROLES.map((r) => r.value) as [CampRole, ...CampRole[]];

export function campRoleLabel(role: CampRole): string {
  return CAMP_ROLES.find((r) => r.value === role)?.label ?? role;
}

/**
 * The role an invitation starts with, from the profile's skills (the admin
 * may change it on the roster): a producer produces; a topliner or vocalist
 * writes toplines; anyone else writes.
 */
export function campRoleFromSkills(skills: readonly string[]): CampRole {
  if (skills.includes("producer")) return "producer";
  if (skills.includes("topliner") || skills.includes("vocalist")) return "topliner";
  return "writer";
}
