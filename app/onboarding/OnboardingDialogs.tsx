/**
 * The welcome modal and the tour dialog (SPEC §2), loaded on demand by
 * OnboardingFrame.tsx: only a viewer with onboarding under way downloads them
 * (docs/decisions/0038-javascript-budget.md). The server renders them in the
 * page's HTML as before, so the tour works without JavaScript; see
 * OnboardingFrame.tsx for how the chunk is preloaded for server rendering and
 * hydration.
 */
import type { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { WELCOME_TO_TOUR_DELAY_MS } from "~/shared/constants";
import { Button } from "~/ui/Button";
import { useFocusTrap } from "~/ui/focus-trap";
import { playConfetti } from "./confetti";
import { ONBOARDING_ACTION, type TourView, type WelcomeView } from "./view";
import * as styles from "./onboarding.css";

const CLOSE_ICON = "M6 6l12 12M18 6L6 18";

function PathIcon({ d, size = 24 }: { d: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export type Submit = (data: Record<string, string>) => void;

/** A dialog's focus handling once scripts run; without them `autoFocus` puts focus on its first action. */
function useDialogFocus(active: boolean, onEscape: () => void) {
  const panelRef = useRef<HTMLDivElement>(null);
  const initialRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(panelRef, active, { initialFocusRef: initialRef, onEscape });
  return { panelRef, initialRef };
}

export function WelcomeModal({ view, returnTo, onAnswered, submit }: { view: WelcomeView; returnTo: string; onAnswered: () => void; submit: Submit }) {
  const titleId = useId();
  const textId = useId();
  const [mounted, setMounted] = useState(false);
  const [starting, setStarting] = useState(false);
  useEffect(() => setMounted(true), []);

  const dismiss = () => {
    onAnswered();
    submit({ intent: "dismiss-welcome", returnTo });
  };
  const { panelRef, initialRef } = useDialogFocus(mounted && !starting, dismiss);

  // SPEC §2: confetti about 3 s after a 0.5 s delay, while the welcome shows.
  useEffect(() => playConfetti(), []);

  // SPEC §2: the tour starts 500 ms after 'Take a Quick Tour'. (The latest
  // callbacks in a ref: a re-render meanwhile must not restart the wait.)
  const latest = useRef({ onAnswered, submit });
  latest.current = { onAnswered, submit };
  useEffect(() => {
    if (!starting) return;
    const timer = window.setTimeout(() => {
      latest.current.onAnswered();
      latest.current.submit({ intent: "start" });
    }, WELCOME_TO_TOUR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [starting]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    event.preventDefault();
    if (submitter?.value === "start") setStarting(true);
    else dismiss();
  };

  if (starting) return null;
  return (
    <div className={styles.overlay} data-onboarding="welcome">
      <div ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} tabIndex={-1} className={styles.panel}>
        <ul className={styles.badges} aria-label="Membership">
          {view.badges.map((badge) => (
            <li key={badge.label} className={badge.brand ? styles.badgeBrand : styles.badgeRole}>
              {badge.label}
            </li>
          ))}
        </ul>
        <h2 id={titleId} className={styles.title}>
          {view.title}
        </h2>
        <p id={textId} className={styles.text}>
          {view.text}
        </p>
        <ul className={styles.features}>
          {view.features.map((feature) => (
            <li key={feature.key} className={styles.feature}>
              <span className={styles.featureIcon}>
                <PathIcon d={feature.icon} />
              </span>
              {feature.label}
            </li>
          ))}
        </ul>
        <form method="post" action={ONBOARDING_ACTION} className={styles.actions} onSubmit={onSubmit}>
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button ref={initialRef} type="submit" name="intent" value="start" variant="uber" size="lg" autoFocus>
            {view.startTour}
          </Button>
          <Button type="submit" name="intent" value="dismiss-welcome" variant="ghost">
            {view.dismiss}
          </Button>
        </form>
        <p className={styles.footer}>{view.footer}</p>
      </div>
    </div>
  );
}

export function TourDialog({
  view,
  returnTo,
  submit,
  Form,
  busy,
}: {
  view: TourView;
  returnTo: string;
  submit: Submit;
  Form: ReturnType<typeof useFetcher>["Form"];
  busy: boolean;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { step, total, labels } = view;

  const { panelRef, initialRef } = useDialogFocus(mounted, () => submit({ intent: "skip", step: String(step), returnTo }));

  // A move that removed the focused button (Previous on step 2) leaves focus on the primary action.
  useEffect(() => {
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) initialRef.current?.focus();
  }, [step, panelRef, initialRef]);

  return (
    <div className={styles.overlay} data-onboarding="tour">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        aria-busy={busy || undefined}
        tabIndex={-1}
        className={styles.panel}
        data-step={step}
      >
        <Form method="post" action={ONBOARDING_ACTION} className={styles.stepBody}>
          <input type="hidden" name="step" value={step} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className={styles.tourTop}>
            <p className={styles.stepCount} aria-live="polite">
              {view.stepOf}
            </p>
            <button type="submit" name="intent" value="skip" className={styles.closeButton} aria-label={labels.close}>
              <PathIcon d={CLOSE_ICON} />
            </button>
          </div>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={labels.progress}
            aria-valuemin={1}
            aria-valuemax={total}
            aria-valuenow={step + 1}
            aria-valuetext={view.stepOf}
          >
            <div className={styles.progressValue} style={{ width: `${((step + 1) / total) * 100}%` }} />
          </div>
          <span className={styles.stepIcon}>
            <PathIcon d={view.icon} size={28} />
          </span>
          <h2 id={titleId} className={styles.title}>
            {view.title}
          </h2>
          <p id={descriptionId} className={styles.text}>
            {view.description}
          </p>
          <div className={styles.tourNav}>
            {view.last ? null : (
              <Button type="submit" name="intent" value="skip" variant="link">
                {labels.skip}
              </Button>
            )}
            <div className={styles.tourNavButtons}>
              {step > 0 ? (
                <Button type="submit" name="intent" value="previous" variant="outline">
                  {labels.previous}
                </Button>
              ) : null}
              <Button ref={initialRef} type="submit" name="intent" value={view.last ? "complete" : "next"} variant="default" autoFocus>
                {view.last ? labels.complete : labels.next}
              </Button>
            </div>
          </div>
        </Form>
      </div>
    </div>
  );
}
