/**
 * /join, /join/writer, /join/producer, /application and /member-application
 * all lead to /dashboard (SPEC §2). The login guard runs first, so a visitor
 * signs in and comes back to the address they asked for, which then forwards
 * them to the dashboard (docs/decisions/0022-redirect-semantics.md).
 */
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/session.server";

export async function redirectToDashboard({ request }: { request: Request }) {
  await requireUser(request);
  return redirect("/dashboard");
}
