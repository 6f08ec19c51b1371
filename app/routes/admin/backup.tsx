/**
 * /admin/backup (admins; ADR 0098): what a backup holds and leaves out, the
 * form that downloads one (a plain HTML form posting to
 * /admin/backup/download, so the browser saves the file and stays here, with
 * or without JavaScript), how to restore it, and on PostgreSQL the pg_dump
 * commands instead.
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BACKUP_DOWNLOAD_PATH, BACKUP_PATH, BACKUP_RATE_LIMIT, BACKUP_TEXT as T, BACKUP_UNDERSTOOD_FIELD } from "~/admin/backup-text";
import * as styles from "~/admin/backup.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { getRuntime } from "~/platform/runtime.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { Button } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${T.title} | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: T.title, to: BACKUP_PATH, summary: T.summary, order: 120 },
  load({ storage }) {
    return {
      engine: getRuntime().database.kind,
      filesHere: storage.kind === "local",
      perHour: BACKUP_RATE_LIMIT.limit,
    };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminBackupRoute() {
  const { engine, filesHere, perHour } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow="Admin" title={T.title} lead={engine === "pglite" ? T.lead : T.postgres} />
      <div className={styles.sections}>
        {engine === "pglite" ? <EmbeddedBackup filesHere={filesHere} perHour={perHour} /> : <PostgresBackup />}
      </div>
    </div>
  );
}

function EmbeddedBackup({ filesHere, perHour }: { filesHere: boolean; perHour: number }) {
  return (
    <>
      <section className={`${page.card} ${styles.section}`} aria-labelledby="backup-download">
        <h2 id="backup-download" className={page.sectionTitle}>
          Download a backup
        </h2>
        <p>
          The archive (<code>.tar.gz</code>) holds the database as it was at one instant and {filesHere ? "every stored file a row names" : "no files: they live in Supabase Storage"}. Every
          request waits a moment while it is taken. Each download is recorded in the audit log; {perHour} an hour at most.
        </p>
        {/* A plain form, not Remix's: the answer is a file, which the browser saves while this page stays. */}
        <form method="post" action={BACKUP_DOWNLOAD_PATH} className={styles.form}>
          <input type="hidden" name="intent" value="download" />
          <label className={styles.confirm}>
            <input type="checkbox" name={BACKUP_UNDERSTOOD_FIELD} value="on" required className={styles.checkbox} />
            <span>{T.understood}</span>
          </label>
          <Button type="submit" variant="default">
            {T.download}
          </Button>
        </form>
      </section>
      <section className={`${page.card} ${styles.section}`} aria-labelledby="backup-contents">
        <h2 id="backup-contents" className={page.sectionTitle}>
          What it holds
        </h2>
        <ul className={styles.list}>
          <li>
            <code>manifest.json</code>: when it was taken, the migrations, the rows of every table, the number and size of the files
          </li>
          <li>
            <code>pgdata.tar</code>: the embedded database (PGlite&apos;s own copy of its data directory)
          </li>
          <li>
            <code>storage/</code> and <code>files.sha256</code>: the stored files and a checksum of each
          </li>
        </ul>
        <p>
          Left out: the session secret (the file is not a key to this site), the demo credentials, the outbox of one-time codes and unfinished audio uploads.
        </p>
      </section>
      <section className={`${page.card} ${styles.section}`} aria-labelledby="backup-restore">
        <h2 id="backup-restore" className={page.sectionTitle}>
          Restore
        </h2>
        <p>Stop the server, then restore into its DATA_DIR (with --force, what is there is moved aside, not deleted). The restore checks every row count and every file.</p>
        <pre className={styles.command}>
          <code>npm run db:restore -- hitfactory-….tar.gz --force</code>
        </pre>
        <p>
          On the server itself, <code>npm run db:backup</code> writes the same archive into DATA_DIR/backups/ without signing in.
        </p>
      </section>
    </>
  );
}

function PostgresBackup() {
  return (
    <section className={`${page.card} ${styles.section}`} aria-labelledby="backup-pg">
      <h2 id="backup-pg" className={page.sectionTitle}>
        Back up with pg_dump
      </h2>
      <p>Run these from a machine with the PostgreSQL client tools, using the same connection string as DATABASE_URL (on Supabase, the direct connection on port 5432):</p>
      <pre className={styles.command}>
        <code>pg_dump --format=custom --no-owner --no-privileges --file=hitfactory.dump &quot;$DATABASE_URL&quot;</code>
      </pre>
      <pre className={styles.command}>
        <code>pg_restore --clean --if-exists --no-owner --no-privileges --dbname=&quot;$DATABASE_URL&quot; hitfactory.dump</code>
      </pre>
      <p>Files in Supabase Storage or a shared storage folder are backed up where they live; the README&apos;s Backups section says more.</p>
    </section>
  );
}
