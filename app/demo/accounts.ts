/**
 * The five demo accounts of DESIGN section 4: a contract that tests, the README
 * and newcomers rely on.
 */
import type { Role } from "~/shared/constants";

export interface DemoAccount {
  key: "admin" | "ar" | "member" | "newmember" | "applicant";
  email: string;
  label: string;
  displayName: string;
  role: Role | null;
  isAdmin: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: "admin", email: "admin@demo.hitfactory.test", label: "administrator", displayName: "Avery Admin", role: "admin", isAdmin: true },
  { key: "ar", email: "ar@demo.hitfactory.test", label: "approved A&R professional", displayName: "Riley Reyes", role: "accepted_ar", isAdmin: false },
  { key: "member", email: "member@demo.hitfactory.test", label: "member, onboarding finished", displayName: "Maya Brooks", role: "accepted_member", isAdmin: false },
  { key: "newmember", email: "newmember@demo.hitfactory.test", label: "member accepted today, onboarding not started", displayName: "Noah Kim", role: "accepted_member", isAdmin: false },
  { key: "applicant", email: "applicant@demo.hitfactory.test", label: "applicant, application pending", displayName: "Alex Applicant", role: null, isAdmin: false },
];

export function demoAccount(key: DemoAccount["key"]): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`No demo account ${key}`);
  return account;
}
