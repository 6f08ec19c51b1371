/**
 * /inbox: the signed-in person's notices (app/inbox). The list, newest first,
 * with unread ones marked; ?id= opens one (and marks it read); mark read or
 * unread, mark all read, delete. Every action is a plain form that redirects
 * back with a toast, so it all works without JavaScript. Another person's
 * notice id is 404 and changes nothing.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { deleteNotice, listNotices, markAllRead, markRead, markUnread, openNotice, type NoticeView } from "~/inbox/inbox.server";
import * as styles from "~/inbox/inbox.css";
import { INBOX_TEXT } from "~/inbox/inbox-text";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Alert } from "~/ui/Alert";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.open ? `${data.open.subject} | ` : ""}${INBOX_TEXT.title}${data?.unread ? ` (${data.unread})` : ""} | ${PRODUCT_NAME}` },
];

const pageNumber = (value: string | null | undefined) => {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
};

/** Where a form sends the person back: the page of the list they were on. */
const backTo = (page: number | undefined) => (page && page > 1 ? `/inbox?page=${page}` : "/inbox");

const onePage = z.coerce.number().int().min(1).max(100_000).optional();
const pageOnly = z.object({ page: onePage });
const oneNotice = z.object({ id: z.string({ required_error: "Choose a message" }).uuid("Choose a message"), page: onePage });

const route = defineRoute({
  access: "signed-in",
  nav: { label: INBOX_TEXT.title, to: "/inbox", order: 55 },
  async load({ db, viewer, url }) {
    const id = url.searchParams.get("id");
    // Opening a message marks it read; someone else's (or no such) message is not there.
    const open = id === null ? null : await openNotice(db, viewer.id, id);
    if (id !== null && !open) throw new Response("Not Found", { status: 404 });
    const list = await listNotices(db, viewer.id, { page: pageNumber(url.searchParams.get("page")) });
    // Counted after opening: the header shows this on this page (app/inbox/InboxNav.tsx).
    return { ...list, open, inboxUnread: list.unread };
  },
  forms: {
    "read-all": form<"signed-in", typeof pageOnly>({
      schema: pageOnly,
      async handle({ db, viewer, value }) {
        const changed = await markAllRead(db, viewer.id);
        return redirectWithToast(backTo(value.page), { type: "success", message: INBOX_TEXT.allRead(changed) });
      },
    }),
    read: form<"signed-in", typeof oneNotice>({
      schema: oneNotice,
      async handle({ db, viewer, value, reply }) {
        if (!(await markRead(db, viewer.id, value.id))) return reply({ formErrors: [INBOX_TEXT.notYours], status: 404 });
        return redirectWithToast(backTo(value.page), { type: "success", message: INBOX_TEXT.markedRead });
      },
    }),
    unread: form<"signed-in", typeof oneNotice>({
      schema: oneNotice,
      async handle({ db, viewer, value, reply }) {
        if (!(await markUnread(db, viewer.id, value.id))) return reply({ formErrors: [INBOX_TEXT.notYours], status: 404 });
        return redirectWithToast(backTo(value.page), { type: "success", message: INBOX_TEXT.markedUnread });
      },
    }),
    delete: form<"signed-in", typeof oneNotice>({
      schema: oneNotice,
      async handle({ db, viewer, value, reply }) {
        if (!(await deleteNotice(db, viewer.id, value.id))) return reply({ formErrors: [INBOX_TEXT.notYours], status: 404 });
        return redirectWithToast(backTo(value.page), { type: "success", message: INBOX_TEXT.deleted });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => `${dateFormat.format(new Date(iso))} UTC`;

const KIND_LABELS: Record<NoticeView["kind"], string> = {
  contact: "Message from a member",
  decision: "Application decision",
  offer: "Offer",
  approval: "Approval",
  brief: "Brief answer",
  camp: "Camp invitation",
  system: "Notice",
};

const fromLine = (notice: NoticeView) => (notice.senderName ? INBOX_TEXT.from(notice.senderName) : INBOX_TEXT.fromTeam);

function snippet(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** A one-button form acting on one message. */
function NoticeAction({ intent, id, pageNumber: listPage, label, detail, variant = "outline" }: {
  intent: "read" | "unread" | "delete";
  id: string;
  pageNumber: number;
  label: string;
  detail: string;
  variant?: "outline" | "ghost" | "destructive";
}) {
  return (
    <Form method="post" action="/inbox">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {listPage > 1 ? <input type="hidden" name="page" value={listPage} /> : null}
      {/* Named with the message's subject (each list item has its own): the visible word starts the name. */}
      <Button type="submit" variant={variant} size="sm" aria-label={`${label}: ${detail}`}>
        {label}
      </Button>
    </Form>
  );
}

function OpenMessage({ notice, listPage }: { notice: NoticeView; listPage: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript, opening a message moves focus to it (a page load starts at the top anyway).
  useEffect(() => {
    heading.current?.focus();
  }, [notice.id]);
  const name = notice.senderName ?? PRODUCT_NAME;
  return (
    <article className={`${page.card} ${styles.message}`} aria-labelledby="message-title" id="message">
      <p className={page.eyebrow}>{KIND_LABELS[notice.kind]}</p>
      <h2 id="message-title" className={styles.messageTitle} tabIndex={-1} ref={heading}>
        {notice.subject}
      </h2>
      <p className={styles.meta}>
        {fromLine(notice)} · <time dateTime={notice.createdAt}>{when(notice.createdAt)}</time>
      </p>
      <div className={styles.messageBody}>{notice.body}</div>
      {notice.kind === "contact" ? (
        <p className={styles.reply}>
          {notice.link ? (
            <>
              {INBOX_TEXT.replyHow(name)}{" "}
              <Link to={notice.link} className={page.textLink}>
                {INBOX_TEXT.viewProfile(name)}
              </Link>
            </>
          ) : (
            INBOX_TEXT.replyPrivate(name)
          )}
        </p>
      ) : notice.link ? (
        <p>
          <ButtonLink to={notice.link} variant="default" size="sm" aria-label={`${INBOX_TEXT.openLink}: ${notice.subject}`}>
            {INBOX_TEXT.openLink}
          </ButtonLink>
        </p>
      ) : null}
      <div className={styles.itemActions}>
        <NoticeAction intent="unread" id={notice.id} pageNumber={listPage} label={INBOX_TEXT.markUnread} detail={notice.subject} variant="ghost" />
        <NoticeAction intent="delete" id={notice.id} pageNumber={listPage} label={INBOX_TEXT.delete} detail={notice.subject} variant="destructive" />
        <ButtonLink to={backTo(listPage)} variant="ghost" size="sm">
          {INBOX_TEXT.close}
        </ButtonLink>
      </div>
    </article>
  );
}

function NoticeItem({ notice, isOpen, listPage }: { notice: NoticeView; isOpen: boolean; listPage: number }) {
  const href = `/inbox?${new URLSearchParams({ id: notice.id, ...(listPage > 1 ? { page: String(listPage) } : {}) })}`;
  return (
    <li className={[styles.item, notice.read ? "" : styles.itemUnread, isOpen ? styles.itemOpen : ""].filter(Boolean).join(" ")}>
      <div className={styles.itemHead}>
        {notice.read ? null : <span className={styles.unreadMarker}>{INBOX_TEXT.unreadMarker}</span>}
        {/* No prefetch: following this link marks the message read. */}
        <Link to={href} className={[styles.subjectLink, notice.read ? "" : styles.subjectUnread].filter(Boolean).join(" ")} aria-current={isOpen ? "true" : undefined}>
          {notice.subject}
        </Link>
      </div>
      <p className={styles.meta}>
        {fromLine(notice)} · <time dateTime={notice.createdAt}>{when(notice.createdAt)}</time>
      </p>
      <p className={styles.snippet}>{snippet(notice.body)}</p>
      <div className={styles.itemActions}>
        {notice.read ? null : <NoticeAction intent="read" id={notice.id} pageNumber={listPage} label={INBOX_TEXT.markRead} detail={notice.subject} variant="ghost" />}
        <NoticeAction intent="delete" id={notice.id} pageNumber={listPage} label={INBOX_TEXT.delete} detail={notice.subject} variant="ghost" />
      </div>
    </li>
  );
}

export default function InboxRoute() {
  const { notices, open, page: listPage, pageCount, total, unread } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/inbox");
  const refusal = actionData && "result" in actionData ? actionData.result.error?.[""] : undefined;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader
        title={INBOX_TEXT.title}
        lead={INBOX_TEXT.lead}
        actions={
          unread > 0 ? (
            <Form method="post" action="/inbox">
              <input type="hidden" name="intent" value="read-all" />
              {listPage > 1 ? <input type="hidden" name="page" value={listPage} /> : null}
              <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
                {INBOX_TEXT.markAllRead}
              </Button>
            </Form>
          ) : null
        }
      />
      {refusal?.length ? (
        <Alert variant="destructive" title={refusal.join(" ")} />
      ) : null}
      {total === 0 ? (
        <section className={`${page.card} ${styles.empty}`} aria-labelledby="inbox-empty-title">
          <h2 id="inbox-empty-title" className={page.sectionTitle}>
            {INBOX_TEXT.emptyTitle}
          </h2>
          <p className={page.muted}>{INBOX_TEXT.empty}</p>
          <ButtonLink to="/members" variant="outline">
            Browse members
          </ButtonLink>
        </section>
      ) : (
        <div className={styles.layout}>
          {/* First in the document (read first, on phones above the list); beside the list on wide screens. */}
          {open ? <OpenMessage notice={open} listPage={listPage} /> : null}
          <section aria-labelledby="inbox-list-title" className={styles.listColumn}>
            <h2 id="inbox-list-title" className={page.sectionTitle}>
              {INBOX_TEXT.listTitle} <span className={styles.summary}>({INBOX_TEXT.unreadSummary(unread)})</span>
            </h2>
            <ul className={styles.list}>
              {notices.map((notice) => (
                <NoticeItem key={notice.id} notice={notice} isOpen={open?.id === notice.id} listPage={listPage} />
              ))}
            </ul>
            {pageCount > 1 ? (
              <nav aria-label="Inbox pages" className={styles.pagination}>
                {listPage > 1 ? (
                  <ButtonLink to={backTo(listPage - 1)} variant="outline" size="sm">
                    {INBOX_TEXT.newer}
                  </ButtonLink>
                ) : (
                  <span />
                )}
                <span className={page.muted}>{INBOX_TEXT.page(listPage, pageCount)}</span>
                {listPage < pageCount ? (
                  <ButtonLink to={backTo(listPage + 1)} variant="outline" size="sm">
                    {INBOX_TEXT.older}
                  </ButtonLink>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </section>
        </div>
      )}
    </div>
  );
}
