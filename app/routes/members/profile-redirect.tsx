/**
 * /profile/{userId}: the old address of a public profile; SPEC §2 sends it to
 * /members/{userId}, keeping the parameter (and the query string, so a shared
 * link's tracking or anchors survive). The id is passed on as it came
 * (encoded, so it stays one path segment); /members/{userId} decides what is
 * shown, including the 404.
 */
import { defineRoute } from "~/routing/route.server";

// Public like its target.
const route = defineRoute({
  access: "public",
  redirect: ({ params, url }) => `/members/${encodeURIComponent(params.userId ?? "")}${url.search}`,
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
