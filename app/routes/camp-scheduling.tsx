/** /camp-scheduling redirects to /admin/camps after the admin guard (SPEC §2, admin-only redirects). */
import { adminRedirect } from "~/admin/admin-route.server";

const redirectToTarget = adminRedirect("/admin/camps");
export const loader = redirectToTarget;
export const action = redirectToTarget;
