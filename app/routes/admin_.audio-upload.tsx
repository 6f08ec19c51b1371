/** /admin/audio-upload redirects to /admin/audio after the admin guard (SPEC §2, admin-only redirects). */
import { adminRedirect } from "~/admin/admin-route.server";

const redirectToTarget = adminRedirect("/admin/audio");
export const loader = redirectToTarget;
export const action = redirectToTarget;
