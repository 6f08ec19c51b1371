/**
 * Every route's declaration, read from the route modules themselves, and what
 * derives from them: the header navigation and the admin sections. Nothing
 * here is written twice: a route that declares `nav` or `adminSection` shows
 * up, to exactly the people its guard lets in.
 */
import type { Viewer } from "~/auth/viewer";
import { allows } from "./access";
import { declarationOf, nameRoute, type AdminSectionDeclaration, type RouteDeclaration } from "./route.server";

export interface NavItem {
  to: string;
  label: string;
}

// Eager: the server bundle holds every route module anyway; this only reads
// the declarations their loaders carry.
const modules = import.meta.glob<{ loader?: unknown; action?: unknown }>("../routes/**/*.tsx", { eager: true });

/** Route module file (relative to app/routes) -> its declaration. */
export function routeDeclarations(): Map<string, RouteDeclaration> {
  const found = new Map<string, RouteDeclaration>();
  for (const [file, module] of Object.entries(modules)) {
    const declaration = declarationOf(module);
    if (declaration) found.set(file.replace(/^\.\.\/routes\//, ""), declaration);
  }
  return found;
}

// Each declaration learns its route id (Remix's: "routes/" + the file without .tsx) for the
// loaders' Server-Timing. Here, as this module loads: every route module has loaded before it.
for (const [file, declaration] of routeDeclarations()) nameRoute(declaration, `routes/${file.replace(/\.tsx$/, "")}`);

let cached: RouteDeclaration[] | undefined;
const declarations = () => (cached ??= [...routeDeclarations().values()]);

/** The header links a viewer may follow: each passes its route's guard. */
export function navigationFor(viewer: Viewer | null): NavItem[] {
  return declarations()
    .filter((d) => d.nav && allows(d.access, viewer) && (d.nav.show?.(viewer) ?? true))
    .sort((a, b) => a.nav!.order - b.nav!.order)
    .map((d) => ({ to: d.nav!.to, label: d.nav!.label }));
}

/** The admin areas, in menu order (admin routes declare them). */
export function adminSections(): AdminSectionDeclaration[] {
  return declarations()
    .filter((d) => d.adminSection && d.access === "admin")
    .map((d) => d.adminSection!)
    .sort((a, b) => a.order - b.order);
}
