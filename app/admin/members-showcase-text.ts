/**
 * Every string of /admin/members, /admin/members/{userId} and /admin/showcase
 * (issue 12 §2, §3; ADR 0081), and their limits. Plain values: safe in the
 * browser bundle.
 */
import { PRODUCT_NAME } from "~/shared/constants";

export const MEMBERS_PAGE_SIZE = 50;
export const ADMIN_SHOWCASE_PAGE_SIZE = 30;
/** How many showcase tracks the landing page shows at most. */
export const LANDING_TRACKS_MAX = 8;
/** A search longer than a name or an e-mail address can only be noise. */
export const ADMIN_SEARCH_MAX = 120;
/** How many entries of a member's history their admin page shows. */
export const MEMBER_HISTORY_LIMIT = 20;

export const MEMBER_ROLE_FILTERS = ["all", "member", "ar", "admin", "featured"] as const;
export type MemberRoleFilter = (typeof MEMBER_ROLE_FILTERS)[number];

export const MEMBER_ROLE_FILTER_LABELS: Record<MemberRoleFilter, string> = {
  all: "Everyone",
  member: "Members",
  ar: "A&R professionals",
  admin: "Administrators",
  featured: "Featured",
};

export const SHOWCASE_FILTERS = ["all", "landing", "hidden"] as const;
export type ShowcaseFilter = (typeof SHOWCASE_FILTERS)[number];

export const SHOWCASE_FILTER_LABELS: Record<ShowcaseFilter, string> = {
  all: "All tracks",
  landing: "On the landing page",
  hidden: "Hidden",
};

/** The two roles an admin may give here; the admin role follows is_admin (/admin/users). */
export const ASSIGNABLE_ROLES = ["accepted_member", "accepted_ar"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const MEMBERS_TEXT = {
  title: "Members",
  lead: "Accepted members, A&R professionals and administrators. Search by name or e-mail, filter by role.",
  searchLabel: "Name or e-mail",
  searchPlaceholder: "Search members",
  roleLabel: "Show",
  submit: "Search",
  clear: "Clear search",
  formLabel: "Search members",
  count: (n: number) => (n === 1 ? "1 person" : `${n.toLocaleString("en-GB")} people`),
  emptyTitle: "No members yet",
  emptyText: "People appear here once their application is accepted.",
  noMatchesTitle: "No one matches",
  noMatchesText: "Try another name or e-mail, or show everyone.",
  tableCaption: "Members",
  columns: { name: "Name", contact: "E-mail or phone", role: "Role", featured: "Featured", since: "Member since", showcase: "Showcase" },
  featuredBadge: "Featured",
  notFeatured: "No",
  inDirectory: "In the directory",
  notInDirectory: "Private profile",
  view: (name: string) => `Manage ${name}`,
} as const;

export const MEMBER_TEXT = {
  back: "All members",
  notFoundTitle: "Member not found",
  notFoundText: "There is no member with this address. Accounts without a membership are on the Users page.",
  details: "Profile",
  email: "E-mail",
  phone: "Phone",
  role: "Role",
  admin: "Administrator",
  visibility: "Profile",
  publicProfile: "Public: listed in the directory",
  privateProfile: "Private: not in the directory",
  memberSince: "Member since",
  lastSignIn: "Last sign-in",
  never: "Never",
  location: "Location",
  skills: "Skills",
  genres: "Genres",
  bio: "Bio",
  none: "None given",
  viewPublic: "View their member page",
  showcase: "Showcase",
  showcaseEmpty: "No showcase tracks.",
  credits: "Credits in the catalogue",
  creditsEmpty: "No catalogue song credits them yet.",
  activity: "Applications and submissions",
  applications: (n: number) => (n === 1 ? "1 application" : `${n} applications`),
  submissions: (n: number) => (n === 1 ? "1 song submission" : `${n} song submissions`),
  history: "History",
  historyEmpty: "No admin has changed this membership yet.",
  // Role
  roleTitle: "Role",
  roleFieldLabel: "Role",
  roleOptions: { accepted_member: "Member", accepted_ar: "A&R Professional" } as Record<AssignableRole, string>,
  roleSubmit: "Change role",
  roleAdminNote: "Administrators' role follows their admin rights, which are managed on the Users page.",
  manageOnUsers: "Manage on the Users page",
  roleChanged: (name: string, role: string) => `${name} is now ${role === "accepted_ar" ? "an A&R Professional" : "a Member"}.`,
  roleSame: (name: string) => `${name} already has this role.`,
  roleRequired: "Choose a role",
  // Featuring
  featureTitle: "Featured member",
  featureLead: "Featured members come first in the member directory, with a Featured badge.",
  featuredSince: (date: string) => `Featured since ${date}.`,
  notFeatured: "Not featured.",
  feature: "Feature this member",
  unfeature: "Stop featuring",
  featured: (name: string) => `${name} is now featured in the directory.`,
  unfeatured: (name: string) => `${name} is no longer featured.`,
  alreadyFeatured: (name: string) => `${name} is already featured.`,
  notFeaturedError: (name: string) => `${name} is not featured.`,
  featurePrivate: (name: string) => `${name}'s profile is private, so it is not in the directory: it cannot be featured until they make it public.`,
  // Ending a membership
  endTitle: "End membership",
  endLead: "Ends this person's membership. You are asked to confirm first.",
  endButton: "End membership…",
  endConfirmTitle: "End this membership?",
  endConsequences: (name: string) => [
    `${name} loses the member role: they can still sign in, as a person without a membership.`,
    "Their profile leaves the member directory, and their showcase tracks leave the landing page.",
    "Their songs and credits in the catalogue stay as they are.",
    `They get a message in their ${PRODUCT_NAME} inbox saying that their membership has ended.`,
  ],
  endConfirmButton: "End membership",
  keep: "Keep the membership",
  confirmRequired: "Confirm that you want to end this membership",
  ended: (name: string) => `${name}'s membership has ended.`,
  cannotEndAdmin: "An administrator's membership cannot be ended here: remove their admin rights on the Users page first.",
  cannotEndSelf: "You cannot end your own membership.",
  notMember: "This person is no longer a member.",
  noticeSubject: "Your membership has ended",
  noticeBody: `Your membership of ${PRODUCT_NAME} has ended. You can still sign in to your account. If you think this is a mistake, please get in touch with the ${PRODUCT_NAME} team.`,
  changedMeanwhile: "This member changed meanwhile. Reload the page and try again.",
} as const;

export const ADMIN_SHOWCASE_TEXT = {
  title: "Showcase",
  lead: "Members' showcase tracks: choose and order the ones on the landing page, and hide any that should not be public.",
  landingTitle: "On the landing page",
  landingLead: (max: number) => `Shown on the landing page in this order, at most ${max}. Visitors can play them.`,
  landingEmpty: "No track is on the landing page: it shows only the catalogue. Feature a track below.",
  landingCount: (n: number, max: number) => `${n} of ${max}`,
  allTitle: "Members' tracks",
  searchLabel: "Title or member",
  searchPlaceholder: "Search tracks",
  filterLabel: "Show",
  submit: "Search",
  clear: "Clear search",
  formLabel: "Search showcase tracks",
  count: (n: number) => (n === 1 ? "1 track" : `${n.toLocaleString("en-GB")} tracks`),
  emptyTitle: "No showcase tracks yet",
  emptyText: "Tracks appear here when members upload them to their showcase.",
  noMatchesTitle: "No track matches",
  noMatchesText: "Try another title or member name, or show all tracks.",
  byPrefix: "by",
  onLanding: (position: number) => `On the landing page, #${position}`,
  hidden: "Hidden by an admin",
  hiddenOn: (date: string, by: string | null) => `Hidden on ${date}${by ? ` by ${by}` : ""}`,
  privateProfile: "Private profile: not shown publicly",
  notMember: "No longer a member: not shown publicly",
  feature: "Feature on landing page",
  unfeature: "Take off landing page",
  hide: "Hide",
  unhide: "Show again",
  moveUp: "Move up",
  moveDown: "Move down",
  featured: (title: string) => `"${title}" is now on the landing page.`,
  unfeatured: (title: string) => `"${title}" was taken off the landing page.`,
  reordered: "The landing page's order was saved.",
  hiddenDone: (title: string) => `"${title}" is hidden: it is no longer on the member's profile or the landing page.`,
  unhiddenDone: (title: string) => `"${title}" is shown again.`,
  notFound: "That showcase track does not exist any more.",
  alreadyOnLanding: (title: string) => `"${title}" is already on the landing page.`,
  notOnLanding: (title: string) => `"${title}" is not on the landing page.`,
  landingFull: (max: number) => `The landing page shows at most ${max} tracks. Take one off first.`,
  hiddenCannotFeature: (title: string) => `"${title}" is hidden. Show it again before featuring it.`,
  privateCannotFeature: (name: string) => `${name}'s profile is private, so their tracks cannot be on the public landing page.`,
  notMemberCannotFeature: (name: string) => `${name} is no longer a member, so their tracks cannot be on the landing page.`,
  alreadyHidden: (title: string) => `"${title}" is already hidden.`,
  notHidden: (title: string) => `"${title}" is not hidden.`,
  orderStale: "The landing page changed meanwhile (another admin?). Reload the page and try again.",
  orderInvalid: "That order lists a track twice or too many tracks.",
} as const;

export const LANDING_SHOWCASE_TEXT = {
  title: "From our members' showcases",
  lead: "Hand-picked tracks from the people in the collective.",
  by: "by",
} as const;
