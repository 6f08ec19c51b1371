/**
 * /auth/outbox: the messages the embedded default would have sent (sign-in
 * codes, confirmations, recoveries), newest first. It exists only on the
 * embedded default (PGlite + embedded auth): anywhere else it is a 404.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { optionalViewer } from "~/auth/session.server";
import * as styles from "~/auth/auth.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import { methodNotAllowed } from "~/layout/method-not-allowed.server";
import { isEmbeddedDefault } from "~/platform/auth/index.server";
import { listOutbox, OUTBOX_PAGE_SIZE } from "~/platform/auth/local-outbox.server";
import { db } from "~/platform/runtime.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction = () => [{ title: `Outbox | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

function requireEmbeddedDefault() {
  if (!isEmbeddedDefault()) throw new Response("Not Found", { status: 404 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await optionalViewer(request);
  requireEmbeddedDefault();
  return { messages: await listOutbox(db()), pageSize: OUTBOX_PAGE_SIZE };
}

export async function action({ request }: LoaderFunctionArgs) {
  await optionalViewer(request);
  requireEmbeddedDefault();
  return methodNotAllowed();
}

export const ErrorBoundary = RouteErrorBoundary;

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

export default function OutboxRoute() {
  const { messages, pageSize } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <section className={styles.wideCard} aria-labelledby="outbox-title">
        <div className={styles.heading}>
          <h1 id="outbox-title" className={styles.title}>
            Outbox
          </h1>
          <p className={styles.lead}>
            This embedded demo sends no e-mail or SMS. Every message it would have sent is listed here (latest {pageSize}) and
            written to the server log.{" "}
            <Link to="/auth" className={styles.link}>
              Back to sign in
            </Link>
          </p>
        </div>
        {messages.length === 0 ? (
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
