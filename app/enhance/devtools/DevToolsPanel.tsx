/**
 * The developer tools (issue 15 §5): for admins whose browser has the
 * devTools flag on (app/enhance/Enhancements.tsx decides, and loads this
 * chunk only then). A toggle button opens a panel with tabs: Logs, Network,
 * Route, Loader timings, Player.
 *
 * Keyboard: the toggle says whether the panel is open (aria-expanded);
 * opening moves focus to the selected tab, the arrow keys, Home and End move
 * between tabs (the WAI-ARIA tabs pattern), Escape or Close closes the panel
 * and gives focus back to the toggle. The panel is not modal: the page
 * stays usable beside it, and the floating player stays on top of it.
 *
 * While mounted it records console errors, uncaught errors and fetch
 * requests (log-store.ts), and logs each route navigation (debug name
 * "navigation"). Open or closed and the tab are kept for this tab's session.
 */
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { createDebug } from "~/enhance/debug/debug";
import { displayUrl, logStore, networkStore, startCapture } from "~/enhance/debug/log-store";
import { Button } from "~/ui/Button";
import * as styles from "./devtools.css";
import { LogsTab, NetworkTab, PlayerTab, RouteTab, TimingsTab } from "./DevToolsTabs";

export const DEVTOOLS_TABS = [
  { key: "logs", label: "Logs", Content: LogsTab },
  { key: "network", label: "Network", Content: NetworkTab },
  { key: "route", label: "Route", Content: RouteTab },
  { key: "timings", label: "Loader timings", Content: TimingsTab },
  { key: "player", label: "Player", Content: PlayerTab },
] as const;

type TabKey = (typeof DEVTOOLS_TABS)[number]["key"];

const OPEN_KEY = "hf:devtools-open";
const TAB_KEY = "hf:devtools-tab";
const logNavigation = createDebug("navigation");

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function remembered<T extends string>(key: string, fallback: T, allowed: readonly string[]): T {
  try {
    const value = session()?.getItem(key);
    return value && allowed.includes(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

function remember(key: string, value: string) {
  try {
    session()?.setItem(key, value);
  } catch {
    // Not kept: the panel still works for this page.
  }
}

/** Logs each navigation (path and query, secrets redacted) under the debug name "navigation". */
function useNavigationLog() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const where = displayUrl(location.pathname + location.search, window.location.origin);
    logNavigation(first.current ? `page loaded at ${where}` : `navigated to ${where}`, { navigationType: first.current ? "load" : "client" });
    first.current = false;
  }, [location.key, location.pathname, location.search]);
}

/** Whose session the logs in this tab's memory were recorded under (see forgetOtherViewers). */
let recordedFor: string | null = null;

/**
 * The logs and requests live in the tab's memory, across client-side sign-outs: when another
 * person signs in on this tab, what was recorded under the one before is cleared first.
 */
function forgetOtherViewers(viewerId: string | null) {
  if (recordedFor !== null && recordedFor !== viewerId) {
    logStore.clear();
    networkStore.clear();
  }
  recordedFor = viewerId;
}

export default function DevToolsPanel() {
  const viewerId = (useRouteLoaderData("root") as { viewer?: { id: string } | null } | undefined)?.viewer?.id ?? null;
  forgetOtherViewers(viewerId);
  const id = useId();
  const [open, setOpen] = useState(() => remembered<"open" | "closed">(OPEN_KEY, "closed", ["open", "closed"]) === "open");
  const [selected, setSelected] = useState<TabKey>(() => remembered(TAB_KEY, "logs", DEVTOOLS_TABS.map((tab) => tab.key)));
  const toggleRef = useRef<HTMLButtonElement>(null);
  const tabRefs = useRef(new Map<TabKey, HTMLButtonElement>());
  const focusOnOpen = useRef(false);

  useEffect(() => startCapture(), []);
  useNavigationLog();

  useEffect(() => {
    remember(OPEN_KEY, open ? "open" : "closed");
    if (open && focusOnOpen.current) tabRefs.current.get(selected)?.focus();
    focusOnOpen.current = false;
    // Focus moves only when the person opened it (not when a reload reopens it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => remember(TAB_KEY, selected), [selected]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const select = (key: TabKey) => {
    setSelected(key);
    tabRefs.current.get(key)?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = DEVTOOLS_TABS.findIndex((tab) => tab.key === selected);
    const last = DEVTOOLS_TABS.length - 1;
    const target =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    select(DEVTOOLS_TABS[target]!.key);
  };

  const panelId = `${id}-panel`;
  const titleId = `${id}-title`;
  const current = DEVTOOLS_TABS.find((tab) => tab.key === selected) ?? DEVTOOLS_TABS[0];
  return (
    <>
      <Button
        ref={toggleRef}
        variant="secondary"
        size="sm"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (open) return close();
          focusOnOpen.current = true;
          setOpen(true);
        }}
      >
        Dev tools
      </Button>
      {open ? (
        <section
          id={panelId}
          className={styles.panel}
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
        >
          <div className={styles.panelHeader}>
            <h2 id={titleId} className={styles.panelTitle}>
              Developer tools
            </h2>
            <Button size="sm" variant="ghost" onClick={close}>
              Close
            </Button>
          </div>
          <div role="tablist" aria-label="Developer tools" className={styles.tabList}>
            {DEVTOOLS_TABS.map((tab) => (
              <button
                key={tab.key}
                ref={(element) => {
                  if (element) tabRefs.current.set(tab.key, element);
                  else tabRefs.current.delete(tab.key);
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.key}`}
                aria-selected={tab.key === selected}
                aria-controls={`${id}-tabpanel`}
                tabIndex={tab.key === selected ? 0 : -1}
                className={styles.tab}
                onClick={() => setSelected(tab.key)}
                onKeyDown={onTabKey}
              >
                {tab.label}
              </button>
            ))}
          </div>
          {/* Focusable: it scrolls, and keyboard users must be able to scroll it. */}
          <div role="tabpanel" id={`${id}-tabpanel`} aria-labelledby={`${id}-tab-${current.key}`} tabIndex={0} className={styles.tabPanel}>
            <current.Content />
          </div>
        </section>
      ) : null}
    </>
  );
}
