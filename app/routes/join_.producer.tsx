/** /join/producer: redirects to /dashboard after the login guard (SPEC §2). */
import { redirectToDashboard } from "~/dashboard/legacy-entry.server";

export const loader = redirectToDashboard;
export const action = redirectToDashboard;
