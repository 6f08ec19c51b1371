/**
 * /ar/register is a public form that writes to the database: it carries the
 * same honeypot as the auth forms, and valid requests are counted per network
 * address so one client cannot flood the admins' queue.
 */
import type { RateLimitRule } from "~/platform/rate-limit.server";

export const AR_REQUESTS_PER_ADDRESS: RateLimitRule = {
  name: "ar-request:address",
  limit: 5,
  windowMs: 60 * 60_000,
  message: "Too many access requests from your network.",
};
