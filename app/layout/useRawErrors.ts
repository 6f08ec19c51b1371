/**
 * The errorBoundaries feature flag (SPEC §3; ADR 0094): turned off in an
 * admin's browser, the error screens show that admin the error as thrown
 * instead of the friendly fallback (RawError.tsx, loaded only then). Everyone
 * else, and every server and hydration render, gets the fallback: the flag
 * lives in the browser, and the viewer comes from the root loader's data.
 *
 * Part of every page's first-load JavaScript: it reads the one flag through
 * stored-flag.ts, not the whole flags module.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { readStoredFlag, subscribeStoredFlags } from "~/enhance/flags/stored-flag";
import { useMounted } from "~/ui/useMounted";

/** What the root loader returns that this reads (structural: root.tsx imports the fallbacks). */
type RootViewerData = { viewer?: { isAdmin?: boolean } | null } | undefined;

/** errorBoundaries' default (SPEC §3) is on; the server never knows a browser's value. */
const errorBoundariesOn = () => readStoredFlag("errorBoundaries", true);
const serverValue = () => true;

/** True once hydrated, for an admin whose browser has errorBoundaries off; live as the flag changes. */
export function useRawErrors(): boolean {
  const mounted = useMounted();
  const boundaries = useSyncExternalStore(subscribeStoredFlags, errorBoundariesOn, serverValue);
  const root = useRouteLoaderData("root") as RootViewerData;
  return mounted && !boundaries && Boolean(root?.viewer?.isAdmin);
}
