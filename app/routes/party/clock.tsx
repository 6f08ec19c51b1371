/**
 * GET /party/clock -> { now }: the server's clock, which listeners sample a
 * few times to estimate their offset to it (app/party/sync.ts) and so know
 * where the host's timeline is. Public and stateless: it reads no session,
 * so its round trip is as short and even as the server can make it, and it
 * tells nobody anything but the time. Never cached.
 */
import { defineRoute } from "~/routing/route.server";

const route = defineRoute({
  access: "public",
  resource: true,
  load() {
    return Response.json({ now: Date.now() }, { headers: { "Cache-Control": "no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
