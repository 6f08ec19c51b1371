import type { Viewer } from "./viewer";

/**
 * Resolves the signed-in viewer of a request, or null for a visitor.
 * Sessions arrive with the auth issue; until then every request is a visitor.
 */
export async function getViewer(_request: Request): Promise<Viewer | null> {
  return null;
}
