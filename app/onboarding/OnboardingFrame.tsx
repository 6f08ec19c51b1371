/**
 * Onboarding on every page (SPEC §2 "Welcome modal", "Onboarding tour", §4).
 * Mounted once, in the root layout, around the page: it renders the welcome
 * modal or the tour dialog for the stored step FIRST in the document, and the
 * page after it, inert while the dialog is open. The root loader decides what
 * shows (onboarding.server.ts); everything is server-rendered, and every
 * button is a form posting to /onboarding, so the whole tour works without
 * JavaScript (docs/decisions/0068-tour-routes-and-no-js-tour.md).
 *
 * With JavaScript the same forms post through a fetcher: the server saves and
 * redirects to the step's route, which Remix follows client-side (no reload);
 * the dialog stays mounted across the move, with focus in it. Focus is
 * trapped, Escape does what the close icon does, focus returns to where it
 * was. The tour starts 500 ms after 'Take a Quick Tour'; the welcome's
 * confetti loads only when it plays (confetti.ts). The dialogs themselves
 * (OnboardingDialogs.tsx) are a chunk loaded only for a viewer who has one
 * open (dialogs-loader.ts says how server rendering and hydration get it). The words come with the
 * view from the server (view.ts), so they cost no first-load JavaScript.
 */
import { useFetcher, useLocation } from "@remix-run/react";
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from "react";
import { loadOnboardingDialogs, loadedOnboardingDialogs, type OnboardingDialogsModule } from "./dialogs-loader";
import { ONBOARDING_ACTION, isAuthPath, type OnboardingView, type WelcomeView } from "./view";
import * as styles from "./onboarding.css";

/** One fetcher for every onboarding form, so a pending move is visible to the whole dialog. */
const FETCHER_KEY = "onboarding";

/**
 * A dialog of OnboardingDialogs.tsx through React.lazy. Already loaded, it
 * resolves synchronously (a thenable that calls back at once: React 18 then
 * renders it without suspending), which keeps server rendering and hydration
 * identical to a static import.
 */
function lazyDialog<K extends "WelcomeModal" | "TourDialog">(name: K) {
  return lazy<OnboardingDialogsModule[K]>(() => {
    const module = loadedOnboardingDialogs();
    if (module) {
      const ready = { default: module[name] };
      return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
    }
    return loadOnboardingDialogs().then((loaded) => ({ default: loaded[name] }));
  });
}
const WelcomeModal = lazyDialog("WelcomeModal");
const TourDialog = lazyDialog("TourDialog");

/** `inert` as React 18 writes it (an unknown attribute with a string value). */
function inertProps(on: boolean): Record<string, string> {
  return on ? { inert: "" } : {};
}

export function OnboardingFrame({ onboarding, children }: { onboarding: OnboardingView | null; children: ReactNode }) {
  const location = useLocation();
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const returnTo = location.pathname + location.search;
  const submit = (data: Record<string, string>) => fetcher.submit(data, { method: "post", action: ONBOARDING_ACTION });

  // The server counts the welcome as shown when it renders it (once per
  // session): it stays here until answered, whatever later loads say.
  const [welcome, setWelcome] = useState<WelcomeView | null>(onboarding?.kind === "welcome" ? onboarding : null);
  useEffect(() => {
    if (onboarding?.kind === "welcome") setWelcome(onboarding);
    else if (onboarding?.kind === "tour") setWelcome(null);
  }, [onboarding]);

  // A skip or completion under way hides the tour at once; a move shows the step until the next one arrives.
  const pendingIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : undefined;
  const ending = pendingIntent === "skip" || pendingIntent === "complete" || (pendingIntent === "next" && onboarding?.kind === "tour" && onboarding.last);
  const tour = onboarding?.kind === "tour" && !ending ? onboarding : null;

  const onAuthPath = isAuthPath(location.pathname);
  const showWelcome = !onAuthPath && welcome !== null && pendingIntent !== "dismiss-welcome";
  const showTour = !onAuthPath && !showWelcome && tour !== null;
  const open = showWelcome || showTour;
  useReturnFocus(open);

  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          {showWelcome ? <WelcomeModal view={welcome} returnTo={returnTo} onAnswered={() => setWelcome(null)} submit={submit} /> : null}
          {showTour ? <TourDialog view={tour} returnTo={returnTo} submit={submit} Form={fetcher.Form} busy={fetcher.state !== "idle"} /> : null}
        </Suspense>
      ) : null}
      <div className={styles.frame} data-onboarding-frame="" {...inertProps(open)}>
        {children}
      </div>
    </>
  );
}

/**
 * Focus goes back where it was when a dialog closes. The focus trap cannot
 * know: the page turns inert in the same commit that opens the dialog, and
 * the browser moves focus off an inert element at once (to the body). So the
 * last element focused on the page itself is remembered as it happens.
 */
function useReturnFocus(open: boolean) {
  const lastFocused = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.closest("[data-onboarding-frame]")) lastFocused.current = target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);
  useEffect(() => {
    const target = lastFocused.current;
    // Runs after the dialog's own cleanup (a child's), so this is the last word.
    if (wasOpen.current && !open && target?.isConnected && !target.closest("[inert]")) target.focus();
    wasOpen.current = open;
  }, [open]);
}
