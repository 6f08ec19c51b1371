/**
 * Every route of the app as its module declares it, read without building
 * the app: the URL patterns from the product's map (app/route-map.ts) and,
 * from each module's source, the access level and whether it has forms.
 *
 * Reading the source keeps this usable anywhere (vitest at collection time,
 * Playwright), and tests/integration/route-contract.test.ts checks it against
 * the declarations the built modules really carry, so the two cannot drift.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ACCESS_LEVELS, type Access } from "~/routing/access";
import { routeMap, type DefineRoute } from "~/route-map";

export interface DeclaredRoute {
  /** Remix's route id (the file without extension, or the alias id). */
  id: string;
  /** The full URL pattern, e.g. "/song/:songId", "/" for the index, "/*" for the catch-all. */
  pattern: string;
  /** The module, relative to app/. */
  file: string;
  access: Access;
  hasForms: boolean;
}

// import.meta.url, not __dirname: Playwright loads this file as an ES module (narrow-screens.spec.ts reads the table).
const APP_DIR = fileURLToPath(new URL("../../app", import.meta.url));

/** The routes of app/route-map.ts with their full patterns, in map order. */
export function mappedRoutes(): { id: string; pattern: string; file: string }[] {
  const found: { id: string; pattern: string; file: string }[] = [];
  const parents: string[] = [];
  const define: DefineRoute = (routePath, file, optionsOrChildren, children) => {
    const options = typeof optionsOrChildren === "object" ? optionsOrChildren : undefined;
    const nested = typeof optionsOrChildren === "function" ? optionsOrChildren : children;
    const parent = parents.at(-1) ?? "";
    const pattern = routePath === undefined ? parent || "/" : `${parent}/${routePath}`.replace(/\/+/g, "/");
    found.push({ id: options?.id ?? file.replace(/\.tsx$/, ""), pattern, file });
    if (nested) {
      parents.push(pattern === "/" ? "" : pattern);
      nested();
      parents.pop();
    }
  };
  routeMap(define);
  return found;
}

const ACCESS = /defineRoute\(\{\s*access:\s*"([a-z-]+)"/;

/** The access a module declares, read from its source; throws for a module that declares none. */
export function declaredAccess(source: string, file: string): Access {
  const access = ACCESS.exec(source)?.[1];
  if (!access || !(ACCESS_LEVELS as readonly string[]).includes(access)) {
    throw new Error(`${file} declares no access: every route module starts with defineRoute({ access: ... })`);
  }
  return access as Access;
}

export function declaredRoutes(): DeclaredRoute[] {
  return mappedRoutes().map((route) => {
    const source = fs.readFileSync(path.join(APP_DIR, route.file), "utf8");
    return { ...route, access: declaredAccess(source, route.file), hasForms: /\n\s*forms:\s/.test(source) };
  });
}
