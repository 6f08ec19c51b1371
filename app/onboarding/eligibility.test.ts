/** SPEC §4 "Onboarding": who gets it, at the boundaries of its windows, and what a page shows. */
import { describe, expect, it } from "vitest";
import type { Role } from "~/shared/constants";
import {
  NO_SESSION_ONBOARDING,
  clampStep,
  isAuthPath,
  isEligible,
  isOnboardingAudience,
  isWithinWindow,
  onboardingDisplay,
  roleBadge,
  welcomeName,
  type OnboardingRecord,
} from "./eligibility";

const NOW = new Date("2026-11-25T12:00:00.000Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const member = { role: "accepted_member" as Role | null, isAdmin: false };
const fresh: OnboardingRecord = {
  completed: false,
  skipped: false,
  currentStep: 0,
  firstLoginAfterAcceptance: null,
  accountCreatedAt: ago(1 * HOUR),
};
/** An account older than the 7-day window: only a recent first login can make it eligible. */
const old = (firstLogin: Date | null): OnboardingRecord => ({ ...fresh, accountCreatedAt: ago(120 * DAY), firstLoginAfterAcceptance: firstLogin });

describe("the audience (SPEC §6: members, A&R and admins)", () => {
  it.each([
    ["accepted_member", false, true],
    ["accepted_ar", false, true],
    ["admin", false, true],
    [null, true, true], // is_admin without a role is still an administrator
    [null, false, false], // an applicant
  ] as const)("role %s, admin %s: %s", (role, isAdmin, expected) => {
    expect(isOnboardingAudience({ role, isAdmin })).toBe(expected);
    expect(isEligible({ role, isAdmin }, fresh, NOW)).toBe(expected);
  });

  it("nobody signed in, or no profile row, is not eligible", () => {
    expect(isEligible(null, fresh, NOW)).toBe(false);
    expect(isEligible(member, null, NOW)).toBe(false);
  });
});

describe("completed or skipped", () => {
  it("a completed onboarding does not show again", () => {
    expect(isEligible(member, { ...fresh, completed: true }, NOW)).toBe(false);
  });
  it("a skipped one neither (even if completed were somehow false)", () => {
    expect(isEligible(member, { ...fresh, skipped: true }, NOW)).toBe(false);
  });
});

describe("the windows (SPEC §9: first login within 24 h, or created within 7 days)", () => {
  it("first login exactly 24 hours ago is within; one millisecond more is not", () => {
    expect(isWithinWindow(old(ago(DAY)), NOW)).toBe(true);
    expect(isWithinWindow(old(ago(DAY + 1)), NOW)).toBe(false);
    expect(isEligible(member, old(ago(DAY - 1)), NOW)).toBe(true);
    expect(isEligible(member, old(ago(DAY + 1)), NOW)).toBe(false);
  });

  it("an account exactly 7 days old is within; one millisecond more is not", () => {
    const long = ago(30 * DAY);
    expect(isEligible(member, { ...fresh, firstLoginAfterAcceptance: long, accountCreatedAt: ago(7 * DAY) }, NOW)).toBe(true);
    expect(isEligible(member, { ...fresh, firstLoginAfterAcceptance: long, accountCreatedAt: ago(7 * DAY + 1) }, NOW)).toBe(false);
    expect(isEligible(member, { ...fresh, firstLoginAfterAcceptance: long, accountCreatedAt: ago(6 * DAY) }, NOW)).toBe(true);
  });

  it("either window is enough: an old account with a first login today", () => {
    expect(isEligible(member, old(ago(2 * HOUR)), NOW)).toBe(true);
  });

  it("an empty first login counts as now: a member accepted long after signing up is still onboarded", () => {
    expect(isEligible(member, old(null), NOW)).toBe(true);
  });

  it("a new account whose first login is long past is still within the 7 days", () => {
    expect(isEligible(member, { ...fresh, accountCreatedAt: ago(3 * DAY), firstLoginAfterAcceptance: ago(3 * DAY) }, NOW)).toBe(true);
  });
});

describe("what a page shows", () => {
  const show = (record: OnboardingRecord | null, session = NO_SESSION_ONBOARDING, path = "/dashboard", who = member) =>
    onboardingDisplay(who, record, session, path, NOW);

  it("the welcome to an eligible person, once per session", () => {
    expect(show(fresh)).toEqual({ kind: "welcome" });
    expect(show(fresh, { ...NO_SESSION_ONBOARDING, welcomeShownAt: ago(HOUR) })).toEqual({ kind: "none" });
  });

  it("never on a path containing /auth", () => {
    expect(show(fresh, NO_SESSION_ONBOARDING, "/auth")).toEqual({ kind: "none" });
    expect(show(fresh, NO_SESSION_ONBOARDING, "/ar/auth/x")).toEqual({ kind: "none" });
    expect(show(fresh, { ...NO_SESSION_ONBOARDING, tourActive: true }, "/auth/sign-out")).toEqual({ kind: "none" });
    expect(isAuthPath("/authors")).toBe(true); // SPEC: "contains /auth", literally
    expect(isAuthPath("/members")).toBe(false);
  });

  it("the tour at the stored step while it runs in this session", () => {
    const session = { ...NO_SESSION_ONBOARDING, tourActive: true, welcomeShownAt: ago(HOUR) };
    expect(show({ ...fresh, currentStep: 4 }, session)).toEqual({ kind: "tour", step: 4 });
    // A stored step out of range is clamped, never an error.
    expect(show({ ...fresh, currentStep: 42 }, session)).toEqual({ kind: "tour", step: 7 });
  });

  it("nothing once completed or skipped, even with the tour still flagged in the session", () => {
    const session = { ...NO_SESSION_ONBOARDING, tourActive: true };
    expect(show({ ...fresh, completed: true }, session)).toEqual({ kind: "none" });
    expect(show({ ...fresh, completed: true, skipped: true }, session)).toEqual({ kind: "none" });
  });

  it("outside the windows only after a restart in this session", () => {
    const record = old(ago(30 * DAY));
    expect(show(record)).toEqual({ kind: "none" });
    expect(show(record, { ...NO_SESSION_ONBOARDING, requestedAt: ago(1000) })).toEqual({ kind: "welcome" });
  });

  it("nothing to applicants or without a profile", () => {
    expect(show(fresh, NO_SESSION_ONBOARDING, "/dashboard", { role: null, isAdmin: false })).toEqual({ kind: "none" });
    expect(show(null)).toEqual({ kind: "none" });
  });
});

describe("the welcome's words", () => {
  it("the name falls back to the e-mail before the @, then 'Member' (SPEC §2)", () => {
    expect(welcomeName("Noah Kim", "noah@example.test")).toBe("Noah Kim");
    expect(welcomeName("  ", "noah.k@example.test")).toBe("noah.k");
    expect(welcomeName(null, "noah.k@example.test")).toBe("noah.k");
    expect(welcomeName(null, "@example.test")).toBe("Member");
    expect(welcomeName(undefined, null)).toBe("Member");
  });

  it("the role badge", () => {
    expect(roleBadge({ role: "accepted_ar", isAdmin: false })).toBe("A&R Professional");
    expect(roleBadge({ role: "admin", isAdmin: false })).toBe("Administrator");
    expect(roleBadge({ role: "accepted_member", isAdmin: true })).toBe("Administrator");
    expect(roleBadge({ role: "accepted_member", isAdmin: false })).toBe("Member");
  });

  it("steps are clamped to the eight of the tour", () => {
    expect([clampStep(-1), clampStep(0), clampStep(3.7), clampStep(7), clampStep(8), clampStep(Number.NaN)]).toEqual([0, 0, 3, 7, 7, 0]);
  });
});
