/**
 * Test-only: a loader that resolves the viewer (so the request knows its
 * role) and then throws an error whose message carries an e-mail, an IP
 * address and a token: what tests/integration/monitoring-sentry.test.ts sends
 * through the real server to a stand-in Sentry, to see it arrive scrubbed and
 * tagged with the role (docs/decisions/0096).
 */
import { requireTestRoutes } from "~/platform/test-routes.server";
import { defineRoute } from "~/routing/route.server";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";

/** What the message carries; none of it may reach Sentry as it is. */
export const MONITORED_ERROR_SECRETS = {
  email: "leaky.person@example.com",
  ip: "198.51.100.77",
  token: "tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0",
} as const;

// Test-only (ENABLE_TEST_ROUTES, else 404); public-viewer: the role is that of whoever asks.
const route = defineRoute({
  access: "public-viewer",
  load() {
    requireTestRoutes();
    const { email, ip, token } = MONITORED_ERROR_SECRETS;
    throw new Error(`Monitored failure for ${email} from ${ip} with ${token}`);
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

export default function MonitoredErrorProbe() {
  return <h1>Never rendered</h1>;
}

export const ErrorBoundary = RouteErrorBoundary;
