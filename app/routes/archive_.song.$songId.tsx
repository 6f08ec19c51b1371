/** /archive/song/{songId} redirects to /admin/archive/song/{songId} after the admin guard (SPEC §2, admin-only redirects). */
import { adminRedirect } from "~/admin/admin-route.server";

const redirectToTarget = adminRedirect((params) => `/admin/archive/song/${encodeURIComponent(params.songId ?? "")}`);
export const loader = redirectToTarget;
export const action = redirectToTarget;
