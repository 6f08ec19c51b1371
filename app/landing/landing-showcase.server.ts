/**
 * The showcase tracks the admins put on the landing page (/admin/showcase,
 * ADR 0081), in their order, each with a fresh signed audio URL.
 *
 * Only what any visitor may play: tracks that are not hidden, of members
 * whose profile is listed in the directory (public, a member role, a name),
 * the same rule as GET /api/showcase/{trackId}/audio-url for a visitor. A
 * profile made private or a membership ended takes its tracks off the page
 * at once, whatever their landing_position says.
 *
 * Cost: one statement on the partial unique index of landing_position (at
 * most LANDING_TRACKS_MAX rows) and signing those URLs (an HMAC each on the
 * embedded storage). Read on every request, never cached: a curation change
 * shows on the next load.
 */
import type { Kysely } from "kysely";
import { LANDING_TRACKS_MAX } from "~/admin/members-showcase-text";
import type { DB } from "~/platform/db/schema";
import type { StoragePort } from "~/platform/storage/port";
import { signObjects } from "~/platform/storage/sign-many";
import { SIGNED_URL_TTL_S } from "~/shared/constants";

export interface LandingShowcaseTrack {
  id: string;
  title: string;
  durationSeconds: number;
  url: string;
  memberId: string;
  memberName: string;
}

export async function listLandingShowcase(db: Kysely<DB>, storage: StoragePort): Promise<LandingShowcaseTrack[]> {
  const rows = await db
    .selectFrom("showcase_tracks as t")
    .innerJoin("profiles as p", "p.user_id", "t.user_id")
    .select(["t.id", "t.title", "t.duration_seconds", "t.audio_bucket", "t.audio_path", "t.user_id", "p.display_name"])
    .where("t.landing_position", "is not", null)
    .where("t.hidden_at", "is", null)
    .where("p.public_profile", "=", true)
    .where("p.role", "is not", null)
    .where("p.display_name", "is not", null)
    .orderBy("t.landing_position")
    .limit(LANDING_TRACKS_MAX)
    .execute();
  if (rows.length === 0) return [];
  const urlOf = await signObjects(storage, rows.map((row) => ({ bucket: row.audio_bucket, path: row.audio_path })), SIGNED_URL_TTL_S);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    durationSeconds: Number(row.duration_seconds),
    url: urlOf({ bucket: row.audio_bucket, path: row.audio_path }),
    memberId: row.user_id,
    memberName: row.display_name ?? "Member",
  }));
}
