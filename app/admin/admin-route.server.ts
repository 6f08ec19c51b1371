/**
 * Loader/action building blocks for admin route modules. Every admin loader
 * and action runs requireAdmin first: non-admins go to /, visitors to sign-in.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/session.server";
import { methodNotAllowed } from "~/layout/method-not-allowed.server";

/** Loader of an admin page that needs nothing but the guard. */
export async function adminPageLoader({ request }: { request: Request }) {
  await requireAdmin(request);
  return null;
}

/** Action of an admin page without a form: guarded, then 405. */
export async function adminNoFormAction({ request }: { request: Request }) {
  await requireAdmin(request);
  return methodNotAllowed();
}

/**
 * Admin-only redirect (SPEC §2): the guard runs before the redirect, so
 * non-admins learn nothing about where an admin address leads.
 */
export function adminRedirect(to: string | ((params: LoaderFunctionArgs["params"]) => string)) {
  return async ({ request, params }: { request: Request; params: LoaderFunctionArgs["params"] }) => {
    await requireAdmin(request);
    return redirect(typeof to === "string" ? to : to(params));
  };
}
