import type { Viewer } from "./viewer";
import { optionalViewer } from "./session.server";

/**
 * Resolves the signed-in viewer of a request, or null for a visitor. Never
 * redirects (the root loader uses it on every page); guarded routes use the
 * guards in session.server.ts instead.
 */
export async function getViewer(request: Request): Promise<Viewer | null> {
  return optionalViewer(request);
}
