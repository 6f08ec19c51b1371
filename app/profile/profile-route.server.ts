/**
 * Loader and action shared by /profile and /mobile-profile: the same form in
 * two layouts. Both run the login guard first, in the loader and the action.
 */
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { requireUser } from "~/auth/session.server";
import { db } from "~/platform/runtime.server";
import { redirectWithToast } from "~/toast/toast.server";
import { getOwnProfile, saveOwnProfile } from "./profile.server";
import { profileSchema } from "./profile-schema";

export const PROFILE_SAVED_MESSAGE = "Your profile has been saved.";

export async function loadOwnProfile(request: Request) {
  const viewer = await requireUser(request);
  const profile = await getOwnProfile(db(), viewer.id);
  return {
    viewer: { id: viewer.id, displayName: viewer.displayName, email: viewer.email, role: viewer.role, isAdmin: viewer.isAdmin },
    profile: profile ?? {
      displayName: viewer.displayName,
      bio: "",
      location: "",
      skills: [],
      genres: [],
      publicProfile: false,
      updatedAt: null,
    },
  };
}

export async function saveOwnProfileAction(request: Request, backTo: "/profile" | "/mobile-profile") {
  const viewer = await requireUser(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  await saveOwnProfile(db(), viewer.id, submission.value);
  return redirectWithToast(backTo, { type: "success", message: PROFILE_SAVED_MESSAGE });
}
