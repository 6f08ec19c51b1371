/**
 * The decision on the viewer's application, shown at the top of the dashboard
 * until they dismiss it. Dismissing is a plain form post (intent
 * "dismiss-decision"): it works without JavaScript, sets
 * profiles.has_seen_decision_banner and comes back with a toast.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { DASHBOARD_TEXT } from "./dashboard-text";
import * as styles from "./dashboard.css";
import { DISMISS_DECISION_INTENT, type Decision } from "./standing";

export function DecisionBanner({ decision }: { decision: Decision }) {
  const navigation = useNavigation();
  const dismissing = navigation.state === "submitting" && navigation.formData?.get("intent") === DISMISS_DECISION_INTENT;
  return (
    <section className={styles.banner} aria-labelledby="decision-title" data-decision={decision.kind}>
      <h2 id="decision-title" className={styles.bannerTitle}>
        {decision.title}
      </h2>
      <p className={styles.bannerBody}>{decision.body}</p>
      {decision.note ? (
        <p className={styles.bannerBody} data-testid="decision-note">
          <strong>{DASHBOARD_TEXT.decision.noteLabel}:</strong> {decision.note}
        </p>
      ) : null}
      <div className={styles.actions}>
        {decision.action ? (
          <Link to={decision.action.to} className={styles.moreLink}>
            {decision.action.label}
          </Link>
        ) : null}
        <Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value={DISMISS_DECISION_INTENT} />
          <Button type="submit" variant="outline" aria-label={DASHBOARD_TEXT.decision.dismissLabel(decision.title)} aria-disabled={dismissing || undefined}>
            {DASHBOARD_TEXT.decision.dismiss}
          </Button>
        </Form>
      </div>
    </section>
  );
}
