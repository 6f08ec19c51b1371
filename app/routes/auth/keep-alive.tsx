/**
 * POST /auth/keep-alive: the session-timeout host's line to the server.
 *   intent=ping    the person is active: the request itself restarts the
 *                  server's idle clock (throttled by the client).
 *   intent=extend  'Continue Session': refresh the auth session and restart
 *                  the idle clock (SPEC §4).
 * Answers JSON. A session already expired on the server answers 401 with the
 * 'Session Expired' toast set for the /auth page the client then opens.
 */
import { z } from "zod";
import {
  extendSession,
  getClientSessionState,
  getSessionHeaders,
  resolveSession,
  sessionExpiredToastHeaders,
} from "~/auth/session.server";
import { form } from "~/routing/forms.server";
import { defineRoute, methodNotAllowed } from "~/routing/route.server";
import { combineHeaders } from "~/toast/toast.server";

export const keepAliveSchema = z.object({ intent: z.enum(["ping", "extend"]) });

export type KeepAliveAnswer =
  | { ok: true; absoluteRemainingMs: number }
  | { ok: false; reason: "expired" | "signed_out" | "refresh_failed"; redirectTo: string };

function answer(body: KeepAliveAnswer, status: number, headers?: HeadersInit) {
  const all = combineHeaders(headers, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  return new Response(JSON.stringify(body), { status, headers: all });
}

async function keepAlive({ request, value }: { request: Request; value: { intent: "ping" | "extend" } }) {
  const resolved = await resolveSession(request);
  if (resolved.state === "expired") {
    const headers = combineHeaders(getSessionHeaders(request), await sessionExpiredToastHeaders(resolved.reason));
    return answer({ ok: false, reason: "expired", redirectTo: "/auth" }, 401, headers);
  }
  if (resolved.state === "anonymous") {
    return answer({ ok: false, reason: "signed_out", redirectTo: "/auth" }, 401, getSessionHeaders(request));
  }
  if (value.intent === "extend") {
    const extended = await extendSession(request);
    if (!extended.ok) return answer({ ok: false, reason: "refresh_failed", redirectTo: "/auth" }, 401, getSessionHeaders(request));
    return answer({ ok: true, absoluteRemainingMs: extended.absoluteRemainingMs }, 200, getSessionHeaders(request));
  }
  const state = await getClientSessionState(request);
  return answer({ ok: true, absoluteRemainingMs: state?.absoluteRemainingMs ?? 0 }, 200, getSessionHeaders(request));
}

// Public: this endpoint answers for the session itself, in JSON (401 when it is
// over), so the timeout host can react; a guard's redirect would hide that.
const route = defineRoute({
  access: "public",
  resource: true,
  load: () => methodNotAllowed("POST"),
  forms: {
    ping: form({ schema: keepAliveSchema, honeypot: false, handle: keepAlive }),
    extend: form({ schema: keepAliveSchema, honeypot: false, handle: keepAlive }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
