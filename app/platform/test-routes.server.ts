import { getRuntime } from "./runtime.server";

/** /__test/* routes exist only when ENABLE_TEST_ROUTES is set (never in a real deployment). */
export function requireTestRoutes() {
  if (!getRuntime().env.ENABLE_TEST_ROUTES) throw new Response("Not Found", { status: 404 });
}
