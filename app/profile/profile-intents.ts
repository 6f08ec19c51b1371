/** The intents of the profile pages' forms (the `intent` field of each). Plain data, no zod: the page bundle stays small. */
export const PROFILE_INTENTS = {
  profile: "profile",
  avatar: "avatar",
  removeAvatar: "removeAvatar",
  timeZone: "timeZone",
  requestContact: "requestContact",
  confirmContact: "confirmContact",
  cancelContact: "cancelContact",
} as const;
