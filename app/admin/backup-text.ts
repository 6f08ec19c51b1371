/** The words of /admin/backup and its download (ADR 0098). Browser-safe. */
import type { RateLimitRule } from "~/platform/rate-limit.server";

export const BACKUP_PATH = "/admin/backup";
export const BACKUP_DOWNLOAD_PATH = "/admin/backup/download";
export const BACKUP_UNDERSTOOD_FIELD = "understood";

export const BACKUP_TEXT = {
  title: "Backups",
  summary: "Download a consistent backup of the embedded database and its files; how to restore it, and pg_dump on PostgreSQL.",
  lead: "One archive holds the whole embedded database and every stored file, taken at one instant while the site keeps running.",
  understood: "I will keep this file as safe as the server itself: it holds every account's personal data and password hashes.",
  understoodRequired: "Confirm that you will keep the file safe.",
  download: "Download a backup",
  rateLimited: "Too many backups downloaded.",
  postgres: "This server runs on PostgreSQL (DATABASE_URL), whose data is not in this process: back it up with pg_dump.",
} as const;

/** Each backup holds every query for a moment and costs a gzip of everything: a few an hour is plenty. */
export const BACKUP_RATE_LIMIT: RateLimitRule = { name: "backup:admin", limit: 6, windowMs: 60 * 60_000, message: BACKUP_TEXT.rateLimited };
