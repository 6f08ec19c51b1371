/**
 * The HTTP server: production (built assets) and development (Vite middleware).
 *
 * Order of a request: security headers with a fresh CSP nonce -> body size
 * limit and request input check (413/400/415) -> compression -> /healthz ->
 * static assets -> request log -> Remix. The database is opened and
 * migrated before the port is bound; SIGTERM/SIGINT drain and close it.
 */
import "./app/platform/load-dotenv.server";
import compression from "compression";
import express, { type Request, type Response, type NextFunction } from "express";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { EnvError, getEnv } from "./app/platform/env.server";
import { boot } from "./app/startup/boot.server";
import { DataDirLockedError } from "./app/platform/db/data-dir-lock.server";
import { pingDatabase } from "./app/platform/db/connect.server";
import { createNonce, securityHeadersFor } from "./app/platform/csp.server";
import { rejectCrossOriginRequests } from "./app/auth/origin-check.server";
import { authRequestScope } from "./app/auth/request-context.server";
import { anonymousPageCache } from "./app/platform/page-cache.server";
import { catalogRevision } from "./app/catalog/search-cache.server";
import { partyHub } from "./app/party/hub.server";
import { ignoreErrorsOfRefusedRequests, limitRequestBodies } from "./app/platform/http/body-limit.server";
import { refuseBadRequestInput } from "./app/platform/http/input-hygiene.server";
import { requestLogger } from "./app/platform/http/request-log.server";
import { acceptBackupRequests } from "./app/platform/backup/requests.server";
import { localStorageRoot } from "./app/platform/storage/index.server";
import { flushServerMonitoring, monitoringRequestScope, startServerMonitoring } from "./app/enhance/monitoring/sentry.server";

const SHUTDOWN_GRACE_MS = 8_000;
/** The theme preference cookie (app/theme/theme.server.ts): the one cookie a cached public page may vary on. */
const THEME_COOKIE = "hf_theme";
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

async function main() {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const isProduction = env.NODE_ENV === "production";

  let runtime;
  try {
    runtime = await boot();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // SPEC §7 sampling, the role tagged per request, SPEC §8 scrubbing (docs/decisions/0096).
  if (env.SENTRY_DSN) await startServerMonitoring({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV });

  const viteDevServer = isProduction
    ? undefined
    : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

  const app = express();
  app.disable("x-powered-by");
  // Only proxies we were told about may set the client address.
  app.set("trust proxy", env.TRUST_PROXY_HOPS);

  const connectOrigins = [env.SUPABASE_URL, env.SENTRY_DSN && new URL(env.SENTRY_DSN).origin].filter(Boolean) as string[];
  const mediaOrigins = env.SUPABASE_URL ? [env.SUPABASE_URL] : [];
  // Everything in the headers but the nonce is fixed for the life of the process.
  const headersWithNonce = securityHeadersFor({ isProduction, connectOrigins, mediaOrigins });
  app.use((_req: Request, res: Response, next: NextFunction) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    for (const [name, value] of headersWithNonce(nonce)) res.setHeader(name, value);
    next();
  });
  // Before anything reads a body or the URL (docs/decisions/0035): oversized bodies get 413,
  // NUL bytes and broken percent-encoding 400, bodies that are not forms 415.
  app.use(limitRequestBodies());
  app.use(refuseBadRequestInput());
  // Server-sent events (listening parties, ADR 0092) are not compressed: their route says
  // Cache-Control no-transform, which the session layer keeps and compression honours, so
  // each event leaves at once instead of waiting in the compressor's buffer.
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    const ok = !shuttingDown && (await pingDatabase(runtime.database.db));
    res.status(ok ? 200 : 503).set("Cache-Control", "no-store").json({ status: ok ? "ok" : "unavailable" });
  });

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Fingerprinted build output never changes under its name: cache for a year.
    app.use("/assets", express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
    // Vite copies public/ into the client build, so this serves both (and the
    // dev server serves public/ itself). The build does not change while the
    // server runs: list its files once, so a page request does not cost a
    // failed fs.stat on every hit.
    const clientDir = path.join(BUILD_DIR, "client");
    const publicFiles = listPublicFiles(clientDir);
    // The service worker (docs/decisions/0095) is revalidated on every check, so an update rolls out at once.
    const servePublic = express.static(clientDir, {
      maxAge: "1h",
      index: false,
      setHeaders: (res, file) => {
        if (path.basename(file) === "sw.js" && path.dirname(file) === clientDir) res.setHeader("Cache-Control", "no-cache");
      },
    });
    app.use((req, res, next) => (publicFiles.has(decodedPath(req.path)) ? servePublic(req, res, next) : next()));
  }

  if (env.LOG_REQUESTS) {
    // Share tokens, offer tokens and codes in URLs and Referers are redacted (docs/decisions/0077).
    app.use(requestLogger({ production: isProduction }));
  }

  // Auth (issue 3): refuse cross-site writes with 403, then open the per-request
  // auth scope whose session cookies are appended to every response.
  app.use(rejectCrossOriginRequests());
  // Monitoring (when configured): each request's events in a scope of their own, tagged with its role.
  app.use(monitoringRequestScope());
  app.use(authRequestScope());

  if (isProduction) {
    // The public catalogue as anonymous visitors see it: a function of the URL,
    // the theme and the catalogue's revision (docs/decisions/0042).
    app.get(
      "/music-catalog",
      anonymousPageCache({
        version: () => catalogRevision(runtime.database.db),
        sharedCookies: [THEME_COOKIE],
        maxAgeMs: 60_000,
        maxEntries: 200,
      }),
    );
  }

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(path.join(BUILD_DIR, "server/index.js"))) as ServerBuild);

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: isProduction ? "production" : "development",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );
  app.use(ignoreErrorsOfRefusedRequests());

  const server = http.createServer(app);
  let shuttingDown = false;

  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  // Time since the process started (module loading, database open and migrations included).
  const readyMs = Math.round(performance.now());
  // `npm run db:backup` asks this process for a backup with SIGUSR2 (embedded only; docs/decisions/0098).
  const stopBackupRequests =
    runtime.database.kind === "pglite"
      ? acceptBackupRequests({
          database: runtime.database,
          dataDir: env.dataDir,
          storageRoot: env.backend === "local" ? localStorageRoot(env.dataDir) : null,
          sessionSecret: runtime.sessionSecret,
        })
      : () => undefined;
  console.log(`The Hit Factory is running at http://localhost:${port} (${runtime.database.kind}, ${env.backend} auth), ready in ${readyMs} ms`);

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    stopBackupRequests();
    console.log(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    // Listening parties' event streams never finish by themselves: end them now (browsers
    // reconnect to another instance) instead of holding the shutdown for the whole grace.
    void partyHub(runtime.database).close();
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      await viteDevServer?.close();
      await flushServerMonitoring();
      await runtime.database.close();
      console.log("Stopped cleanly.");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** URL paths ("/favicon.svg") of the files under `dir`, outside the fingerprinted assets/. */
function listPublicFiles(dir: string): Set<string> {
  const files = new Set<string>();
  const walk = (folder: string, prefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (urlPath !== "/assets") walk(path.join(folder, entry.name), urlPath);
      } else if (entry.isFile()) {
        files.add(urlPath);
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir, "");
  return files;
}

function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
