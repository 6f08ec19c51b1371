/**
 * The demo's A&R registrations (ADR 0072): accounts of the demo collective,
 * not of DESIGN §4's five demo accounts. The authorization table's
 * "pendingAr" persona and the e2e fixtures sign in as the pending one.
 * Plain data: the e2e session pool reads it without loading the app.
 */
export const PENDING_AR_DEMO = {
  email: "pendingar@demo.hitfactory.test",
  displayName: "Priya Shah",
  company: "Northbound Music Publishing",
  title: "A&R Manager",
  territory: "UK & Ireland",
  links: [
    { label: "northbound.example", url: "https://northbound.example/team" },
    { label: "LinkedIn", url: "https://www.linkedin.com/in/priya-shah-demo" },
  ],
  message: "Looking for uptempo pop toplines and writers for two artist projects this spring.",
} as const;

export const DECLINED_AR_DEMO = {
  email: "declinedar@demo.hitfactory.test",
  displayName: "Casey Morgan",
  company: "Morgan Talent Consulting",
  title: "Consultant",
  territory: "Worldwide",
  links: [] as { label: string; url: string }[],
  message: "Independent consultant, happy to pass songs on.",
  note: "We could not confirm a role at a label or publisher. Send a new request with a link to your company page.",
} as const;

/** A request from before registration needed an account (ADR 0023): no account, so it can only be declined. */
export const LEGACY_AR_DEMO = {
  name: "Lee Walker",
  company: "Harbour Lights Records",
  email: "lee@harbourlights.example",
  message: "A&R for a small indie label, interested in folk and americana.",
} as const;

/** The demo accounts this seeder makes (both without a role, both able to sign in with the demo password). */
export const DEMO_AR_REGISTRANT_EMAILS: readonly string[] = [PENDING_AR_DEMO.email, DECLINED_AR_DEMO.email];
