/** /catalog: the old address of the catalogue; SPEC §2 sends it to /music-catalog, keeping the query. */
import { defineRoute } from "~/routing/route.server";

// Public like its target. Only the query string is carried over, never a
// user-supplied path, so this cannot redirect off the site.
const route = defineRoute({
  access: "public",
  redirect: ({ url }) => `/music-catalog${url.search}`,
  redirectStatus: 301,
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
