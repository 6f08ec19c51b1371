/**
 * The empty states of admin sections whose tools come with later work. Each
 * sentence says what will appear in the section, never sample data. (The
 * admin menu itself comes from each admin route's `adminSection` declaration.)
 */
import type { EmptyStateIcon } from "~/layout/EmptyState";

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
