/**
 * Everything /members and /members/{userId} say, in one place (SPEC leaves
 * the content of these pages "not shown"; issue 10 and ADR 0062 design it).
 */
import type { DirectorySort } from "./directory-constants";

export const DIRECTORY_TEXT = {
  title: "Members",
  eyebrow: "Directory",
  lead: "The writers, producers and A&R professionals of the collective who chose to be found.",
  description: "Songwriters, producers and A&R professionals of the collective.",
  editProfile: "Edit your profile",
  formLabel: "Find members",
  nameLabel: "Name",
  namePlaceholder: "Search by name",
  skillLabel: "Skill",
  anySkill: "Any skill",
  genreLabel: "Genre",
  anyGenre: "Any genre",
  locationLabel: "Location",
  locationPlaceholder: "City or country",
  sortLabel: "Sort by",
  submit: "Show members",
  clearFilters: "Clear filters",
  noPublicProfiles: "No public profiles yet",
  noPublicProfilesText: "Members appear here once they make their profile public from their profile page.",
  noMatches: "No members match",
  noMatchesText: "Nobody listed matches this search and these filters. Try a shorter name, another skill or a wider location.",
  pagination: "Member pages",
  previousPage: "Previous page",
  nextPage: "Next page",
  results: "Members",
  skills: "Skills",
  genres: "Genres",
  /** Members an admin featured (ADR 0081): first on the directory's first page, with a badge. */
  featuredTitle: "Featured members",
  featuredBadge: "Featured",
} as const;

export const SORT_LABELS: Record<DirectorySort, string> = {
  name: "Name (A–Z)",
  newest: "Newest members",
  oldest: "Longest-standing members",
};

export function memberCount(total: number): string {
  return total === 1 ? "1 member" : `${total.toLocaleString("en-GB")} members`;
}

export function pageOf(page: number, pageCount: number): string {
  return `Page ${page} of ${pageCount}`;
}

export const PROFILE_TEXT = {
  allMembers: "← All members",
  breadcrumb: "Breadcrumb",
  about: "About",
  noBio: (name: string) => `${name} hasn't written a bio yet.`,
  details: "Details",
  skills: "Skills",
  genres: "Genres",
  location: "Location",
  links: "Links",
  memberSince: "Member since",
  noneListed: "None listed",
  showcase: "Showcase",
  showcaseEmpty: (name: string) => `${name} hasn't added showcase tracks yet.`,
  credits: "Songs in the catalogue",
  creditsEmpty: (name: string) => `No catalogue songs credit ${name} yet.`,
  contact: "Get in touch",
  editProfile: "Edit your profile",
  privateOwner: "Your profile is private: only you and the administrators see this page. Make it public on your profile page to appear in the member directory.",
  privateAdmin: "This profile is private: you see it because you are an administrator. Other people get “page not found”.",
  notFoundTitle: "Member not found",
} as const;
