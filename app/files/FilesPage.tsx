/**
 * The sections of /admin/files (ADR 0084): the confirmation of a removal (when
 * asked for), usage, orphans, records of missing files, and one bucket's
 * files. Plain links and forms: every step works without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import * as page from "~/layout/page.css";
import * as formStyles from "~/layout/form.css";
import { Alert } from "~/ui/Alert";
import { Button, ButtonLink } from "~/ui/Button";
import type { BucketPage, FileDetails, Orphan, StorageScan, Usage } from "./files.server";
import type { FileUse } from "./references.server";
import { FILES_TEXT, humanSize } from "./files-text";
import * as styles from "./files.css";

export type ActionReply = { intent: string; result: SubmissionResult<string[]> } | undefined;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

function filesHref(params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `/admin/files?${query}` : "/admin/files";
}

export interface FileSectionsProps {
  buckets: string[];
  scan: StorageScan | null;
  browse: BucketPage | null;
  confirm: FileDetails | null;
  graceMinutes: number;
  storageError: boolean;
  reply: ActionReply;
}

export function FileSections({ buckets, scan, browse, confirm, graceMinutes, storageError, reply }: FileSectionsProps) {
  const refusals = reply?.intent === "remove" ? Object.values(reply.result.error ?? {}).flat().filter((message): message is string => typeof message === "string") : [];
  return (
    <div className={styles.stack}>
      {refusals.length ? (
        <div data-testid="file-refused">
          <Alert variant="destructive" title={refusals.join(" ")} />
        </div>
      ) : null}
      {storageError ? <Alert variant="destructive" title={FILES_TEXT.storageError} /> : null}
      {confirm ? <Confirmation file={confirm} graceMinutes={graceMinutes} /> : null}
      {scan ? <UsageSection scan={scan} /> : null}
      {scan ? <OrphansSection scan={scan} graceMinutes={graceMinutes} /> : null}
      {scan && scan.broken.length ? <BrokenSection scan={scan} /> : null}
      {browse ? <BrowseSection buckets={buckets} browse={browse} /> : null}
    </div>
  );
}

function UsedBy({ uses }: { uses: FileUse[] }) {
  if (uses.length === 0) return <span className={page.muted}>{FILES_TEXT.unused}</span>;
  return (
    <ul className={styles.usedList}>
      {uses.map((use) => (
        <li key={`${use.reference}:${use.label}`}>
          {use.href ? (
            <Link to={use.href} className={page.textLink}>
              {use.label}
            </Link>
          ) : (
            use.label
          )}
        </li>
      ))}
    </ul>
  );
}

function Confirmation({ file, graceMinutes }: { file: FileDetails; graceMinutes: number }) {
  const gone = !file.exists && !file.recorded;
  const removable = !gone && file.usedBy.length === 0 && !file.recent;
  return (
    <section className={styles.confirm} aria-labelledby="confirm-title" data-testid="remove-confirmation">
      <h2 id="confirm-title" className={page.sectionTitle}>
        {FILES_TEXT.removeConfirmTitle}
      </h2>
      <p className={styles.path}>{`${file.bucket}/${file.path}`}</p>
      <dl className={styles.facts}>
        <Fact term={FILES_TEXT.size} value={file.size === null ? "–" : humanSize(file.size)} />
        <Fact term={FILES_TEXT.type} value={file.contentType ?? "–"} />
        <Fact term={FILES_TEXT.owner} value={file.owner ?? "–"} />
        {file.since ? <Fact term={FILES_TEXT.uploaded} value={when(file.since)} /> : null}
      </dl>
      {gone ? <p>{FILES_TEXT.refusedGone}</p> : null}
      {file.usedBy.length ? (
        <div>
          <p>{FILES_TEXT.refusedInUse(file.usedBy.map((use) => use.label).join("; "))}</p>
          <UsedBy uses={file.usedBy} />
        </div>
      ) : null}
      {!gone && !file.usedBy.length && file.recent ? <p>{FILES_TEXT.refusedRecent(graceMinutes)}</p> : null}
      {removable ? <p>{FILES_TEXT.removeConfirmLead}</p> : null}
      <div className={styles.confirmActions}>
        {removable ? (
          <Form method="post" action="/admin/files">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="bucket" value={file.bucket} />
            <input type="hidden" name="path" value={file.path} />
            <Button type="submit" variant="destructive">
              {FILES_TEXT.removeConfirm}
            </Button>
          </Form>
        ) : null}
        <ButtonLink to="/admin/files" variant="outline">
          {FILES_TEXT.cancel}
        </ButtonLink>
      </div>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factTerm}>{term}</dt>
      <dd className={styles.factValue}>{value}</dd>
    </div>
  );
}

function UsageCells({ usage }: { usage: Usage }) {
  return (
    <>
      <td className={styles.numeric}>{`${usage.storage.count} · ${humanSize(usage.storage.bytes)}`}</td>
      <td className={styles.numeric}>{`${usage.records.count} · ${humanSize(usage.records.bytes)}`}</td>
    </>
  );
}

function UsageSection({ scan }: { scan: StorageScan }) {
  const disagreeing = scan.usage.filter((usage) => !usage.agree);
  return (
    <section className={styles.section} aria-labelledby="usage-title" data-testid="usage">
      <h2 id="usage-title" className={page.sectionTitle}>
        {FILES_TEXT.usageTitle}
      </h2>
      <p className={page.muted}>{FILES_TEXT.usageLead}</p>
      <div className={page.tableWrap}>
        <table className={page.table}>
          <thead>
            <tr>
              <th scope="col">{FILES_TEXT.bucket}</th>
              <th scope="col">{`${FILES_TEXT.inStorage} (files · size)`}</th>
              <th scope="col">{`${FILES_TEXT.recorded} (files · size)`}</th>
            </tr>
          </thead>
          <tbody>
            {scan.usage.map((usage) => (
              <tr key={usage.bucket} data-bucket={usage.bucket}>
                <th scope="row">{usage.bucket}</th>
                <UsageCells usage={usage} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-bucket="total">
              <th scope="row">{FILES_TEXT.total}</th>
              <UsageCells usage={scan.total} />
            </tr>
          </tfoot>
        </table>
      </div>
      {disagreeing.length === 0 ? (
        <p className={page.muted}>{FILES_TEXT.agree}</p>
      ) : (
        <ul className={styles.usedList}>
          {disagreeing.map((usage) => (
            <li key={usage.bucket}>{FILES_TEXT.disagree(usage.bucket)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OrphanItem({ orphan }: { orphan: Orphan }) {
  return (
    <li className={styles.orphan} data-testid="orphan" data-path={`${orphan.bucket}/${orphan.path}`}>
      <div className={styles.orphanHead}>
        <span className={styles.badge}>{FILES_TEXT.kinds[orphan.kind]}</span>
        <ButtonLink to={filesHref({ removeBucket: orphan.bucket, removePath: orphan.path })} variant="outline" aria-label={`${FILES_TEXT.remove} ${orphan.bucket}/${orphan.path}`}>
          {FILES_TEXT.remove}
        </ButtonLink>
      </div>
      <p className={styles.path}>{`${orphan.bucket}/${orphan.path}`}</p>
      <dl className={styles.facts}>
        <Fact term={FILES_TEXT.size} value={humanSize(orphan.size)} />
        <Fact term={FILES_TEXT.type} value={orphan.contentType ?? "–"} />
        <Fact term={FILES_TEXT.owner} value={orphan.owner ?? "–"} />
        <Fact term={FILES_TEXT.uploaded} value={when(orphan.since)} />
      </dl>
      <p className={page.muted}>{FILES_TEXT.kindHelp[orphan.kind]}</p>
    </li>
  );
}

function OrphansSection({ scan, graceMinutes }: { scan: StorageScan; graceMinutes: number }) {
  return (
    <section className={styles.section} aria-labelledby="orphans-title" data-testid="orphans">
      <h2 id="orphans-title" className={page.sectionTitle}>
        {`${FILES_TEXT.orphansTitle} (${scan.orphanCount} · ${humanSize(scan.orphanBytes)})`}
      </h2>
      <p className={page.muted}>{FILES_TEXT.orphansLead}</p>
      <p className={page.muted}>
        {FILES_TEXT.graceNote(graceMinutes)}
        {scan.recentSkipped ? ` ${FILES_TEXT.recentSkipped(scan.recentSkipped)}` : ""}
      </p>
      {scan.orphans.length === 0 ? (
        <p>{FILES_TEXT.noOrphans}</p>
      ) : (
        <>
          {scan.orphanCount > scan.orphans.length ? <p>{FILES_TEXT.orphansShown(scan.orphans.length, scan.orphanCount)}</p> : null}
          <ul className={styles.orphanList} aria-label={FILES_TEXT.orphansTitle}>
            {scan.orphans.map((orphan) => (
              <OrphanItem key={`${orphan.bucket}/${orphan.path}`} orphan={orphan} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function BrokenSection({ scan }: { scan: StorageScan }) {
  return (
    <section className={styles.section} aria-labelledby="broken-title" data-testid="broken">
      <h2 id="broken-title" className={page.sectionTitle}>
        {FILES_TEXT.brokenTitle}
      </h2>
      <p className={page.muted}>{FILES_TEXT.brokenLead}</p>
      <ul className={styles.orphanList}>
        {scan.broken.map((file) => (
          <li key={`${file.bucket}/${file.path}`} className={styles.orphan}>
            <p className={styles.path}>{`${file.bucket}/${file.path}`}</p>
            <UsedBy uses={file.usedBy} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BrowseSection({ buckets, browse }: { buckets: string[]; browse: BucketPage }) {
  return (
    <section className={styles.section} aria-labelledby="browse-title" data-testid="browse">
      <h2 id="browse-title" className={page.sectionTitle}>
        {FILES_TEXT.browseTitle}
      </h2>
      <Form method="get" action="/admin/files" className={styles.browseForm}>
        <div className={styles.browseField}>
          <label htmlFor="files-bucket" className={formStyles.label}>
            {FILES_TEXT.bucketLabel}
          </label>
          <select id="files-bucket" name="bucket" defaultValue={browse.bucket} className={formStyles.control}>
            {buckets.map((bucket) => (
              <option key={bucket} value={bucket}>
                {bucket}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.browseField}>
          <label htmlFor="files-prefix" className={formStyles.label}>
            {FILES_TEXT.searchLabel}
          </label>
          <input id="files-prefix" name="prefix" type="search" defaultValue={browse.prefix} maxLength={500} aria-describedby="files-prefix-hint" className={formStyles.control} />
          <p id="files-prefix-hint" className={formStyles.hint}>
            {FILES_TEXT.searchHint}
          </p>
        </div>
        <Button type="submit">{FILES_TEXT.show}</Button>
      </Form>
      {browse.rows.length === 0 ? (
        <p>{browse.prefix ? FILES_TEXT.emptySearch : FILES_TEXT.emptyBucket}</p>
      ) : (
        <div className={page.tableWrap}>
          <table className={page.table} data-testid="files-table">
            <caption>{FILES_TEXT.tableCaption(browse.bucket, browse.prefix)}</caption>
            <thead>
              <tr>
                <th scope="col">{FILES_TEXT.path}</th>
                <th scope="col">{FILES_TEXT.type}</th>
                <th scope="col">{FILES_TEXT.size}</th>
                <th scope="col">{FILES_TEXT.owner}</th>
                <th scope="col">{FILES_TEXT.usedBy}</th>
                <th scope="col">{FILES_TEXT.uploaded}</th>
              </tr>
            </thead>
            <tbody>
              {browse.rows.map((row) => (
                <tr key={row.path} data-path={row.path}>
                  <th scope="row" className={styles.path}>
                    {row.path}
                  </th>
                  <td>
                    {row.contentType ?? "–"}
                    {row.recorded ? null : <span className={page.muted}>{` (${FILES_TEXT.noRecord})`}</span>}
                  </td>
                  <td className={styles.numeric}>{humanSize(row.size)}</td>
                  <td>{row.owner ?? "–"}</td>
                  <td>
                    <UsedBy uses={row.usedBy} />
                  </td>
                  <td>
                    <time dateTime={row.uploadedAt}>{when(row.uploadedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className={styles.pager} aria-label="Pages">
        {browse.cursor ? (
          <ButtonLink to={filesHref({ bucket: browse.bucket, prefix: browse.prefix })} variant="outline">
            {FILES_TEXT.firstPage}
          </ButtonLink>
        ) : (
          <span />
        )}
        {browse.nextCursor ? (
          <ButtonLink to={filesHref({ bucket: browse.bucket, prefix: browse.prefix, cursor: browse.nextCursor })} variant="outline" rel="next">
            {FILES_TEXT.nextPage}
          </ButtonLink>
        ) : null}
      </nav>
    </section>
  );
}
