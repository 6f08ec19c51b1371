/**
 * The loader timings the dev tools show: the server reports each loader's
 * duration in Server-Timing (`loader;desc="<route id>";dur=<ms>`, see
 * app/auth/request-context.server.ts), and the browser has it in two places:
 * the navigation entry of the document load (PerformanceServerTiming) and the
 * header of every .data request Remix made since (recorded by log-store.ts).
 */
import type { NetworkEntry } from "~/enhance/debug/log-store";
import { parseServerTiming } from "~/platform/http/server-timing";

export interface LoaderTiming {
  routeId: string;
  durationMs: number;
}

export interface TimingGroup {
  key: string;
  /** "Document" for the page load, "Data" for a client-side navigation or revalidation, else "Request". */
  kind: "Document" | "Data" | "Request";
  url: string;
  status: number | null;
  loaders: LoaderTiming[];
}

/** What the navigation entry gives (a subset of PerformanceNavigationTiming). */
export interface NavigationTimingLike {
  name: string;
  responseStatus?: number;
  serverTiming?: readonly { name: string; description: string; duration: number }[];
}

function loadersOf(metrics: readonly { name: string; description?: string; durationMs?: number }[]): LoaderTiming[] {
  return metrics
    .filter((metric) => metric.name === "loader" && metric.description)
    .map((metric) => ({ routeId: metric.description!, durationMs: metric.durationMs ?? 0 }));
}

/** Newest first: the requests' groups (most recent at the top), then the document's. */
export function loaderTimingGroups(
  navigation: NavigationTimingLike | null,
  requests: readonly NetworkEntry[],
  displayUrl: (url: string) => string,
): TimingGroup[] {
  const groups: TimingGroup[] = [];
  for (const request of [...requests].reverse()) {
    const loaders = loadersOf(parseServerTiming(request.serverTiming));
    if (loaders.length === 0) continue;
    const path = request.url.split("?")[0] ?? "";
    groups.push({ key: `request-${request.id}`, kind: path.endsWith(".data") ? "Data" : "Request", url: request.url, status: request.status, loaders });
  }
  if (navigation) {
    const loaders = loadersOf((navigation.serverTiming ?? []).map((t) => ({ name: t.name, description: t.description, durationMs: t.duration })));
    if (loaders.length > 0) {
      groups.push({ key: "document", kind: "Document", url: displayUrl(navigation.name), status: navigation.responseStatus || null, loaders });
    }
  }
  return groups;
}

/** The document load's navigation entry, where the browser has one. */
export function currentNavigationEntry(): NavigationTimingLike | null {
  if (typeof performance === "undefined" || typeof performance.getEntriesByType !== "function") return null;
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry ?? null;
}
