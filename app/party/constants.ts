/**
 * The listening party's numbers, words and paths (issue 14, ADR 0092), in one
 * place. Pure data: safe in the browser bundle.
 */

export const PARTY_PATH = "/party";
export const NEW_PARTY_PATH = "/party/new";
export const partyPath = (id: string) => `/party/${id}`;
export const partyEventsPath = (id: string) => `/party/${id}/events`;
export const partyActionsPath = (id: string) => `/party/${id}/actions`;
export const PARTY_CLOCK_PATH = "/party/clock";
export const partyItemAudioPath = (partyId: string, itemId: string) => `/party/${partyId}/items/${itemId}/audio`;

export const PARTY_TITLE_MAX = 120;
/** Chat lines are SPEC §5 sanitised, then held to this. */
export const PARTY_CHAT_MAX = 500;
/** Songs in a room's queue at once (unplayed). */
export const PARTY_QUEUE_MAX = 100;
/** Songs one guest may have waiting at once (the host is not held to it). */
export const PARTY_GUEST_WAITING_MAX = 3;
export const PARTY_INVITES_MAX = 50;
/** How long the room waits for a host who left before the next member takes over (co-hosts take over at once). */
export const HOST_TAKEOVER_MS = 60_000;
/** A listener whose event stream has been silent this long is no longer listening. */
export const LISTENER_STALE_MS = 45_000;
/** How often an open event stream refreshes its listener's presence (and pings the browser). */
export const PARTY_HEARTBEAT_MS = 15_000;
/** A short grace after the host's stream closes (a reload, a flaky network) before the room pauses. */
export const HOST_GRACE_MS = 8_000;
/** Messages shown in a room (the newest). */
export const PARTY_MESSAGES_SHOWN = 100;

export const PARTY_REACTIONS = {
  fire: "🔥",
  love: "❤️",
  wow: "😮",
  clap: "👏",
  dance: "💃",
} as const;
export type PartyReaction = keyof typeof PARTY_REACTIONS;
export const PARTY_REACTION_NAMES = Object.keys(PARTY_REACTIONS) as PartyReaction[];
export const REACTION_LABELS: Record<PartyReaction, string> = {
  fire: "Fire",
  love: "Love it",
  wow: "Wow",
  clap: "Applause",
  dance: "Makes me dance",
};

export const PARTY_RATINGS = ["keeper", "maybe", "pass"] as const;
export type PartyRatingValue = (typeof PARTY_RATINGS)[number];
export const RATING_LABELS: Record<PartyRatingValue, string> = { keeper: "Keeper", maybe: "Maybe", pass: "Pass" };
/** A song's score in the outcome: keepers count 2, maybes 1, passes -1 (ADR 0092). */
export const RATING_WEIGHTS: Record<PartyRatingValue, number> = { keeper: 2, maybe: 1, pass: -1 };

export const PARTY_TEXT = {
  pageTitle: "Listening party",
  lead: "Hear new songs from the collective at the same moment as everyone else in the room.",
  live: "Live now",
  upcoming: "Coming up",
  past: "Past parties",
  noneLive: "No listening party right now",
  noneLiveBody: "When a member starts a party, it shows here: join it to hear the queue with the room.",
  signInToJoin: "Sign in to join",
  signInLead: "Members hear parties together. Sign in to join one.",
  membersOnly: "Parties are for members of the collective: they open to you once your application is accepted.",
  start: "Start a party",
  startTitle: "Start a listening party",
  created: "Your party is live.",
  scheduled: "Your party is scheduled.",
  notFound: "This party does not exist, or you are not invited to it.",
  removedFromParty: "The host removed you from this party.",
  ended: "This party has ended.",
  notLive: "This party has not started yet.",
  hostOnly: "Only the host can do that.",
  notListening: "Join the party first.",
  queueFull: `The queue holds up to ${PARTY_QUEUE_MAX} songs.`,
  guestWaitingFull: `You have ${PARTY_GUEST_WAITING_MAX} songs waiting: add another once one has played.`,
  alreadyQueued: "That song is already waiting in the queue.",
  sourceNotAllowed: "That song cannot be played in this room.",
  itemGone: "That song is no longer in the queue.",
  messageGone: "That message is gone.",
  listenerGone: "That person is not in this party.",
  cannotRemoveHost: "The host cannot be removed.",
  nothingToPlay: "Add a song to the queue first.",
  notPlayed: "You can rate a song once it has played.",
  chatEmpty: "Write a message first.",
  staleTimeline: "The room moved on: here is where it is now.",
  noJs: "Without JavaScript this page does not follow the host by itself: the player starts where the song was when the page loaded. Reload to catch up.",
  added: (title: string) => `Added “${title}” to the queue.`,
  rated: "Rating saved.",
  sent: "Sent.",
  endedSaved: "The party has ended and its outcome is saved.",
  takenIntoShortlists: (n: number, title: string) => `${n} ${n === 1 ? "song" : "songs"} added to your shortlist “${title}”.`,
  nothingToTake: "None of this party's shortlisted songs is in the catalogue, so there is nothing to take into a shortlist.",
  outcomeShortlistTitle: (title: string) => `Party: ${title}`.slice(0, PARTY_TITLE_MAX),
} as const;
