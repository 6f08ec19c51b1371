/**
 * End-to-end tests against the built production server on a fresh embedded
 * database, run twice: with JavaScript and without.
 */
import { defineConfig, devices } from "@playwright/test";
import os from "node:os";
import path from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3123);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `hf-e2e-${PORT}`);
export const E2E_DEMO_PASSWORD = "e2e-demo-password";

const chromiumPath = process.env.CHROMIUM_PATH ?? (process.env.PLAYWRIGHT_BROWSERS ? undefined : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
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
    command: `rm -rf ${E2E_DATA_DIR} && node --import tsx server.ts`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      LOG_REQUESTS: "false",
      ENABLE_TEST_ROUTES: "true",
      DATABASE_URL: "",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    },
  },
});
