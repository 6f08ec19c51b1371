/**
 * Bundles the offline service worker (app/enhance/offline/service-worker.ts)
 * into the client build as /sw.js, with the build's facts written in: the
 * Remix manifest's version (its caches are named after it), the manifest's
 * own URL (route discovery offline) and the shell, the files a page needs to
 * start: the entry, and for the root, the offline page, the not-found page,
 * the catalogue and a song page, each route module with its static imports
 * and its styles.
 * docs/decisions/0095-offline-service-worker.md.
 */
import * as esbuild from "esbuild";
import path from "node:path";
import { measureFirstLoad, readClientManifest, type ClientManifest } from "./js-budget";

/** Where the worker lands: the client build's root, so its scope is the whole site. */
export const SERVICE_WORKER_FILE = "sw.js";

/**
 * The routes whose pages the worker keeps, the root they hang from, and the
 * not-found route: offline, a link to a page whose code is not kept matches
 * it, and its data request is answered with the offline page.
 */
export const SHELL_ROUTES = [
  "root",
  "routes/home/offline",
  "routes/home/not-found",
  "routes/catalogue/music-catalog",
  "routes/catalogue/song",
] as const;

type ManifestWithStyles = ClientManifest & {
  version: string;
  url: string;
  entry: ClientManifest["entry"] & { css?: string[] };
  routes: Record<string, ClientManifest["routes"][string] & { css?: string[] }>;
};

export interface ServiceWorkerBuild {
  version: string;
  manifestUrl: string;
  shell: string[];
}

/** The facts the worker is built with, read from a finished client build. */
export function serviceWorkerBuildFacts(clientDir: string): ServiceWorkerBuild {
  const manifest = readClientManifest(clientDir) as ManifestWithStyles;
  const firstLoads = new Map(measureFirstLoad(clientDir, manifest).map((route) => [route.id, route]));
  const shell = new Set<string>([manifest.url, ...(manifest.entry.css ?? [])]);
  for (const id of SHELL_ROUTES) {
    const route = firstLoads.get(id);
    if (!route) throw new Error(`Service worker: the route ${id} is not in the build`);
    for (const file of route.files) shell.add(`/${file.split(path.sep).join("/")}`);
    for (const css of manifest.routes[id]?.css ?? []) shell.add(css);
  }
  return { version: manifest.version, manifestUrl: manifest.url, shell: [...shell].sort() };
}

export async function buildServiceWorker(projectRoot: string, buildDir: string): Promise<ServiceWorkerBuild> {
  const clientDir = path.join(buildDir, "client");
  const facts = serviceWorkerBuildFacts(clientDir);
  await esbuild.build({
    entryPoints: [path.join(projectRoot, "app/enhance/offline/service-worker.ts")],
    outfile: path.join(clientDir, SERVICE_WORKER_FILE),
    bundle: true,
    // A classic worker script: module workers are not in every browser this site serves.
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    define: { __SW_BUILD__: JSON.stringify(facts) },
    // Resolves the "~/" alias the same way TypeScript and Vite do.
    tsconfig: path.join(projectRoot, "tsconfig.json"),
    logLevel: "warning",
  });
  return facts;
}
