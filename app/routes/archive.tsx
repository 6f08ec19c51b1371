/** /archive redirects to /admin/archive/browse after the admin guard (SPEC §2, admin-only redirects). */
import { adminRedirect } from "~/admin/admin-route.server";

const redirectToTarget = adminRedirect("/admin/archive/browse");
export const loader = redirectToTarget;
export const action = redirectToTarget;
