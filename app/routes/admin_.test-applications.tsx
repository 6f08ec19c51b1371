/** /admin/test-applications redirects to /admin/applications after the admin guard (SPEC §2, admin-only redirects). */
import { adminRedirect } from "~/admin/admin-route.server";

const redirectToTarget = adminRedirect("/admin/applications");
export const loader = redirectToTarget;
export const action = redirectToTarget;
