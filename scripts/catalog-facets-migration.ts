/**
 * Writes the migration of the catalogue's facet-derived tables from the facet
 * declaration (app/catalog/facets.ts; docs/decisions/0057-facets-declared-once.md).
 *
 *   node --import tsx scripts/catalog-facets-migration.ts            writes supabase/migrations/<now>_catalog_facets.sql
 *   node --import tsx scripts/catalog-facets-migration.ts --stamp 20261124001000
 *   node --import tsx scripts/catalog-facets-migration.ts --check    exits 1 when the newest one is not what the declaration gives
 *
 * Applied migrations are never edited: a changed declaration gets a new file.
 * Nothing is written when the newest generated migration already matches.
 */
import fs from "node:fs";
import path from "node:path";
import { FACET_MIGRATION_SUFFIX, facetMigrationSql } from "~/catalog/facet-migration";

const MIGRATIONS = path.join(process.cwd(), "supabase", "migrations");

function newestGenerated(): string | null {
  const files = fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith(FACET_MIGRATION_SUFFIX)).sort();
  return files.length ? files[files.length - 1] : null;
}

/** yyyymmddhhmmss in UTC, as the Supabase CLI names migrations. */
function stampNow(): string {
  return new Date().toISOString().replace(/\D/g, "").slice(0, 14);
}

const args = process.argv.slice(2);
const expected = facetMigrationSql();
const newest = newestGenerated();
const current = newest ? fs.readFileSync(path.join(MIGRATIONS, newest), "utf8") : null;

if (args.includes("--check")) {
  if (current === expected) {
    console.log(`${newest} matches the facet declaration`);
  } else {
    console.error(`${newest ?? "No generated facet migration"} does not match the facet declaration: generate a new one`);
    process.exit(1);
  }
} else if (current === expected) {
  console.log(`${newest} already matches the facet declaration: nothing to write`);
} else {
  const stampIndex = args.indexOf("--stamp");
  const stamp = stampIndex >= 0 ? args[stampIndex + 1] : stampNow();
  if (!/^\d{14}$/.test(stamp ?? "")) throw new Error("--stamp takes 14 digits (yyyymmddhhmmss)");
  const latest = fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith(".sql")).sort().pop();
  const name = `${stamp}${FACET_MIGRATION_SUFFIX}`;
  // Migrations apply in file-name order: a new one must come after every applied one.
  if (latest && name <= latest) throw new Error(`${name} would sort before ${latest}: choose a later --stamp`);
  fs.writeFileSync(path.join(MIGRATIONS, name), expected);
  console.log(`wrote supabase/migrations/${name}`);
}
