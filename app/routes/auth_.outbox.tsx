/**
 * /auth/outbox: the messages the embedded default would have sent (sign-in
 * codes, confirmations, recoveries), newest first. It exists only on the
 * embedded default (PGlite + embedded auth): anywhere else it is a 404.
 *
 * It lists only the messages to the recipient this browser is waiting on a
 * code for (the signed pending-code cookie set when the code was requested):
 * listing everything would hand anyone the admin's sign-in code. Every message
 * is still written to the server log (deliverMessage).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readPendingCode } from "~/auth/pending.server";
import { optionalViewer } from "~/auth/session.server";
import * as styles from "~/auth/auth.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import { methodNotAllowed } from "~/layout/method-not-allowed.server";
import { isEmbeddedDefault } from "~/platform/auth/index.server";
import { OUTBOX_PAGE_SIZE, type OutboxEntry } from "~/platform/auth/local-outbox.server";
import type { Database } from "~/platform/db/connect.server";
import { db } from "~/platform/runtime.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Outbox | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

function requireEmbeddedDefault() {
  if (!isEmbeddedDefault()) throw new Response("Not Found", { status: 404 });
}

/** The newest messages to one recipient (already normalised, as the pending cookie and the outbox both store it). */
async function messagesTo(database: Database, recipient: string): Promise<OutboxEntry[]> {
  const rows = await database
    .selectFrom("auth.outbox")
    .select(["id", "channel", "recipient", "subject", "body", "created_at"])
    .where("recipient", "=", recipient)
    .orderBy("created_at", "desc")
    .limit(OUTBOX_PAGE_SIZE)
    .execute();
  return rows.map(({ created_at, ...entry }) => ({ ...entry, createdAt: new Date(created_at).toISOString() }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await optionalViewer(request);
  requireEmbeddedDefault();
  const pending = await readPendingCode(request);
  if (!pending) return { waiting: false, messages: [] as OutboxEntry[], pageSize: OUTBOX_PAGE_SIZE };
  const recipient = "email" in pending.identifier ? pending.identifier.email : pending.identifier.phone;
  return { waiting: true, messages: await messagesTo(db(), recipient), pageSize: OUTBOX_PAGE_SIZE };
}

export async function action({ request }: LoaderFunctionArgs) {
  await optionalViewer(request);
  requireEmbeddedDefault();
  return methodNotAllowed();
}

export const ErrorBoundary = RouteErrorBoundary;

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export default function OutboxRoute() {
  const { waiting, messages, pageSize } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <section className={styles.wideCard} aria-labelledby="outbox-title">
        <div className={styles.heading}>
          <h1 id="outbox-title" className={styles.title}>
            Outbox
          </h1>
          <p className={styles.lead}>
            This embedded demo sends no e-mail or SMS. The messages it would have sent to the address or number this browser
            is waiting on a code for are listed here (latest {pageSize}); every message is written to the server log.{" "}
            <Link to="/auth" className={styles.link}>
              Back to sign in
            </Link>
          </p>
        </div>
        {!waiting ? (
          <p className={styles.lead}>
            Nothing to show: this browser is not waiting for a code. Request a sign-in code, a confirmation or a password
            recovery code first, in this browser; its messages then appear here. Messages to anyone else are never shown.
          </p>
        ) : messages.length === 0 ? (
          <p className={styles.lead}>No messages yet.</p>
        ) : (
          <ol className={styles.outboxList} aria-label="Messages, newest first">
            {messages.map((message) => (
              <li key={message.id} className={styles.outboxItem}>
                <p className={styles.outboxMeta}>
                  {message.channel === "email" ? "E-mail" : "SMS"} to <strong>{message.recipient}</strong> ·{" "}
                  <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))} UTC</time>
                </p>
                <p>
                  <strong>{message.subject}</strong>
                </p>
                <p className={styles.outboxBody}>{message.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
