/**
 * Loads the welcome and tour dialogs' code (OnboardingDialogs.tsx), a chunk of
 * its own so that only viewers with onboarding under way download it
 * (docs/decisions/0038-javascript-budget.md). Once loaded, the lazy components
 * in OnboardingFrame.tsx render synchronously, which is what server rendering
 * and hydration need:
 * - on the server the root loader awaits this before rendering a dialog, so
 *   the HTML always holds it (the tour works without JavaScript);
 * - in the browser entry.client.tsx starts loading it on a page whose HTML
 *   holds a dialog, without holding hydration back: the dialogs sit in a
 *   Suspense boundary, so React keeps the server's markup until the chunk
 *   arrives and hydrates it then (awaiting it first sometimes left the page
 *   unhydrated: ADR 0038).
 * On a client-side navigation that opens a dialog it loads on demand.
 */
export type OnboardingDialogsModule = typeof import("./OnboardingDialogs");

let loaded: OnboardingDialogsModule | undefined;
let loading: Promise<OnboardingDialogsModule> | undefined;

export function loadOnboardingDialogs(): Promise<OnboardingDialogsModule> {
  loading ??= import("./OnboardingDialogs").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // a failed fetch may be retried on the next render
      throw error;
    },
  );
  return loading;
}

/** The module if already loaded (so React.lazy can resolve without suspending). */
export function loadedOnboardingDialogs(): OnboardingDialogsModule | undefined {
  return loaded;
}

/** The attribute on the server-rendered dialog's overlay (OnboardingDialogs.tsx). */
export const ONBOARDING_DIALOG_SELECTOR = "[data-onboarding]";
