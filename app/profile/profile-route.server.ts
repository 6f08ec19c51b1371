/**
 * What /profile and /mobile-profile share: the same data and the same form in
 * two layouts. Each route declares its own access (signed-in) and mounts these.
 */
import type { Viewer } from "~/auth/viewer";
import type { Database } from "~/platform/db/connect.server";
import { form } from "~/routing/forms.server";
import { redirectWithToast } from "~/toast/toast.server";
import { getOwnProfile, saveOwnProfile } from "./profile.server";
import { profileSchema } from "./profile-schema";

export const PROFILE_SAVED_MESSAGE = "Your profile has been saved.";

export async function loadOwnProfile({ db, viewer }: { db: Database; viewer: Viewer }) {
  const profile = await getOwnProfile(db, viewer.id);
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

/** The profile form; a save comes back to the page it was made on. */
export function profileForms(backTo: "/profile" | "/mobile-profile") {
  return {
    profile: form({
      schema: profileSchema,
      async handle({ db, viewer, value }) {
        await saveOwnProfile(db, viewer!.id, value);
        return redirectWithToast(backTo, { type: "success", message: PROFILE_SAVED_MESSAGE });
      },
    }),
  };
}
