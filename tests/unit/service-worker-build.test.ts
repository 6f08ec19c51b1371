/**
 * The offline service worker's build step (scripts/build/service-worker.ts) on
 * a small fake client build: the shell is the entry and the kept pages' routes
 * (root, offline, not-found, catalogue, song) with their static imports and
 * styles, plus the manifest itself; nothing of other pages, nothing loaded
 * lazily; the worker is written to the client root with those facts in it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SERVICE_WORKER_FILE, buildServiceWorker, serviceWorkerBuildFacts } from "../../scripts/build/service-worker";

let build: string;
let client: string;

const FILES: Record<string, string> = {
  "entry.client-1.js": `import"./runtime-1.js";`,
  "runtime-1.js": `export const r=1;`,
  "root-1.js": `import"./runtime-1.js";import"./button-1.js";`,
  "button-1.js": `import"./icons-1.js";export const b=1;`,
  "icons-1.js": `export const i=1;`,
  "offline-1.js": `import"./button-1.js";`,
  "not-found-1.js": `export default 1;`,
  "catalog-1.js": `import"./row-1.js";export default function(){import("./lazy-1.js")}`,
  "row-1.js": `export const row=1;`,
  "lazy-1.js": `export const l=1;`,
  "song-1.js": `import"./row-1.js";`,
  "dashboard-1.js": `import"./chart-1.js";`,
  "chart-1.js": `export const c=1;`,
};

const MANIFEST = {
  entry: { module: "/assets/entry.client-1.js", imports: ["/assets/runtime-1.js"], css: [] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root-1.js", imports: ["/assets/button-1.js"], css: ["/assets/root-1.css"] },
    "routes/home/offline": { id: "routes/home/offline", parentId: "root", path: "offline", module: "/assets/offline-1.js", imports: [], css: ["/assets/offline-1.css"] },
    "routes/home/not-found": { id: "routes/home/not-found", parentId: "root", path: "*", module: "/assets/not-found-1.js", imports: [] },
    "routes/catalogue/music-catalog": { id: "routes/catalogue/music-catalog", parentId: "root", path: "music-catalog", module: "/assets/catalog-1.js", imports: ["/assets/row-1.js"], css: ["/assets/catalog-1.css"] },
    "routes/catalogue/song": { id: "routes/catalogue/song", parentId: "root", path: "song/:songId", module: "/assets/song-1.js", imports: ["/assets/row-1.js"] },
    "routes/members/dashboard": { id: "routes/members/dashboard", parentId: "root", path: "dashboard", module: "/assets/dashboard-1.js", imports: ["/assets/chart-1.js"], css: ["/assets/dashboard-1.css"] },
  },
  url: "/assets/manifest-abc123.js",
  version: "abc123",
};

function writeBuild(manifest: object = MANIFEST) {
  fs.mkdirSync(path.join(client, "assets"), { recursive: true });
  for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(client, "assets", name), text);
  fs.writeFileSync(path.join(client, "assets", "manifest-abc123.js"), `window.__remixManifest=${JSON.stringify(manifest)};`);
}

beforeEach(() => {
  build = fs.mkdtempSync(path.join(os.tmpdir(), "hf-sw-build-"));
  client = path.join(build, "client");
});
afterEach(() => {
  fs.rmSync(build, { recursive: true, force: true });
});

describe("the service worker's shell", () => {
  it("is the entry and the kept pages' routes with their static imports and styles, and the manifest", () => {
    writeBuild();
    const facts = serviceWorkerBuildFacts(client);
    expect(facts.version).toBe("abc123");
    expect(facts.manifestUrl).toBe("/assets/manifest-abc123.js");
    expect(facts.shell).toEqual(
      [
        "/assets/manifest-abc123.js",
        "/assets/entry.client-1.js",
        "/assets/runtime-1.js",
        "/assets/root-1.js",
        "/assets/button-1.js",
        "/assets/icons-1.js",
        "/assets/root-1.css",
        "/assets/offline-1.js",
        "/assets/offline-1.css",
        "/assets/not-found-1.js",
        "/assets/catalog-1.js",
        "/assets/row-1.js",
        "/assets/catalog-1.css",
        "/assets/song-1.js",
      ].sort(),
    );
  });

  it("refuses a build without one of the kept pages' routes", () => {
    const { "routes/catalogue/song": _song, ...routes } = MANIFEST.routes;
    writeBuild({ ...MANIFEST, routes });
    expect(() => serviceWorkerBuildFacts(client)).toThrow(/routes\/catalogue\/song/);
  });

  it("writes /sw.js at the client root, a classic script with the build's facts in it", async () => {
    writeBuild();
    const facts = await buildServiceWorker(process.cwd(), build);
    const worker = fs.readFileSync(path.join(client, SERVICE_WORKER_FILE), "utf8");
    expect(worker).not.toMatch(/^\s*(import|export)\b/m);
    expect(worker).toContain(JSON.stringify(facts.version));
    expect(worker).toContain("/assets/manifest-abc123.js");
    expect(worker).not.toContain("__SW_BUILD__");
  }, 60_000);
});
