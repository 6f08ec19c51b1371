/**
 * End-to-end tests against the built production server on a fresh embedded
 * database, run twice: with JavaScript and without. Tests that need someone
 * signed in take a session made before the server started (`signedInAs` in
 * tests/e2e/fixtures.ts); only the sign-in tests use the form.
 */
import { defineConfig, devices } from "@playwright/test";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3123);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const E2E_DATA_DIR = path.join(os.tmpdir(), `hf-e2e-${PORT}`);
export const E2E_DEMO_PASSWORD = "e2e-demo-password";

const chromiumPath = process.env.CHROMIUM_PATH ?? (process.env.PLAYWRIGHT_BROWSERS ? undefined : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // At least two: a worker spends most of its time waiting for the browser and the server, so even
  // a 2-core machine (Playwright's default there: one) keeps both cores busy with two.
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(os.cpus().length / 2)),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // No suite-wide reduced motion: the app's motion runs as members see it; audits wait for the
    // page to be still instead (fixtures.ts, atRest), and the no-JS audit page reduces motion itself.
    trace: "retain-on-failure",
    // No offline service worker (docs/decisions/0095) in the suite: with one, page.route no longer
    // sees the requests it answers, and its caches would carry one test's pages into the next.
    // tests/e2e/enhance-offline.spec.ts allows it for itself.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], javaScriptEnabled: false } },
  ],
  webServer: {
    // A fresh DATA_DIR, migrated and seeded with a pool of signed-in sessions for the fixtures
    // (tests/e2e/support/prepare-sessions.ts, which closes the database before the server owns it);
    // then the compiled server of the build under test, as `npm run serve` runs it (exec: signals reach node).
    command: `rm -rf ${E2E_DATA_DIR} && node --import tsx tests/e2e/support/prepare-sessions.ts && exec node ${BUILD_DIR}/server.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    // Seeding and the server's start; generous for a busy machine, where both wait for a core.
    timeout: 180_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      LOG_REQUESTS: "false",
      ENABLE_TEST_ROUTES: "true",
      // A spec may stand for a visitor from another network with X-Forwarded-For (admin-overview.spec.ts).
      TRUST_PROXY_HOPS: "1",
      DATABASE_URL: "",
      BUILD_DIR,
    },
  },
});
