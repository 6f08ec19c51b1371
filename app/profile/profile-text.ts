/**
 * Every sentence the profile pages, their forms and their messages show, in
 * one place (SPEC wording verbatim where SPEC has it). Browser-safe.
 */
import { IMAGE_MAX_BYTES } from "~/catalog/constants";

const MB = IMAGE_MAX_BYTES / 1024 / 1024;

export const PROFILE_TEXT = {
  /** SPEC §8: the profile could not be read for the page. */
  fetchFailed: "Failed to fetch user profile",
  /** SPEC §8: the profile was saved but could not be read again afterwards. */
  refetchFailed: "Failed to refetch user profile",
  fetchFailedHint: "Your details are not shown and cannot be edited right now. Reload the page in a moment.",
  saved: "Your profile has been saved.",

  links: {
    hint: "Your website, streaming or social pages: up to 5, each starting with http:// or https://.",
    badScheme: "Links must start with http:// or https://",
    badUrl: "Enter a full web address, such as https://example.com",
    urlRequired: "Enter the address for this link",
    credentials: "Links must not contain a user name or password",
    tooMany: "List at most 5 links",
  },

  avatar: {
    hint: `A square picture works best. JPEG, PNG or WebP, up to ${MB} MB.`,
    choose: "Choose a picture",
    upload: "Upload picture",
    uploading: "Uploading...",
    remove: "Remove picture",
    required: "Choose an image file to upload",
    notImage: "This file is not a supported image (JPEG, PNG or WebP).",
    tooLarge: `This image is too large: the limit is ${MB} MB.`,
    empty: "This file is empty.",
    unreadable: "This image could not be read: the file may be damaged. Try another one.",
    tooManyPixels: "This image has too many pixels. Use one under 40 megapixels.",
    saved: "Your profile picture has been updated.",
    removed: "Your profile picture has been removed.",
    none: "No picture yet: your initials are shown instead.",
  },

  account: {
    title: "Account settings",
    tourTitle: "Guided tour",
    tourHint: "See the eight-step tour of The Hit Factory again.",
    passwordTitle: "Password",
    twoFactorTitle: "Two-factor sign-in",
    twoFactorHint: "After your password, also ask for a code from an authenticator app on your phone. Admins always do.",
    twoFactorLink: "Set up or manage two-factor sign-in",
    passwordHint: "You will need your current password.",
    changePassword: "Change password",
    contactTitle: "E-mail address or phone number",
    signedInWith: "You sign in with",
    noContact: "No e-mail address or phone number is set.",
    contactHint: "We send a code to the new address or number. It becomes yours only once you enter that code.",
    newContact: "New e-mail address or phone number",
    newContactHint: "A phone number in international form, such as +44 20 7946 0958.",
    sendCode: "Send code",
    contactInvalid: "Enter a valid e-mail address, or a phone number starting with +",
    contactSame: "This is already the address you sign in with",
    contactTaken: "This e-mail address or phone number belongs to another account",
    codeSent: (masked: string) => `We sent a 6-digit code to ${masked}. Enter it to confirm the change.`,
    pending: "Waiting for the code sent to",
    codeLabel: "6-digit code",
    codeRequired: "Enter the 6-digit code",
    codeFormat: "The code is 6 digits",
    confirm: "Confirm change",
    cancel: "Cancel change",
    cancelled: "The change was cancelled. Your sign-in address is unchanged.",
    codeWrong: "That code is wrong or has expired. Check it, or ask for a new one.",
    noPending: "There is no change waiting for a code. Ask for a new code.",
    changed: (what: "email" | "phone") => (what === "email" ? "Your e-mail address has been changed." : "Your phone number has been changed."),
    noticeSubject: "Your sign-in address was changed",
    timeZoneTitle: "Time zone",
    timeZoneHint: "Camp sessions and deadlines are shown in this time zone.",
    timeZoneInvalid: "Choose a time zone from the list",
    saveTimeZone: "Save time zone",
    timeZoneSaved: "Your time zone has been saved.",
  },
} as const;
