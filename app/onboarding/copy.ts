/**
 * Every string of the onboarding area (SPEC §2 "Welcome modal" and
 * "Onboarding tour", word for word where SPEC gives them), and the tour's
 * eight steps with their routes (docs/decisions/0068-tour-routes-and-no-js-tour.md).
 * Browser-safe: no server imports.
 */
import { SHOWCASE_MAX_TRACKS } from "~/shared/constants";
import { RESTART_TOUR_LABEL } from "./view";

export const WELCOME = {
  title: (name: string) => `Welcome, ${name}!`,
  /** The name's fallbacks (SPEC §2): display name, the e-mail before the @, then this. */
  fallbackName: "Member",
  badge: "Hit Factory",
  roleBadge: {
    ar: "A&R Professional",
    admin: "Administrator",
    member: "Member",
  },
  text: "Congratulations! You're now part of an exclusive community of music creators. Your journey to creating hits starts here.",
  features: [
    { key: "create", label: "Create" },
    { key: "collaborate", label: "Collaborate" },
    { key: "succeed", label: "Succeed" },
  ],
  startTour: "Take a Quick Tour",
  dismiss: "I'll explore on my own",
  footer: "You can always access the tour from your profile settings",
} as const;

export const TOUR = {
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  progressLabel: "Tour progress",
  previous: "Previous",
  next: "Next",
  complete: "Complete Tour",
  skip: "Skip tour",
  close: "Close tour",
  /** The restart control in profile settings and on the dashboard. */
  restart: RESTART_TOUR_LABEL,
  completedToast: "You're all set. Enjoy The Hit Factory!",
  skippedToast: "Tour closed. You can restart it from your profile settings.",
  restartedToast: "The tour is ready when you are.",
} as const;

export type TourIcon = "sparkles" | "dashboard" | "user" | "users" | "music" | "star" | "calendar" | "check";

export interface TourStep {
  key: "welcome" | "dashboard" | "profile" | "members" | "catalog" | "showcase" | "calendar" | "complete";
  title: string;
  description: string;
  /** The page the step is shown on; moving to the step goes there. */
  route: string;
  icon: TourIcon;
}

/** SPEC §2: eight steps, in this order, with these titles. Routes: SPEC names four; 0068 chose the rest. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    key: "welcome",
    title: "Welcome to The Hit Factory!",
    description:
      "This short tour shows you around in eight steps: where things are, and what you can do from day one. You can leave it at any time and pick it up again from your profile settings.",
    route: "/dashboard",
    icon: "sparkles",
  },
  {
    key: "dashboard",
    title: "Your Dashboard",
    description:
      "Your home base. It shows what is new in the catalogue since your last visit, your showcase, your upcoming camp sessions and any news about your membership.",
    route: "/dashboard",
    icon: "dashboard",
  },
  {
    key: "profile",
    title: "Your Profile",
    description:
      "Tell the community who you are: your name, a short bio, where you are based, your skills and genres, links and a photo. Make it public to appear in the member directory.",
    route: "/profile",
    icon: "user",
  },
  {
    key: "members",
    title: "Meet the Community",
    description:
      "The member directory lists writers, producers, topliners and A&R. Search by name, filter by skill, genre or location, and get in touch through the app without sharing your e-mail.",
    route: "/members",
    icon: "users",
  },
  {
    key: "catalog",
    title: "Music Catalog",
    description:
      "Browse and listen to the songs of the collective. Search by title, writer or genre, and open a song to see its credits and details.",
    route: "/music-catalog",
    icon: "music",
  },
  {
    key: "showcase",
    title: "Your Showcase",
    description: `Put your best work on your profile: members can upload up to ${SHOWCASE_MAX_TRACKS} tracks to their showcase, put them in order and play them to anyone who visits.`,
    route: "/showcase",
    icon: "star",
  },
  {
    key: "calendar",
    title: "Stay Connected",
    description:
      "Writing camps and sessions you are invited to appear in your calendar, and messages from members and the team arrive in your inbox, so nothing passes you by.",
    route: "/calendar",
    icon: "calendar",
  },
  {
    key: "complete",
    title: "You're All Set!",
    description:
      "That's the tour. Complete your profile, upload your first tracks and say hello to the community. Welcome aboard!",
    route: "/dashboard",
    icon: "check",
  },
] as const;

export const TOUR_STEP_COUNT = TOUR_STEPS.length;
export const LAST_STEP = TOUR_STEP_COUNT - 1;

export const CALENDAR = {
  title: "Your calendar",
  lead: "Writing camps and sessions you take part in.",
  emptyTitle: "No camp sessions yet",
  emptyText: "Sessions you are invited to will show here, with their dates and times.",
  timeZone: (zone: string) => `Times are shown in your time zone, ${zone}.`,
  noTimeZone: "Set your time zone in your profile settings to see times in your own zone.",
  directory: "Meet the community",
} as const;
