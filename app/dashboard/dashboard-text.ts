/**
 * Every sentence the dashboard shows, in one place (SPEC leaves the
 * dashboard's content "not shown": these are ours, ADR 0069).
 * Browser-safe: no server imports.
 */
import { PRODUCT_NAME } from "~/shared/constants";

export const DASHBOARD_TEXT = {
  pageTitle: "Dashboard",
  greeting: { morning: "Good morning", afternoon: "Good afternoon", evening: "Good evening" },
  memberLead: "Here is what is new since you were last here, and what is yours.",
  applicantLead: "Thanks for applying. Here is where your application stands.",
  applyLead: "Apply to join the collective: tell us about yourself and send us your music.",

  decision: {
    accepted: {
      title: `Your application was accepted: welcome to ${PRODUCT_NAME}`,
      body: "You are now a member. Fill in your profile, add up to 5 tracks to your showcase, and listen to what the collective is writing.",
      action: { to: "/profile", label: "Complete your profile" },
    },
    acceptedAr: {
      title: `Your A&R access was approved: welcome to ${PRODUCT_NAME}`,
      body: "You can now search the catalogue, listen, and get in touch with the members who wrote the songs.",
      action: { to: "/ar/dashboard", label: "Open your A&R dashboard" },
    },
    declined: {
      title: "Your application was not accepted this time",
      body: "Thank you for applying. The team listened to everything you sent and decided not to offer a place now. You are welcome to apply again with new work.",
    },
    waitlisted: {
      title: "Your application is on our waiting list",
      body: "The team liked what they heard but has no place to offer right now. Your application stays with us, and we will come back to you when a place opens.",
    },
    offer: {
      title: `You're offered a place in ${PRODUCT_NAME}`,
      body: "The team accepted your application. Accept the offer to become a member: the link is also in the message we sent you.",
    },
    offerClosed: {
      title: `Your application to ${PRODUCT_NAME} was accepted`,
      body: "The offer link is no longer open. The team will send you a new one.",
    },
    acceptOffer: "Accept your offer",
    noteLabel: "A note from the team",
    dismiss: "Dismiss",
    dismissLabel: (title: string) => `Dismiss: ${title}`,
    dismissed: "Got it. That message will not show again.",
  },

  application: {
    title: "Your application",
    steps: { applied: "Applied", review: "In review", decision: "Decision" },
    inReview: {
      heading: "Your application is being reviewed",
      body: "Our team listens to every application and decides on each one. The decision will appear here when it is made.",
      appliedOn: (date: string) => `You applied on ${date}.`,
    },
    waitlisted: {
      heading: "You are on the waiting list",
      body: "There is no place to offer right now. We will come back to you when one opens.",
    },
    declined: {
      heading: "Your application was not accepted",
      body: "You are welcome to apply again with new work.",
    },
    offered: {
      heading: "You're offered a place",
      body: "Accept your offer to become a member.",
      closed: "The offer link is no longer open: the team will send you a new one.",
    },
    decidedOn: (date: string) => `Decided on ${date}.`,
    noteLabel: "A note from the team",
    tracksTitle: "The tracks you sent",
  },

  newSongs: {
    title: "New in the catalogue",
    firstVisitTitle: "Newest in the catalogue",
    firstVisitLead: "Your first visit: here are the newest songs in the catalogue. Next time, this shows what was added since.",
    sinceLead: (count: string, date: string) => `${count} added since your last visit on ${date}.`,
    songs: (n: number) => (n === 1 ? "1 song" : `${n} songs`),
    moreThan: (n: number) => `More than ${n} songs`,
    showingNewest: (n: number) => `Showing the ${n} newest.`,
    empty: (date: string) => `Nothing new since your last visit on ${date}. New songs show here as soon as they join the catalogue.`,
    emptyCatalogue: "The catalogue has no songs yet. New songs show here as soon as they join it.",
    all: "See the whole catalogue, newest first",
  },

  showcase: {
    title: "Your showcase",
    count: (n: number, limit: number) => `${n} of ${limit} tracks`,
    empty: "Your showcase is empty. Upload up to 5 tracks so collaborators and A&R can hear what you do.",
    upload: "Upload a track",
    manage: "Manage your showcase",
  },

  camps: {
    title: "Your camp sessions",
    empty: "No camp sessions yet. When you're invited to a camp, your sessions show here.",
    calendar: "Open your calendar",
    // The invitations and sessions themselves (ADR 0089).
    invitations: "Invitations to answer",
    invitedAs: (role: string) => `Invited as ${role}`,
    upcoming: "Your upcoming sessions",
    noUpcoming: "No upcoming sessions yet. When the organisers put the groups together, your sessions show here.",
    allCamps: "All your camps",
  },

  tour: {
    title: "The tour",
    body: "Eight short steps through the dashboard, your profile, the members, the catalogue, your showcase and the calendar.",
  },

  quickLinks: { member: "Jump back in", applicant: "While you wait" },
} as const;
