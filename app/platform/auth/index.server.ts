/**
 * Picks the auth adapter for the running configuration: Supabase when
 * SUPABASE_URL and SUPABASE_ANON_KEY are set (Supabase Auth then sends its own
 * codes), the embedded one otherwise (codes go through the runtime's messages port).
 */
import { getRuntime, type Runtime } from "~/platform/runtime.server";
import type { AuthPort } from "./port";
import { createLocalAuth } from "./local.server";
import { createSupabaseAuth } from "./supabase.server";

const ports = new WeakMap<Runtime, AuthPort>();

export function createAuthPort(runtime: Runtime): AuthPort {
  const { env } = runtime;
  if (env.backend === "supabase" && env.SUPABASE_URL && env.SUPABASE_ANON_KEY) {
    return createSupabaseAuth({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY });
  }
  const publicOrigin = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : null;
  return createLocalAuth({ db: runtime.database.db, secret: runtime.sessionSecret, messages: runtime.messages, publicOrigin });
}

export function getAuthPort(): AuthPort {
  const runtime = getRuntime();
  let port = ports.get(runtime);
  if (!port) {
    port = createAuthPort(runtime);
    ports.set(runtime, port);
  }
  return port;
}
