/**
 * What each feature flag does in this product, as the flags page says it
 * (issue 15: every flag does something real, and one that has nothing to do
 * here says so and why). One place, so the page and the ADR cannot drift
 * from each other, and a new flag fails to compile until it is described.
 */
import type { FeatureFlagKey } from "./feature-flags";

export interface FlagDescription {
  /** A readable name beside the key. */
  label: string;
  /** What turning it on does here; for a flag with no behaviour, why it has none. */
  effect: string;
  /** The flag changes nothing in this product. */
  inert?: true;
}

export const FLAG_CATALOGUE: Record<FeatureFlagKey, FlagDescription> = {
  mockMode: {
    label: "Mock mode",
    effect: "No behaviour in this product: the server always serves real data from its database, so there is no mock data to switch to.",
    inert: true,
  },
  devTools: {
    label: "Developer tools",
    effect:
      "Shows the developer tools panel to admins in this browser: its logs, network requests, the current route, loader timings and the player's state.",
  },
  debugMode: {
    label: "Debug mode",
    effect: "Turns debug logging on for every part of the app: debug lines print to this browser's console, as with debug=1 in the address.",
  },
  experimentalFeatures: {
    label: "Experimental features",
    effect: "No behaviour in this product: there are no experimental features at present.",
    inert: true,
  },
  performanceMonitoring: {
    label: "Performance monitoring",
    effect:
      "Shows this browser's web vitals (LCP, INP, CLS, TTFB) as they are measured, in the developer tools' log and the console.",
  },
  errorBoundaries: {
    label: "Error boundaries",
    effect:
      "On: errors show the friendly fallback screens. Off: an admin sees the raw error (message and stack) instead, in this browser; everyone else still sees the fallback.",
  },
  localDatabase: {
    label: "Local database",
    effect:
      "No behaviour in this product: the database is the server's choice (embedded PGlite, or PostgreSQL when DATABASE_URL is set), never the browser's.",
    inert: true,
  },
};

/** The file Export downloads. */
export const FLAGS_EXPORT_FILE_NAME = "hit-factory-feature-flags.json";
