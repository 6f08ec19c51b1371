/** Test-only: sets a flash toast and redirects, like any action that reports back. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireTestRoutes } from "~/platform/test-routes.server";
import { TOAST_TYPES } from "~/toast/toast";
import { redirectWithToast } from "~/toast/toast.server";

const querySchema = z.object({ type: z.enum(TOAST_TYPES).default("success"), message: z.string().default("Saved.") });

export async function loader({ request }: LoaderFunctionArgs) {
  requireTestRoutes();
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return redirectWithToast("/", { type: query.type, title: "Test", message: query.message });
}
