/**
 * What an applicant is told (app/dashboard/standing.ts) and the player's
 * track ids for applications (app/applications/track-ids.ts), ADR 0070.
 */
import { describe, expect, it } from "vitest";
import { applicationStandingFor, decisionFor, type ApplicationRecord } from "~/dashboard/standing";
import { DASHBOARD_TEXT } from "~/dashboard/dashboard-text";
import { applicationTrackKey, parseApplicationTrackKey } from "~/applications/track-ids";
import { generatePublicKey } from "~/applications/applications.server";
import { parseTrackId } from "~/player/logic";

const applicant = { role: null, isAdmin: false } as const;
const record = (status: ApplicationRecord["status"], extra: Partial<ApplicationRecord> = {}): ApplicationRecord => ({
  status,
  submittedAt: "2026-11-20T10:00:00.000Z",
  decidedAt: "2026-11-22T10:00:00.000Z",
  decisionNote: null,
  ...extra,
});

describe("the decision banner", () => {
  it("declined and waitlisted carry the team's note; an accepted application links to its open offer", () => {
    const unseen = (application: ApplicationRecord) => decisionFor(applicant, { hasSeenDecisionBanner: false, application });
    expect(unseen(record("declined", { decisionNote: "  Vocal-led camps only.  " }))).toMatchObject({ kind: "declined", note: "Vocal-led camps only.", action: null });
    expect(unseen(record("waitlisted", { decisionNote: "Next quarter." }))).toMatchObject({ kind: "waitlisted", note: "Next quarter." });
    expect(unseen(record("accepted", { offer: { id: "offer-1", expiresAt: "2026-12-01T00:00:00.000Z" } }))).toMatchObject({
      kind: "offer",
      action: { to: "/accept?offer=offer-1", label: DASHBOARD_TEXT.decision.acceptOffer },
    });
    expect(unseen(record("accepted", { offer: null }))).toMatchObject({ kind: "offer", action: null, title: DASHBOARD_TEXT.decision.offerClosed.title });
    for (const status of ["draft", "pending", "shortlisted", "withdrawn"] as const) expect(unseen(record(status))).toBeNull();
    // Dismissed: nothing; a member's role decides for members.
    expect(decisionFor(applicant, { hasSeenDecisionBanner: true, application: record("declined") })).toBeNull();
    expect(decisionFor({ role: "accepted_member", isAdmin: false }, { hasSeenDecisionBanner: false, application: record("declined") })).toMatchObject({ kind: "accepted" });
  });
});

describe("the application's standing", () => {
  it("shortlisted reads as in review; a draft and a withdrawn one have no standing; decisions show their note and date", () => {
    expect(applicationStandingFor(applicant, { application: record("shortlisted") })).toMatchObject({ stage: "in-review", decidedAt: null, note: null });
    expect(applicationStandingFor(applicant, { application: record("pending") })?.stage).toBe("in-review");
    expect(applicationStandingFor(applicant, { application: record("draft") })).toBeNull();
    expect(applicationStandingFor(applicant, { application: record("withdrawn") })).toBeNull();
    expect(applicationStandingFor(applicant, { application: null })).toBeNull();
    expect(applicationStandingFor(applicant, { application: record("declined", { decisionNote: "No." }) })).toMatchObject({ stage: "declined", note: "No.", decidedAt: "2026-11-22T10:00:00.000Z" });
    expect(applicationStandingFor(applicant, { application: record("accepted", { offer: { id: "o", expiresAt: "x" } }) })).toMatchObject({ stage: "offered", offerPath: "/accept?offer=o" });
    expect(applicationStandingFor({ role: "accepted_member" }, { application: record("pending") })).toBeNull();
  });
});

describe("track ids", () => {
  it("public keys are 12 lowercase letters and digits, never a hyphen, and differ", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generatePublicKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[a-z2-7]{12}$/);
  });

  it("the player reads the applicant before the first hyphen and the mode second", () => {
    const key = generatePublicKey();
    const id = applicationTrackKey(key, "solo", 2);
    expect(id).toBe(`${key}-solo-2`);
    expect(parseTrackId(id)).toEqual({ applicantId: key, mode: "solo" });
    expect(parseApplicationTrackKey(id)).toEqual({ publicKey: key, mode: "solo", n: 2 });
    expect(() => applicationTrackKey("has-hyphen", "collab", 1)).toThrow();
    expect(() => applicationTrackKey("3f1c0a52-9d1e-4b9a-8d1e-3f1c0a529d1e", "collab", 1)).toThrow();
    for (const bad of ["abc-collab-1", "abcdefgh-duet-1", "abcdefgh-collab-0", "ABCDEFGH-collab-1", null, 7]) expect(parseApplicationTrackKey(bad)).toBeNull();
  });
});
