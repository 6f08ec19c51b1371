/** Test-only: sets a flash toast and redirects, like any action that reports back. */
import { z } from "zod";
import { requireTestRoutes } from "~/platform/test-routes.server";
import { defineRoute } from "~/routing/route.server";
import { TOAST_TYPES } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";

const querySchema = z.object({ type: z.enum(TOAST_TYPES).default("success"), message: z.string().default("Saved.") });

// Test-only (ENABLE_TEST_ROUTES, else 404); public: the probes need no particular persona.
const route = defineRoute({
  access: "public",
  async load({ request }) {
    requireTestRoutes();
    const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return redirectWithToast("/", { type: query.type, title: "Test", message: query.message });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
