/**
 * /join, /join/writer, /join/producer, /application and /member-application
 * (mounted at each by app/route-map.ts) all lead to /dashboard (SPEC §2),
 * where a signed-up person applies. The login guard runs first, so a visitor
 * signs in and comes back to the address they asked for, which then forwards
 * them to the dashboard (docs/decisions/0022-redirect-semantics.md).
 */
import { defineRoute } from "~/routing/route.server";

const route = defineRoute({ access: "signed-in", redirect: "/dashboard" });

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
