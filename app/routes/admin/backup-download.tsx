/**
 * POST /admin/backup/download (admins; ADR 0098): writes a consistent backup
 * of the embedded database and local files and sends it as an attachment
 * (no-store), recorded in the audit log. A resource route: the answer is a
 * file, which a page's action cannot send (Remix would read it as data). The
 * form on /admin/backup posts here as a plain HTML form, so the browser
 * downloads it and stays on the page, with or without JavaScript. Refusals
 * that a browser can meet (the rate limit, PostgreSQL) go back to the page
 * with a toast; a GET is 405.
 */
import fs from "node:fs";
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { z } from "zod";
import { recordAdminAction } from "~/audit/audit.server";
import { BACKUP_PATH, BACKUP_RATE_LIMIT, BACKUP_TEXT, BACKUP_UNDERSTOOD_FIELD } from "~/admin/backup-text";
import { backupFileName, backupsDirectory, createBackup } from "~/platform/backup/backup.server";
import { consume } from "~/platform/rate-limit.server";
import { getRuntime } from "~/platform/runtime.server";
import { form } from "~/routing/forms.server";
import { defineRoute, methodNotAllowed } from "~/routing/route.server";
import { redirectWithToast } from "~/toast/toast.server";

export const backupDownloadSchema = z.object({
  [BACKUP_UNDERSTOOD_FIELD]: z.boolean({ required_error: BACKUP_TEXT.understoodRequired }).refine((value) => value, BACKUP_TEXT.understoodRequired),
});

const route = defineRoute({
  access: "admin",
  resource: true,
  load: () => methodNotAllowed("POST"),
  forms: {
    download: form<"admin", typeof backupDownloadSchema>({
      schema: backupDownloadSchema,
      async handle({ db, storage, viewer }) {
        const runtime = getRuntime();
        if (runtime.database.kind !== "pglite") return redirectWithToast(BACKUP_PATH, { type: "error", message: BACKUP_TEXT.postgres });
        const limited = await consume(db, BACKUP_RATE_LIMIT, viewer.id);
        if (limited) return redirectWithToast(BACKUP_PATH, { type: "error", message: limited.message }, { headers: limited.headers() });

        const dataDir = runtime.env.dataDir;
        // Written next to the others, opened, then unlinked: the download streams from the open file and leaves nothing behind.
        const result = await createBackup({
          database: runtime.database,
          dataDir,
          storageRoot: storage.kind === "local" ? storage.root : null,
          sessionSecret: runtime.sessionSecret,
          directory: backupsDirectory(dataDir),
          fileName: `.download-${crypto.randomBytes(8).toString("hex")}.tar.gz`,
        });
        const handle = await fs.promises.open(result.file, "r");
        await fs.promises.rm(result.file, { force: true });
        const { manifest } = result;
        await recordAdminAction(db, {
          actor: viewer,
          action: "database.backup_downloaded",
          target: { type: "database", id: null, label: `Backup of ${manifest.createdAt}` },
          after: {
            createdAt: manifest.createdAt,
            archiveBytes: result.bytes,
            tables: Object.keys(manifest.tables).length,
            rows: Object.values(manifest.tables).reduce((sum, n) => sum + n, 0),
            files: manifest.files.count,
            fileBytes: manifest.files.bytes,
          },
        });
        const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
        return new Response(body, {
          headers: {
            "Content-Type": "application/gzip",
            "Content-Length": String(result.bytes),
            "Content-Disposition": `attachment; filename="${backupFileName(new Date(manifest.createdAt))}"`,
            "Cache-Control": "no-store",
          },
        });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
