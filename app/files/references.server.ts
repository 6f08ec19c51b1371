/**
 * THE REGISTRY of every database column that refers to a stored object
 * (issue 12 §6, docs/decisions/0084-admin-files.md). /admin/files tells a
 * used file from an orphan with it, and refuses to remove a file any row
 * listed here still needs.
 *
 * One declaration per (table, column): which bucket the object is in (a fixed
 * bucket, or the row's own bucket column), and how to describe the row that
 * uses it to an admin ("Song 'Title'"). A table that gains a column ending in
 * `_path` or `bucket` (or named `path`) fails tests/integration/file-references.test.ts until it
 * is declared here (or listed in NOT_FILE_REFERENCES with the reason), so the
 * registry cannot silently go stale. A reference spelled differently (like
 * profiles.avatar_url) must be added by hand: the test cannot see it.
 *
 * findFileUses answers for many files at once: one query per declaration and
 * bucket (in chunks of FIND_CHUNK paths), never one per file.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { AVATAR_PIXELS, AVATAR_SIZES } from "~/profile/avatar";
import { AVATAR_BUCKET, avatarObject } from "~/profile/avatar.server";
import type { DB } from "~/platform/db/schema";
import { ARTWORK_BUCKET, AUDIO_BUCKET } from "~/catalog/constants";

type Executor = Kysely<DB>;

export interface StoredFileKey {
  bucket: string;
  path: string;
}

/** A row that needs a stored object, as an admin reads it. */
export interface FileUse {
  /** The declaration that found it ("songs.audio_path"). */
  reference: string;
  label: string;
  /** Where an admin sees that row, when there is such a page. */
  href: string | null;
}

export interface FileReference {
  table: keyof DB & string;
  /** The column holding the object's path (or, for avatars, the value its paths derive from). */
  column: string;
  /** The bucket: always the same one, or read from a column of the row. */
  bucket: { fixed: string } | { column: string };
  /** The rows among `paths` (all in `bucket`) that use an object, with the path each uses. */
  find(db: Executor, bucket: string, paths: string[]): Promise<(FileUse & { path: string })[]>;
  /**
   * The same question as one SQL condition: true when a row uses the object
   * whose path is the expression `path` (in `bucket`). The scan asks it for a
   * thousand paths in one query (tests check it agrees with `find`).
   */
  used(bucket: string, path: RawBuilder<string>): RawBuilder<boolean>;
}

export const FIND_CHUNK = 500;

/** The avatar files' paths: "<userId>/<version>-<px>.webp", px one of AVATAR_PIXELS (app/profile/avatar.ts). */
const AVATAR_PATH_PATTERN = `^[0-9a-f-]{36}/[A-Za-z0-9_-]{1,64}-(${Object.values(AVATAR_PIXELS).join("|")})[.]webp$`;

const quoted = (title: string) => `'${title}'`;
const personName = (name: string | null | undefined) => (name && name.trim() ? name.trim() : "an account without a name");

const VERSION_LABELS: Record<string, string> = {
  instrumental: "Instrumental",
  acappella: "A cappella",
  clean: "Clean",
  stems: "Stems",
};

export const FILE_REFERENCES: readonly FileReference[] = [
  // A catalogue song's audio (also drafts and archived songs: every status). No foreign key: songs predate storage_objects.
  {
    table: "songs",
    column: "audio_path",
    bucket: { fixed: AUDIO_BUCKET },
    used: (_bucket, path) => sql<boolean>`exists (select 1 from public.songs r where r.audio_path = ${path})`,
    async find(db, _bucket, paths) {
      const rows = await db.selectFrom("songs").select(["id", "title", "status", "audio_path"]).where("audio_path", "in", paths).execute();
      return rows.map((row) => ({
        reference: "songs.audio_path",
        path: row.audio_path,
        label: `Song ${quoted(row.title)}${row.status === "catalogue" ? "" : ` (${row.status})`}`,
        href: `/admin/catalog/${row.id}`,
      }));
    },
  },
  // A catalogue song's artwork (optional).
  {
    table: "songs",
    column: "artwork_path",
    bucket: { fixed: ARTWORK_BUCKET },
    used: (_bucket, path) => sql<boolean>`exists (select 1 from public.songs r where r.artwork_path = ${path})`,
    async find(db, _bucket, paths) {
      const rows = await db.selectFrom("songs").select(["id", "title", "artwork_path"]).where("artwork_path", "in", paths).execute();
      return rows.map((row) => ({
        reference: "songs.artwork_path",
        path: row.artwork_path!,
        label: `Artwork of song ${quoted(row.title)}`,
        href: `/admin/catalog/${row.id}`,
      }));
    },
  },
  // An alternate version of a song (instrumental, a cappella, clean, stems: ADR 0082), in the audio bucket.
  {
    table: "song_versions",
    column: "audio_path",
    bucket: { fixed: AUDIO_BUCKET },
    used: (_bucket, path) => sql<boolean>`exists (select 1 from public.song_versions r where r.audio_path = ${path})`,
    async find(db, _bucket, paths) {
      const rows = await db
        .selectFrom("song_versions as v")
        .innerJoin("songs as s", "s.id", "v.song_id")
        .select(["v.audio_path", "v.kind", "s.id as song_id", "s.title"])
        .where("v.audio_path", "in", paths)
        .execute();
      return rows.map((row) => ({
        reference: "song_versions.audio_path",
        path: row.audio_path,
        label: `${VERSION_LABELS[row.kind] ?? row.kind} version of song ${quoted(row.title)}`,
        href: `/admin/catalog/${row.song_id}`,
      }));
    },
  },
  // A member's showcase track (ADR 0064); a foreign key to storage_objects guards it too.
  {
    table: "showcase_tracks",
    column: "audio_path",
    bucket: { column: "audio_bucket" },
    used: (bucket, path) => sql<boolean>`exists (select 1 from public.showcase_tracks r where r.audio_bucket = ${bucket} and r.audio_path = ${path})`,
    async find(db, bucket, paths) {
      const rows = await db
        .selectFrom("showcase_tracks as t")
        .leftJoin("profiles as p", "p.user_id", "t.user_id")
        .select(["t.audio_path", "t.title", "t.user_id", "p.display_name"])
        .where("t.audio_bucket", "=", bucket)
        .where("t.audio_path", "in", paths)
        .execute();
      return rows.map((row) => ({
        reference: "showcase_tracks.audio_path",
        path: row.audio_path,
        label: `Showcase track ${quoted(row.title)} of ${personName(row.display_name)}`,
        href: `/admin/members/${row.user_id}`,
      }));
    },
  },
  // A track sent with an application for membership; a foreign key to storage_objects guards it too.
  {
    table: "application_tracks",
    column: "audio_path",
    bucket: { column: "audio_bucket" },
    used: (bucket, path) => sql<boolean>`exists (select 1 from public.application_tracks r where r.audio_bucket = ${bucket} and r.audio_path = ${path})`,
    async find(db, bucket, paths) {
      const rows = await db
        .selectFrom("application_tracks as t")
        .innerJoin("applications as a", "a.id", "t.application_id")
        .select(["t.audio_path", "t.title", "a.id as application_id", "a.name"])
        .where("t.audio_bucket", "=", bucket)
        .where("t.audio_path", "in", paths)
        .execute();
      return rows.map((row) => ({
        reference: "application_tracks.audio_path",
        path: row.audio_path,
        label: `Track ${quoted(row.title)} of the application of ${personName(row.name)}`,
        href: `/admin/applications/${row.application_id}`,
      }));
    },
  },
  // A song a member submitted for the catalogue; a foreign key to storage_objects guards it too.
  {
    table: "submissions",
    column: "audio_path",
    bucket: { column: "audio_bucket" },
    used: (bucket, path) => sql<boolean>`exists (select 1 from public.submissions r where r.audio_bucket = ${bucket} and r.audio_path = ${path})`,
    async find(db, bucket, paths) {
      const rows = await db
        .selectFrom("submissions as s")
        .leftJoin("profiles as p", "p.user_id", "s.member_id")
        .select(["s.id", "s.audio_path", "s.title", "p.display_name"])
        .where("s.audio_bucket", "=", bucket)
        .where("s.audio_path", "in", paths)
        .execute();
      return rows.map((row) => ({
        reference: "submissions.audio_path",
        path: row.audio_path,
        label: `Submission ${quoted(row.title)} by ${personName(row.display_name)}`,
        href: `/admin/submissions/${row.id}`,
      }));
    },
  },
  // A camp song's rough audio (issue 13, ADR 0090): bucket in its own column (always 'audio'), path camps/<campId>/<campSongId>.
  {
    table: "camp_songs",
    column: "audio_path",
    bucket: { column: "audio_bucket" },
    used: (bucket, path) => sql<boolean>`exists (select 1 from public.camp_songs r where r.audio_bucket = ${bucket} and r.audio_path = ${path})`,
    async find(db, bucket, paths) {
      const rows = await db
        .selectFrom("camp_songs as cs")
        .innerJoin("camps as c", "c.id", "cs.camp_id")
        .select(["cs.id", "cs.camp_id", "cs.session_id", "cs.audio_path", "cs.working_title", "c.name as camp_name"])
        .where("cs.audio_bucket", "=", bucket)
        .where("cs.audio_path", "in", paths)
        .execute();
      return rows.map((row) => ({
        reference: "camp_songs.audio_path",
        path: row.audio_path!,
        label: `Rough audio of ${quoted(row.working_title)} (${row.camp_name})`,
        href: `/camps/${row.camp_id}/sessions/${row.session_id}`,
      }));
    },
  },
  // A profile picture (ADR 0060): avatar_url "avatars/<userId>/<version>" uses the
  // files "<userId>/<version>-<px>.webp", one per size, in the avatars bucket.
  {
    table: "profiles",
    column: "avatar_url",
    bucket: { fixed: AVATAR_BUCKET },
    // "<userId>/<version>-<px>.webp" is used while that user's avatar_url is "avatars/<userId>/<version>".
    used: (_bucket, path) =>
      sql<boolean>`(${path} ~ ${AVATAR_PATH_PATTERN} and exists (select 1 from public.profiles r
        where r.avatar_url = ${AVATAR_BUCKET + "/"} || regexp_replace(${path}, '-[0-9]+[.]webp$', '')
          and r.user_id::text = split_part(${path}, '/', 1)))`,
    async find(db, _bucket, paths) {
      const stored = new Set<string>();
      for (const path of paths) {
        const match = /^([0-9a-f-]{36})\/([A-Za-z0-9_-]{1,64})-\d+\.webp$/.exec(path);
        if (match) stored.add(`${AVATAR_BUCKET}/${match[1]}/${match[2]}`);
      }
      if (stored.size === 0) return [];
      const wanted = new Set(paths);
      const rows = await db.selectFrom("profiles").select(["user_id", "display_name", "avatar_url"]).where("avatar_url", "in", [...stored]).execute();
      return rows.flatMap((row) =>
        AVATAR_SIZES.map((size) => avatarObject(row.user_id, row.avatar_url, size))
          .filter((object): object is StoredFileKey => object !== null && wanted.has(object.path))
          .map((object) => ({
            reference: "profiles.avatar_url",
            path: object.path,
            label: `Profile picture of ${personName(row.display_name)}`,
            href: `/admin/users/${row.user_id}`,
          })),
      );
    },
  },
];

/**
 * Columns that end in `_path` or `bucket` but do not refer to a stored object
 * by themselves, with the reason (the registry test accepts exactly these).
 */
export const NOT_FILE_REFERENCES: Record<string, string> = {
  "storage_objects.bucket": "the record of a stored object itself (what /admin/files joins the storage with), not a use of one",
  "storage_objects.path": "the record of a stored object itself, not a use of one",
};

/** The buckets the app writes to: every fixed bucket of the registry. */
export const KNOWN_BUCKETS: readonly string[] = [...new Set([AUDIO_BUCKET, ARTWORK_BUCKET, AVATAR_BUCKET, ...FILE_REFERENCES.flatMap((r) => ("fixed" in r.bucket ? [r.bucket.fixed] : []))])].sort();

export const fileKey = (file: StoredFileKey) => `${file.bucket}/${file.path}`;

/**
 * Which rows use each of `files`: a map from "bucket/path" to its uses (a file
 * nothing uses has no entry). Batched: per bucket, one query per declaration
 * for each FIND_CHUNK paths.
 */
export async function findFileUses(db: Executor, files: readonly StoredFileKey[]): Promise<Map<string, FileUse[]>> {
  const byBucket = new Map<string, Set<string>>();
  for (const file of files) {
    let paths = byBucket.get(file.bucket);
    if (!paths) byBucket.set(file.bucket, (paths = new Set()));
    paths.add(file.path);
  }
  const uses = new Map<string, FileUse[]>();
  const work: Promise<void>[] = [];
  for (const [bucket, pathSet] of byBucket) {
    const paths = [...pathSet];
    for (const reference of FILE_REFERENCES) {
      if ("fixed" in reference.bucket && reference.bucket.fixed !== bucket) continue;
      for (let start = 0; start < paths.length; start += FIND_CHUNK) {
        const chunk = paths.slice(start, start + FIND_CHUNK);
        work.push(
          reference.find(db, bucket, chunk).then((found) => {
            for (const { path, ...use } of found) {
              const key = fileKey({ bucket, path });
              uses.set(key, [...(uses.get(key) ?? []), use]);
            }
          }),
        );
      }
    }
  }
  await Promise.all(work);
  return uses;
}

/** The declarations that can use objects of `bucket`. */
export function referencesFor(bucket: string): FileReference[] {
  return FILE_REFERENCES.filter((reference) => !("fixed" in reference.bucket) || reference.bucket.fixed === bucket);
}

/** One SQL condition: some row uses the object at `path` in `bucket` (every declaration, OR-ed). */
export function usedCondition(bucket: string, path: RawBuilder<string>): RawBuilder<boolean> {
  const conditions = referencesFor(bucket).map((reference) => reference.used(bucket, path));
  return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` or `)})` : sql<boolean>`false`;
}
