/** /profile/{userId}: the old address of a public profile; SPEC §2 sends it to /members/{userId}. */
import { defineRoute } from "~/routing/route.server";

// Public like its target; /members/{userId} decides what is shown.
const route = defineRoute({
  access: "public",
  redirect: ({ params }) => `/members/${encodeURIComponent(params.userId ?? "")}`,
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
