/**
 * CONTRACT STUB (issue 11, owned by the review/offers helper, who replaces
 * this file): the applicant's open offer, for the dashboard's banner.
 */
import type { Database } from "~/platform/db/connect.server";

export interface OpenOffer {
  id: string;
  /** ISO timestamp. */
  expiresAt: string;
}

/** The user's offer that is neither taken, revoked nor expired; null when none. */
export async function getOpenOffer(_db: Database, _userId: string): Promise<OpenOffer | null> {
  return null;
}
