/**
 * The words of /admin/users and /admin/users/{userId} (ADR 0080), in one place.
 * Browser-safe: no server imports.
 */
export const USER_FILTERS = {
  all: "All accounts",
  applicants: "Applicants",
  members: "Members",
  ar: "A&R",
  admins: "Admins",
  suspended: "Suspended",
} as const;
export type UserFilter = keyof typeof USER_FILTERS;

export const BAN_REASON_MAX = 500;

/** The forms of /admin/users/{userId}, by `intent` (users-schema.ts holds their schemas). */
export const USER_INTENTS = {
  ban: "ban",
  unban: "unban",
  recovery: "recovery",
  grant: "grant-admin",
  revoke: "revoke-admin",
  delete: "delete",
} as const;
export const USER_SEARCH_MAX = 100;

export const USERS_TEXT = {
  listTitle: "Users",
  listLead: "Every account, applicants included: search, suspend, recover, manage admin rights.",
  searchLabel: "Search by name, e-mail or phone",
  filterLabel: "Show",
  searchButton: "Search",
  clearSearch: "Clear",
  tableCaption: "Accounts",
  noMatches: "No account matches.",
  noMatchesHint: "Try another name, e-mail address or phone number, or show all accounts.",
  statusActive: "Active",
  statusSuspended: (until: string) => `Suspended ${until}`,
  manage: "Manage",

  notFoundTitle: "Account not found",
  notFoundText: "This account does not exist, or it has been deleted.",
  backToList: "Back to users",

  detailsTitle: "Account",
  role: "Role",
  admin: "Admin",
  created: "Created",
  lastSignIn: "Last sign-in",
  never: "Never",
  contact: "E-mail or phone",
  suspension: "Suspension",
  notSuspended: "Not suspended",
  yourAccount: "This is your own account.",

  banTitle: "Suspend the account",
  banLead: "The person is signed out everywhere at once and cannot sign in until the end date. They are shown the reason and the end date.",
  banReasonLabel: "Reason (shown to the person)",
  banReasonHint: `Up to ${BAN_REASON_MAX} characters. Plain text.`,
  banReasonRequired: "Give a reason",
  banEndsLabel: "Suspended until (optional)",
  banEndsHint: "Leave empty to keep the account suspended until an admin lifts it. The suspension ends at 00:00 UTC on this date.",
  banEndsInvalid: "Enter a valid date",
  banEndsPast: "The end date must be in the future",
  banSubmit: "Suspend account",
  banned: "The account is suspended and signed out everywhere.",
  bannedProviderFailed: (detail: string) => `The account is suspended in the app, but the auth provider refused the ban: ${detail}`,
  banSelf: "You cannot suspend your own account.",

  unbanTitle: "Lift the suspension",
  unbanSubmit: "Lift suspension",
  unbanned: "The suspension is lifted: the person can sign in again.",
  unbannedProviderFailed: (detail: string) => `The suspension is lifted in the app, but the auth provider refused to lift its ban: ${detail}`,
  notSuspendedError: "This account is not suspended.",

  recoveryTitle: "Password recovery",
  recoveryLeadEmail: "Sends the password recovery message to the account's e-mail address. You never see the code.",
  recoveryLeadPhone: "This account has a phone number only: sends the sign-in code by SMS, as the sign-in page's recovery does. You never see the code.",
  recoveryNoContact: "This account has no e-mail address or phone number to send a recovery to.",
  recoverySubmit: "Send a password recovery",
  recoverySent: "The recovery message is on its way.",
  recoverySuspended: "This account is suspended: lift the suspension before sending a recovery.",
  recoveryFailed: "The recovery message could not be sent. Try again in a moment.",
  recoveryLimited: "Too many recovery messages for this account. Try again later.",

  adminTitle: "Admin rights",
  adminIs: "This account has admin rights (role admin).",
  adminIsNot: "This account has no admin rights.",
  grantSubmit: "Grant admin rights",
  granted: "Admin rights granted.",
  revokeSubmit: "Remove admin rights",
  revoked: "Admin rights removed.",
  revokeSelf: "You cannot remove your own admin rights.",
  lastAdmin: "This is the last admin: grant admin rights to someone else first.",
  alreadyAdmin: "This account already has admin rights.",
  notAdmin: "This account has no admin rights.",

  deleteTitle: "Delete the account",
  deleteLead: "Deleting cannot be undone. Read what happens to the account's data first.",
  deleteStart: "Delete account…",
  deleteConfirmTitle: "Delete this account for good?",
  deleteKeeps: "Kept, without the link to the account:",
  deleteRemoves: "Removed for good:",
  deleteConfirm: "Delete account permanently",
  deleteCancel: "Cancel",
  deleted: (name: string) => `The account of ${name} has been deleted.`,
  deleteSelf: "You cannot delete your own account here.",
  deleteLastAdmin: "This is the last admin: it cannot be deleted.",
  deleteConfirmRequired: "Confirm the deletion on the confirmation step.",
  deleteProviderFailed: (detail: string) => `The auth provider refused the deletion: ${detail}`,
  goneAlready: "This account no longer exists.",

  historyTitle: "History",
  historyEmpty: "No admin action on this account yet.",
  unavailable: "This action needs the Supabase service-role key (SUPABASE_SERVICE_ROLE_KEY) on the server.",
} as const;

/** What deleting an account removes, one line per kind (with the account's count where it has one). */
export const DELETE_REMOVES = {
  profile: "The profile: name, bio, links, settings and avatar images",
  showcase: "Showcase tracks and their audio files",
  applications: "Applications with their answers, tracks (and audio files), history and offers",
  reviews: "Ratings and comments this account gave applicants",
  submissions: "Song submissions and their audio files",
  shortlists: "Shortlists with their shares and plays",
  holds: "Hold requests this account made",
  briefs: "Briefs this account wrote and brief answers it gave",
  notices: "Inbox notices sent to this account",
  camps: "Camp invitations and answers, and places in camp sessions",
  parties: "Listening party chat messages and reactions, with the ratings, invitations and places in rooms that go with them",
  sessions: "Sessions, sign-in codes, the authenticator and recovery codes of two-factor sign-in, pending contact changes, any suspension and the private calendar link",
} as const;
export type DeleteRemovesKey = keyof typeof DELETE_REMOVES;

/** What deleting an account keeps, losing only the link to it. */
export const DELETE_KEEPS = [
  "Song credits keep the name as written and lose the account link.",
  "Split sheets keep the name as written and lose the account link.",
  "Camps, camp songs, invitations and session places this account set up for others stay, without naming it.",
  "Audit log entries keep the account's id and the name they were recorded with.",
  "A&R registration requests keep the name, company and e-mail as written.",
  "Decisions, offers, notices and files this account made for others stay, without naming it.",
  "Plays this account counted stay in the statistics, anonymously.",
  "Listening parties this account hosted or set up stay (another member takes the room over), and songs it queued keep the name as written.",
] as const;
