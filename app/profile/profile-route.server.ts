/**
 * What /profile and /mobile-profile share: the same data and the same forms
 * in two layouts. Each route declares its own access (signed-in) and mounts
 * these, so both pages run one pipeline.
 */
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import type { Viewer } from "~/auth/viewer";
import { resolveSession } from "~/auth/session.server";
import type { Database } from "~/platform/db/connect.server";
import { form } from "~/routing/forms.server";
import { redirectWithToast } from "~/toast/toast.server";
import { avatarSrc } from "./avatar";
import { AvatarRejectedError, removeAvatar, setAvatar } from "./avatar.server";
import { contactChangeForms, getPendingContactChange, type PendingContactChange } from "./contact-change.server";
import { avatarSchema, removeAvatarSchema, timeZoneSchema } from "./profile-forms";
import { getOwnProfile, saveOwnProfile, saveTimeZone, type OwnProfile } from "./profile.server";
import { profileSchema } from "./profile-schema";
import { PROFILE_TEXT } from "./profile-text";
import { DEFAULT_TIME_ZONE, timeZones } from "./time-zones";

export const PROFILE_SAVED_MESSAGE = PROFILE_TEXT.saved;

export type ProfilePath = "/profile" | "/mobile-profile";

function emptyProfile(viewer: Viewer): OwnProfile {
  return {
    displayName: viewer.displayName,
    bio: "",
    location: "",
    skills: [],
    genres: [],
    links: [],
    publicProfile: false,
    avatar: null,
    timeZone: DEFAULT_TIME_ZONE,
    updatedAt: null,
  };
}

export async function loadOwnProfile({ db, viewer, request }: { db: Database; viewer: Viewer; request: Request }) {
  // SPEC §8: a profile that cannot be read is said so on the page (the rest of it still works).
  let profile: OwnProfile | null = null;
  let profileError: string | null = null;
  try {
    profile = await getOwnProfile(db, viewer.id);
  } catch (error) {
    console.error("profile: could not read the profile", error instanceof Error ? error.message : error);
    profileError = PROFILE_TEXT.fetchFailed;
  }
  const pendingContact: PendingContactChange | null = await getPendingContactChange(db, viewer.id).catch(() => null);
  const resolved = await resolveSession(request);
  const own = profile ?? emptyProfile(viewer);
  return {
    viewer: {
      id: viewer.id,
      displayName: viewer.displayName,
      email: viewer.email,
      phone: resolved.state === "active" ? resolved.user.phone : null,
      role: viewer.role,
      isAdmin: viewer.isAdmin,
    },
    profile: own,
    profileError,
    avatar: { md: avatarSrc(viewer.id, own.avatar, "md"), lg: avatarSrc(viewer.id, own.avatar, "lg") },
    pendingContact,
    timeZones: timeZones(),
  };
}

export type OwnProfileData = Awaited<ReturnType<typeof loadOwnProfile>>;

/** Every form of the profile pages; each success comes back to the page it was made on. */
export function profileForms(backTo: ProfilePath) {
  return {
    profile: form({
      schema: profileSchema,
      async handle({ db, viewer, value }) {
        await saveOwnProfile(db, viewer!.id, value);
        // Read it again, as the page will: SPEC §8's refetch.
        try {
          await getOwnProfile(db, viewer!.id);
        } catch (error) {
          console.error("profile: saved, but could not read it again", error instanceof Error ? error.message : error);
          return redirectWithToast(backTo, { type: "error", title: PROFILE_TEXT.refetchFailed, message: PROFILE_TEXT.fetchFailedHint });
        }
        return redirectWithToast(backTo, { type: "success", message: PROFILE_SAVED_MESSAGE });
      },
    }),

    avatar: form({
      schema: avatarSchema,
      rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, storage, viewer, value, reply }) {
        try {
          await setAvatar({ db, storage }, viewer!.id, new Uint8Array(await value.avatar.arrayBuffer()));
        } catch (error) {
          if (error instanceof AvatarRejectedError) return reply({ fieldErrors: { avatar: [error.message] } });
          throw error;
        }
        return redirectWithToast(backTo, { type: "success", message: PROFILE_TEXT.avatar.saved });
      },
    }),

    removeAvatar: form({
      schema: removeAvatarSchema,
      async handle({ db, storage, viewer }) {
        await removeAvatar({ db, storage }, viewer!.id);
        return redirectWithToast(backTo, { type: "success", message: PROFILE_TEXT.avatar.removed });
      },
    }),

    timeZone: form({
      schema: timeZoneSchema,
      async handle({ db, viewer, value }) {
        await saveTimeZone(db, viewer!.id, value.timeZone);
        return redirectWithToast(backTo, { type: "success", message: PROFILE_TEXT.account.timeZoneSaved });
      },
    }),

    ...contactChangeForms(backTo),
  };
}
