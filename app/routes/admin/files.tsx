/**
 * /admin/files (admin only; issue 12 §6, docs/decisions/0084-admin-files.md):
 * usage totals (from storage and from the app's records), the orphaned files
 * with a remove step each (a GET link opens a confirmation with the second,
 * POST submit: no JavaScript needed), then one bucket at a time, page by
 * page, with a path search. Everything is read again when a removal is
 * confirmed (app/files/files.server.ts): a file a row uses is never removed.
 */
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FileActionError, browseBucket, browseParams, describeFile, listBuckets, removeOrphan, scanStorage, ORPHAN_GRACE_MINUTES } from "~/files/files.server";
import { FileSections, type ActionReply } from "~/files/FilesPage";
import { removeOrphanSchema } from "~/files/files-schema";
import { FILES_TEXT } from "~/files/files-text";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { StorageRequestError } from "~/platform/storage/port";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";

export const meta: MetaFunction = () => [{ title: `${FILES_TEXT.title} | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Files", to: "/admin/files", summary: FILES_TEXT.summary, order: 80 },
  async load({ db, storage, url }) {
    const params = browseParams(url.searchParams);
    const buckets = await listBuckets(db);
    if (params.bucket !== null && !buckets.includes(params.bucket)) throw new Response(FILES_TEXT.unknownBucket, { status: 404 });
    const bucket = params.bucket ?? buckets[0]!;
    const removeBucket = url.searchParams.get("removeBucket");
    const removePath = url.searchParams.get("removePath");
    try {
      const [scan, browse, confirm] = await Promise.all([
        scanStorage(db, storage),
        browseBucket(db, storage, { bucket, prefix: params.prefix, cursor: params.cursor }),
        removeBucket && removePath ? describeFile(db, storage, removeBucket, removePath) : Promise.resolve(null),
      ]);
      return { buckets, scan, browse, confirm, graceMinutes: ORPHAN_GRACE_MINUTES, storageError: false as const };
    } catch (error) {
      if (!(error instanceof StorageRequestError)) throw error;
      console.error("/admin/files could not read storage", error);
      return { buckets, scan: null, browse: null, confirm: null, graceMinutes: ORPHAN_GRACE_MINUTES, storageError: true as const };
    }
  },
  forms: {
    remove: form<"admin", typeof removeOrphanSchema>({
      schema: removeOrphanSchema,
      async handle({ db, storage, viewer, value, reply }) {
        try {
          const removed = await removeOrphan(db, storage, viewer, value);
          return redirectWithToast("/admin/files", { type: "success", message: FILES_TEXT.removed(`${removed.bucket}/${removed.path}`) });
        } catch (error) {
          if (error instanceof FileActionError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminFilesRoute() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow="Admin" title={FILES_TEXT.title} lead={FILES_TEXT.lead} />
      <FileSections {...data} reply={reply} />
    </div>
  );
}
