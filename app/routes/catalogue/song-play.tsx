/** POST /api/songs/:songId/plays: the player reports a play. Placeholder while issue 12 is built: the owner replaces this module completely. */
import { defineRoute } from "~/routing/route.server";

const route = defineRoute({
  access: "public-viewer",
  load: () => { throw new Response("Not Found", { status: 404 }); },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
