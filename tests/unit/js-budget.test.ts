/**
 * The JavaScript budget's measure (scripts/build/js-budget.ts) on a small fake
 * client build: shared chunks count once, static imports are followed through
 * the files (dynamic ones are not), parent routes count, resource routes are
 * left out, and a page over the budget fails the build step.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BUDGET_ENV,
  FIRST_LOAD_JS_BUDGET_KB,
  JsBudgetError,
  budgetKb,
  enforceJsBudget,
  formatTable,
  measureFirstLoad,
  overBudget,
  readClientManifest,
  type ClientManifest,
} from "../../scripts/build/js-budget";

let build: string;
let client: string;

/** Module sources of the fake build; each gets some filler so sizes differ. */
const FILES: Record<string, string> = {
  "entry.client-1.js": `import{r}from"./runtime-1.js";import"./preload-1.js";r();`,
  "preload-1.js": `export const p=1;`,
  "runtime-1.js": `export function r(){return "${"runtime ".repeat(200)}"}`,
  "root-1.js": `import{r}from"./runtime-1.js";import{b}from"./button-1.js";export default function(){return r()+b}`,
  "button-1.js": `import{i}from"./icons-1.js";export const b="${"button ".repeat(50)}"+i;`,
  // Not in the manifest: reached only through button-1.js.
  "icons-1.js": `export const i="${"icon ".repeat(80)}";`,
  "layout-1.js": `import{r}from"./runtime-1.js";export default function(){return r()}`,
  "page-1.js":
    `import{b}from"./button-1.js";import{c}from"./chart-1.js";` +
    `export default function(){import("./lazy-1.js");return b+c}`,
  "chart-1.js": `export const c="${"chart ".repeat(300)}";`,
  // Loaded on demand only: never counted.
  "lazy-1.js": `export const l="${"lazy ".repeat(500)}";`,
  "api-1.js": ``,
};

const MANIFEST: ClientManifest = {
  entry: { module: "/assets/entry.client-1.js", imports: ["/assets/runtime-1.js", "/assets/preload-1.js"] },
  routes: {
    root: { id: "root", path: "", module: "/assets/root-1.js", imports: ["/assets/runtime-1.js", "/assets/button-1.js"] },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/root-1.js", imports: [] },
    "routes/area/layout": {
      id: "routes/area/layout",
      parentId: "root",
      path: "area",
      module: "/assets/layout-1.js",
      imports: ["/assets/runtime-1.js"],
    },
    "routes/area/page": {
      id: "routes/area/page",
      parentId: "routes/area/layout",
      path: ":itemId",
      module: "/assets/page-1.js",
      // Shared with the entry and root: still counted once.
      imports: ["/assets/button-1.js", "/assets/chart-1.js", "/assets/runtime-1.js"],
    },
    "routes/api": { id: "routes/api", parentId: "root", path: "api/items", module: "/assets/api-1.js", imports: [] },
  },
};

const gz = (...names: string[]) => names.reduce((sum, name) => sum + gzipSync(FILES[name]).length, 0);
const EVERY_PAGE = ["entry.client-1.js", "preload-1.js", "runtime-1.js", "root-1.js", "button-1.js", "icons-1.js"];

function writeBuild(manifest: ClientManifest = MANIFEST, files = FILES) {
  fs.mkdirSync(path.join(client, "assets"), { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(client, "assets", name), text);
  fs.writeFileSync(path.join(client, "assets", "manifest-abc123.js"), `window.__remixManifest=${JSON.stringify(manifest)};`);
}

beforeEach(() => {
  build = fs.mkdtempSync(path.join(os.tmpdir(), "hf-js-budget-"));
  client = path.join(build, "client");
  writeBuild();
});
afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(build, { recursive: true, force: true });
});

const measure = () => measureFirstLoad(client, readClientManifest(client));
const byId = (id: string) => measure().find((r) => r.id === id)!;

describe("first-load JavaScript", () => {
  it("counts the entry, root and everything they import statically, each file once", () => {
    const root = byId("root");
    expect(root.files).toEqual(EVERY_PAGE.map((f) => `assets/${f}`).sort());
    expect(root.gzipBytes).toBe(gz(...EVERY_PAGE));
  });

  it("follows imports the manifest does not list, through the files", () => {
    // icons-1.js is named by no manifest entry: button-1.js imports it.
    expect(byId("routes/home").files).toContain("assets/icons-1.js");
  });

  it("adds parent routes and the route's own imports, shared chunks counted once, dynamic imports not at all", () => {
    const page = byId("routes/area/page");
    expect(page.path).toBe("/area/:itemId");
    expect(page.files).toContain("assets/layout-1.js");
    expect(page.files).not.toContain("assets/lazy-1.js");
    expect(new Set(page.files).size).toBe(page.files.length);
    expect(page.gzipBytes).toBe(gz(...EVERY_PAGE, "layout-1.js", "page-1.js", "chart-1.js"));
    // A route module that is also root's module is not counted twice either.
    expect(byId("routes/home").gzipBytes).toBe(gz(...EVERY_PAGE));
  });

  it("lists pages heaviest first and marks resource routes, which load no JavaScript", () => {
    const results = measure();
    expect(results[0].id).toBe("routes/area/page");
    expect(results.find((r) => r.id === "routes/api")!.resource).toBe(true);
    expect(results.filter((r) => r.resource).map((r) => r.id)).toEqual(["routes/api"]);
    const table = formatTable(results, 100);
    expect(table).toContain("routes/area/page");
    expect(table).not.toContain("routes/api ");
    expect(table).toContain("(1 resource route, which load no JavaScript, not listed)");
  });

  it("reads the build's own manifest when the previous build's was carried in", () => {
    fs.writeFileSync(path.join(client, "assets", "manifest-old999.js"), `window.__remixManifest={"entry":{},"routes":{}};`);
    expect(() => readClientManifest(client)).toThrow(JsBudgetError);
    fs.writeFileSync(path.join(build, "client-assets.json"), JSON.stringify(["manifest-abc123.js", "root-1.js"]));
    expect(Object.keys(readClientManifest(client).routes)).toContain("routes/area/page");
  });

  it("fails on a file the manifest names but the build lacks", () => {
    fs.rmSync(path.join(client, "assets", "chart-1.js"));
    expect(measure).toThrow(/chart-1\.js.*missing/);
  });
});

describe("the budget", () => {
  it("passes a build within it and prints every page's figure", () => {
    const lines: string[] = [];
    const results = enforceJsBudget(build, (line) => lines.push(line));
    expect(results).toHaveLength(5);
    expect(lines.join("\n")).toMatch(new RegExp(`budget ${FIRST_LOAD_JS_BUDGET_KB} KB`));
    expect(lines.join("\n")).toMatch(/routes\/area\/page\s+\/area\/:itemId\s+\d+\.\d/);
  });

  it("fails the build when a page is over it, naming the page and its figure", () => {
    const page = byId("routes/area/page");
    const budget = Number((page.gzipBytes / 1000 - 0.05).toFixed(2)); // just under the page, in KB
    expect(overBudget(measure(), budget).map((r) => r.id)).toContain("routes/area/page");
    vi.stubEnv(BUDGET_ENV, String(budget));
    const lines: string[] = [];
    expect(() => enforceJsBudget(build, (line) => lines.push(line))).toThrow(
      new RegExp(`over the ${budget} KB budget.*/area/:itemId \\(routes/area/page\\) ${(page.gzipBytes / 1000).toFixed(1)} KB`),
    );
    expect(lines.join("\n")).toMatch(/routes\/area\/page.*OVER/);
  });

  it("counts resource routes against nothing", () => {
    expect(overBudget(measure(), 0.001).map((r) => r.id)).not.toContain("routes/api");
  });

  it("can be lowered for one run, never raised", () => {
    expect(budgetKb({})).toBe(FIRST_LOAD_JS_BUDGET_KB);
    expect(budgetKb({ [BUDGET_ENV]: "100" })).toBe(100);
    expect(() => budgetKb({ [BUDGET_ENV]: String(FIRST_LOAD_JS_BUDGET_KB + 1) })).toThrow(/only lower/);
    expect(() => budgetKb({ [BUDGET_ENV]: "lots" })).toThrow(JsBudgetError);
  });
});
