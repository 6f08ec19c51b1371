/**
 * The admin areas of SPEC §2, in one list: the admin navigation and the
 * empty states of sections whose tools come with later work read from here.
 * Each empty sentence says what will appear in the section, never sample data.
 */
import type { EmptyStateIcon } from "~/layout/EmptyState";
import { SHOWCASE_MAX_TRACKS } from "~/shared/constants";

export interface AdminSection {
  to: string;
  label: string;
  /** One line on the overview card. */
  summary: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: "/admin/applications", label: "Applications", summary: "People who signed up and wait for a decision." },
  { to: "/admin/submissions", label: "Submissions", summary: "Songs members send in for review." },
  { to: "/admin/members", label: "Members", summary: "Accepted members, A&R professionals and administrators." },
  { to: "/admin/users", label: "Users", summary: "Every account, with its role and admin flag." },
  { to: "/admin/showcase", label: "Showcase", summary: `Members' showcase tracks, up to ${SHOWCASE_MAX_TRACKS} each.` },
  { to: "/admin/catalog", label: "Catalogue", summary: "Songs being prepared for the catalogue." },
  { to: "/admin/archive", label: "Archive", summary: "Songs taken out of the catalogue, kept for reference." },
  { to: "/admin/files", label: "Files", summary: "Uploaded audio, artwork and documents." },
  { to: "/admin/camps", label: "Camps", summary: "Songwriting camps, rosters and sessions." },
  { to: "/admin/audio", label: "Audio", summary: "Audio uploads and their processing." },
];

export interface AdminEmptySection {
  title: string;
  lead: string;
  emptyTitle: string;
  emptyText: string;
  icon: EmptyStateIcon;
  /** Where an admin can go instead, when there is a real place. */
  link?: { to: string; label: string };
}

export const ADMIN_EMPTY_SECTIONS = {
  submissions: {
    title: "Submissions",
    lead: "Songs members send in, for the catalogue or in answer to an A&R brief.",
    emptyTitle: "No submissions yet",
    emptyText: "Each song a member submits will be listed here with its credits and audio, waiting for your review.",
    icon: "inbox",
  },
  showcase: {
    title: "Showcase",
    lead: `Every member can show up to ${SHOWCASE_MAX_TRACKS} tracks on their profile.`,
    emptyTitle: "No showcase tracks yet",
    emptyText: `Tracks members add to their showcase (up to ${SHOWCASE_MAX_TRACKS} each) will be listed here so you can feature the strongest.`,
    icon: "star",
    link: { to: "/admin/members", label: "See members" },
  },
  catalog: {
    title: "Catalogue",
    lead: "Where songs are prepared before they go live in the catalogue.",
    emptyTitle: "No songs waiting for the catalogue",
    emptyText: "Songs accepted from submissions will wait here for their metadata, credits and splits to be checked before publishing.",
    icon: "music",
  },
  files: {
    title: "Files",
    lead: "Audio, artwork and documents stored for the collective.",
    emptyTitle: "No files uploaded yet",
    emptyText: "Files uploaded by members and administrators will be listed here with their size, owner and where they are used.",
    icon: "file",
  },
  camps: {
    title: "Camps",
    lead: "Songwriting camps: who is in the room, and when.",
    emptyTitle: "No camps scheduled",
    emptyText: "Camps you plan will appear here with their dates, roster and session groups.",
    icon: "calendar",
  },
  audio: {
    title: "Audio",
    lead: "Audio uploads for the catalogue and members' showcases.",
    emptyTitle: "No audio uploads yet",
    emptyText: "Uploaded audio will be listed here with its length, format and the song it belongs to.",
    icon: "headphones",
  },
} satisfies Record<string, AdminEmptySection>;

export type AdminEmptySectionKey = keyof typeof ADMIN_EMPTY_SECTIONS;
