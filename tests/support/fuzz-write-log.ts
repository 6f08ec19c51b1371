/**
 * What the app writes, seen from inside the test database, for the form
 * fuzzer (tests/integration/fuzz-forms.test.ts).
 *
 * A row trigger on every table of the `public` and `auth` schemas appends one
 * line per inserted, updated or deleted row to `fuzz.writes`, in the writing
 * transaction itself: a write that is rolled back leaves no line, a write that
 * commits always does. So "a refused submission wrote nothing" is exactly "no
 * new line since the request began" (a row-count snapshot would miss an
 * update, or an insert and a delete that cancel out, and costs ~60 counts per
 * request). The same trigger looks at the new row as the app wrote it and
 * records every column whose text holds markup ('<' then a letter, '/', '!' or
 * '?') or a `javascript:` scheme, so a stored payload is pinned on the exact
 * request that wrote it.
 *
 * Test-only: the schema and triggers live in the fuzzer's own database, made
 * after the demo data is seeded (seeding is not the app's answer to a form).
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/connect.server";

/** '<' followed by a letter, '/', '!' or '?' (a tag, a closing tag, a comment or a processing instruction), or a javascript: scheme. */
export const MARKUP_PATTERN = "(<[A-Za-z/!?]|javascript:)";

export interface WriteLine {
  id: number;
  tbl: string;
  op: string;
  /** The columns an UPDATE changed (null for inserts and deletes; unchanged updates are not logged). */
  changed: string[] | null;
  /** "column=value" for each column of the new row that holds markup (null: none). */
  markup: string[] | null;
  /** The row's `type` column, where it has one (a party event's kind): what a refusal may write can depend on it. */
  type: string | null;
}

export async function installWriteLog(db: Database): Promise<void> {
  await sql`create schema if not exists fuzz`.execute(db);
  await sql`create table if not exists fuzz.writes (id bigserial primary key, tbl text not null, op text not null, changed text[], markup text[], type text)`.execute(db);
  await sql
    .raw(
      `create or replace function fuzz.log_write() returns trigger language plpgsql as $fn$
      declare
        found text[] := '{}';
        changed text[];
        kv record;
      begin
        if tg_op = 'UPDATE' then
          select array_agg(n.key order by n.key) into changed
          from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o on o.key = n.key
          where n.value is distinct from o.value;
          -- An UPDATE that changes no column stores nothing.
          if changed is null then return null; end if;
        end if;
        if tg_op <> 'DELETE' then
          for kv in select key, value from jsonb_each(to_jsonb(new)) loop
            if jsonb_typeof(kv.value) in ('string', 'object', 'array') and kv.value::text ~* '${MARKUP_PATTERN}' then
              found := found || (kv.key || '=' || left(kv.value::text, 300));
            end if;
          end loop;
        end if;
        insert into fuzz.writes (tbl, op, changed, markup, type)
        values (tg_table_schema || '.' || tg_table_name, tg_op, changed, nullif(found, '{}'), to_jsonb(coalesce(new, old))->>'type');
        return null;
      end
      $fn$`,
    )
    .execute(db);
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('public', 'auth') and table_type = 'BASE TABLE'`.execute(db);
  for (const { schema, name } of tables.rows) {
    await sql
      .raw(`create trigger fuzz_log_write after insert or update or delete on "${schema}"."${name}" for each row execute function fuzz.log_write()`)
      .execute(db);
  }
}

/** The id of the last line written so far (0 when none). */
export async function writeCursor(db: Database): Promise<number> {
  const row = await sql<{ id: string | null }>`select max(id) as id from fuzz.writes`.execute(db);
  return Number(row.rows[0]?.id ?? 0);
}

export async function writesSince(db: Database, cursor: number): Promise<WriteLine[]> {
  const rows = await sql<{ id: string; tbl: string; op: string; changed: string[] | null; markup: string[] | null; type: string | null }>`
    select id, tbl, op, changed, markup, type from fuzz.writes where id > ${cursor} order by id`.execute(db);
  return rows.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface StoredMarkup {
  column: string;
  rows: number;
  sample: string;
}

/** Every text-like column (text, varchar, char, arrays of them, json, jsonb) of every table in `public`, scanned for markup. */
export async function scanStoredMarkup(db: Database): Promise<StoredMarkup[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb') or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))
    order by c.table_name, c.ordinal_position`.execute(db);
  const found: StoredMarkup[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const result = await sql
      .raw<{ rows: string; sample: string | null }>(
        `select count(*) as rows, min(left("${column_name}"::text, 200)) as sample from public."${table_name}" where "${column_name}"::text ~* '${MARKUP_PATTERN}'`,
      )
      .execute(db);
    const row = result.rows[0]!;
    if (Number(row.rows) > 0) found.push({ column: `${table_name}.${column_name}`, rows: Number(row.rows), sample: row.sample ?? "" });
  }
  return found;
}
