/**
 * THE ENHANCEMENT LAYER (issue 15): what the browser adds on top of pages that
 * already work without it. Root renders this after hydration, as a chunk of its
 * own (no part of any page's first-load JavaScript), and each piece below loads
 * only where it applies:
 *
 *  - device/   the performance level (SPEC §4) as data attributes on <html>
 *              that the styles read (motion reduction, blur); the loop guard
 *              runs earlier, in entry.client.tsx, before hydration.
 *  - cursor/   the branded cursor (SPEC §2): large screens with a fine pointer,
 *              not on the excluded paths, not at the low level or under
 *              reduced motion.
 *  - flags/    the feature flags of this browser (SPEC §3), and what each does.
 *  - devtools/ the developer panel (devTools flag, admins): logs, requests,
 *              route, loader timings, player state.
 *  - offline/  the service worker's registration (SPEC §1's iOS rule).
 *  - vitals/   page views and web vitals, reported to our own endpoint.
 *  - player shortcuts (app/player/shortcuts/): keys for the floating player.
 *
 * A piece that fails to load leaves the page as it was: every import here is
 * caught, and nothing a page needs waits for any of them.
 */
import { useLocation, useMatches } from "@remix-run/react";
import { Suspense, lazy, useEffect } from "react";
import type { Viewer } from "~/auth/viewer";
import { cursorApplies } from "./cursor/cursor-rules";
import { useDeviceProfile } from "./device/useDeviceProfile";
import { useFeatureFlags } from "./flags/useFeatureFlags";

const Cursor = lazy(() => import("./cursor/Cursor"));
const DevToolsPanel = lazy(() => import("./devtools/DevToolsPanel"));
const PlayerShortcuts = lazy(() => import("~/player/shortcuts/PlayerShortcuts"));

export default function Enhancements({ viewer }: { viewer: Viewer | null }) {
  const location = useLocation();
  const matches = useMatches();
  // The route's id (a pattern such as "routes/catalogue/song"), never the URL: no ids, no queries.
  const routeId = matches.at(-1)?.id ?? "unknown";
  const device = useDeviceProfile();
  const flags = useFeatureFlags();

  useEffect(() => {
    void import("./offline/register.client").then((module) => module.registerServiceWorker()).catch(() => undefined);
  }, []);

  useEffect(() => {
    void import("./vitals/report.client").then((module) => module.trackPageView(routeId)).catch(() => undefined);
    // location.key: every navigation is a page view, also to the same route.
  }, [routeId, location.key]);

  return (
    <Suspense fallback={null}>
      {cursorApplies({ pathname: location.pathname, device }) ? <Cursor /> : null}
      {flags.devTools && viewer?.isAdmin ? <DevToolsPanel /> : null}
      <PlayerShortcuts />
    </Suspense>
  );
}
