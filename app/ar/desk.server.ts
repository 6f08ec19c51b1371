/**
 * The A&R desk (/ar/dashboard): what it reads beside the catalogue search
 * (which is the catalogue's own engine, app/catalog/songs.server.ts): the
 * collective's writers for the writer field's suggestions, and the name of a
 * writer given by member id. docs/decisions/0073-pitching-search-and-holds.md
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Credit names of members credited in a writing role on catalogue songs, by name (at most 200): the writer field's suggestions. */
export async function deskWriters(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select distinct c.name from song_credits c join songs s on s.id = c.song_id
    where c.member_id is not null and c.role in ('writer', 'topliner', 'composer', 'lyricist') and s.status = 'catalogue'
    order by c.name limit 200`.execute(db);
  return rows.map((row) => row.name);
}

/** What the desk shows for the writer filter: the member's credited name when it is a member id, else the name as typed. */
export async function writerLabel(db: Database, writer: string | undefined): Promise<string | null> {
  if (!writer) return null;
  if (!UUID.test(writer)) return writer;
  const row = await db
    .selectFrom("song_credits")
    .select("name")
    .where("member_id", "=", writer.toLowerCase())
    .orderBy("name")
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? writer;
}
