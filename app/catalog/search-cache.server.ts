/**
 * Search results cached per catalogue revision.
 *
 * catalog_revision.revision rises with every statement that changes songs or
 * credits (triggers, supabase/migrations/*_catalog_facet_counts.sql). A result
 * is stored under the revision read before it was computed, and used only
 * while that revision is current, so no server ever answers from a catalogue
 * that has changed since, and servers sharing a database agree. Losing the
 * cache (a restart, eviction) only costs the recomputation: it holds nothing
 * that is not in the database. Signed URLs are never cached (they are made per
 * answer).
 */
import type { Database } from "~/platform/db/connect.server";
import type { SearchRows } from "./search.server";

const MAX_ENTRIES = 500;

interface Entry {
  revision: number;
  value: SearchRows & { page: number; pageCount: number; fuzzy: boolean };
}

// One cache per database handle (a process has one; tests open several).
const caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  return entries;
}

export async function catalogRevision(db: Database): Promise<number> {
  const row = await db.selectFrom("catalog_revision").select("revision").executeTakeFirst();
  return Number(row?.revision ?? 0);
}

export function readCached(db: Database, key: string, revision: number): Entry["value"] | undefined {
  const entries = cacheOf(db);
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.revision !== revision) {
    entries.delete(key);
    return undefined;
  }
  // Most recently used last (Map keeps insertion order).
  entries.delete(key);
  entries.set(key, entry);
  return entry.value;
}

export function writeCached(db: Database, key: string, revision: number, value: Entry["value"]): void {
  const entries = cacheOf(db);
  entries.delete(key);
  entries.set(key, { revision, value });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** Benches measure cold and warm. */
export function clearSearchCache(db: Database): void {
  caches.delete(db);
}
