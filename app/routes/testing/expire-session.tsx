/**
 * Test-only (ENABLE_TEST_ROUTES): ages the current session's server clock past
 * its idle or absolute timeout, then goes to `next`, so end-to-end tests see a
 * real server-side expiry without waiting 15 minutes.
 */
import { redirect } from "@remix-run/node";
import { safeSameSitePath } from "~/shared/safe-redirect";
import { z } from "zod";
import { getSessionHeaders, resolveSession } from "~/auth/session.server";
import { timeoutSettings } from "~/auth/session-activity.server";
import { requireTestRoutes } from "~/platform/test-routes.server";
import { defineRoute } from "~/routing/route.server";

const querySchema = z.object({ reason: z.enum(["idle", "absolute"]).default("idle"), next: z.string().default("/dashboard") });

// Test-only (ENABLE_TEST_ROUTES, else 404); public: the probes need no particular persona.
const route = defineRoute({
  access: "public",
  async load({ request, db }) {
    requireTestRoutes();
    const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const resolved = await resolveSession(request);
    if (resolved.state !== "active") throw new Response("No active session", { status: 409 });
    const settings = timeoutSettings();
    const past = (ms: number) => new Date(Date.now() - ms - 1000);
    await db
      .updateTable("session_activity")
      .set(query.reason === "idle" ? { last_active_at: past(settings.idleTimeoutMs) } : { started_at: past(settings.absoluteTimeoutMs) })
      .where("session_id", "=", resolved.sessionId)
      .execute();
    return redirect(safeSameSitePath(query.next, "/dashboard"), { headers: getSessionHeaders(request) });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
