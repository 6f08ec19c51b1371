/**
 * "Add to your calendar" on /calendar (ADR 0088): the .ics download and the
 * private subscription link with its create, replace and revoke forms (plain
 * posts; a copy button only with JavaScript). The link is in the loader data
 * of its owner's own page only.
 */
import { Form } from "@remix-run/react";
import { useState } from "react";
import * as formStyles from "~/layout/form.css";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";
import { CALENDAR_TEXT as T } from "./calendar-text";
import * as styles from "./calendar.css";

export interface SubscriptionView {
  /** https://…/calendar/feed/<token>.ics */
  url: string;
  /** The same with webcal:// (calendar apps open it as a subscription). */
  webcalUrl: string;
  created: string;
  createdAt: string;
  fetched: string | null;
}

function CopyButton({ text }: { text: string }) {
  const mounted = useMounted();
  const [copied, setCopied] = useState(false);
  if (!mounted || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <Button
      type="button"
      variant="outline"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <span aria-live="polite">{copied ? T.copied : T.copy}</span>
    </Button>
  );
}

export function CalendarExport({ subscription, formError }: { subscription: SubscriptionView | null; formError: string | null }) {
  return (
    <section className={styles.exportBox} aria-labelledby="calendar-export-title" data-testid="calendar-export">
      <h2 id="calendar-export-title" className={styles.campTitle}>
        {T.exportTitle}
      </h2>
      <p className={styles.meta}>{T.exportLead}</p>
      <div className={styles.actions}>
        {/* A plain link: the browser downloads the file (Content-Disposition: attachment). */}
        <a href="/calendar/sessions.ics" className={buttonClass({ variant: "outline" })} download data-testid="calendar-download">
          {T.download}
        </a>
      </div>
      <h3 className={styles.dayTitle}>{T.subscriptionTitle}</h3>
      <p className={styles.meta}>{T.subscriptionLead}</p>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      {subscription ? (
        <>
          <div className={formStyles.field}>
            <label htmlFor="calendar-feed-url" className={formStyles.label}>
              {T.subscriptionUrlLabel}
            </label>
            <input
              id="calendar-feed-url"
              readOnly
              value={subscription.url}
              className={`${formStyles.control} ${styles.linkText}`}
              data-testid="calendar-feed-url"
            />
          </div>
          <p className={styles.meta}>
            <time dateTime={subscription.createdAt}>{T.subscriptionCreated(subscription.created)}</time>{" "}
            {subscription.fetched ? T.subscriptionFetched(subscription.fetched) : T.subscriptionNeverFetched}
          </p>
          <div className={styles.actions}>
            <a href={subscription.webcalUrl} className={buttonClass({ variant: "outline" })} data-testid="calendar-webcal">
              {T.subscriptionWebcal}
            </a>
            <CopyButton text={subscription.url} />
          </div>
          <div className={styles.actions}>
            <Form method="post">
              <input type="hidden" name="intent" value="replace" />
              <Button type="submit" variant="outline" aria-describedby="calendar-replace-hint">
                {T.replace}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <Button type="submit" variant="destructive" aria-describedby="calendar-revoke-hint">
                {T.revoke}
              </Button>
            </Form>
          </div>
          <p id="calendar-replace-hint" className={formStyles.hint}>
            {T.replaceHint}
          </p>
          <p id="calendar-revoke-hint" className={formStyles.hint}>
            {T.revokeHint}
          </p>
        </>
      ) : (
        <>
          <p data-testid="calendar-feed-none">{T.subscriptionNone}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="create" />
            <Button type="submit" variant="default">
              {T.create}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
