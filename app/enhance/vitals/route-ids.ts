/**
 * The app's real route ids, and the URL pattern each answers, read from the
 * product's map (app/route-map.ts) exactly as Remix reads it: a route's id is
 * its module's path without ".tsx", or the id the map gives it (a module
 * mounted at several paths). The vitals endpoint takes only these ids; the
 * admin overview shows each with its pattern ("/song/:songId").
 */
import { routeMap, type DefineRoute } from "~/route-map";

let cached: ReadonlyMap<string, string> | undefined;

/** Route id -> URL pattern ("/" for the landing page; a layout has its own path). */
export function appRoutePatterns(): ReadonlyMap<string, string> {
  if (cached) return cached;
  const patterns = new Map<string, string>();
  const parents: string[] = [];
  const define: DefineRoute = (path, file, optionsOrChildren, children) => {
    const options = typeof optionsOrChildren === "function" ? {} : (optionsOrChildren ?? {});
    const nested = typeof optionsOrChildren === "function" ? optionsOrChildren : children;
    const id = options.id ?? file.replace(/\.tsx$/, "");
    patterns.set(id, `/${[...parents, path ?? ""].filter(Boolean).join("/")}`);
    if (nested) {
      parents.push(path ?? "");
      nested();
      parents.pop();
    }
  };
  routeMap(define);
  cached = patterns;
  return patterns;
}

export function isAppRouteId(id: string): boolean {
  return appRoutePatterns().has(id);
}
