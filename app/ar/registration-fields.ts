/**
 * The A&R registration forms' names, labels and limits, without zod: the
 * page imports these at first load; the schemas (registration-schema.ts) are
 * loaded on demand in the browser (registration-validation.ts, ADR 0038).
 */
export const AR_LIMITS = {
  name: 100,
  company: 120,
  title: 100,
  territory: 100,
  email: 254,
  message: 1000,
  links: 5,
  linkLabel: 40,
  linkUrl: 300,
  password: 1024,
  decisionNote: 1000,
} as const;

export const AR_LABELS = {
  name: "Your name",
  company: "Company or label",
  title: "Job title",
  territory: "Territory",
  links: "Links",
  linkLabel: "Link name",
  linkUrl: "Link address",
  email: "Work e-mail",
  password: "Password",
  message: "What are you looking for?",
} as const;

export const AR_INTENTS = { request: "request", register: "register", decide: "decide" } as const;
