/**
 * Shortlists and their share links: limits and every user-visible string of
 * the area (SPEC leaves shortlists "not shown"; the wording is ours, ADR 0074).
 * Plain data: safe in the browser.
 */
export const SHORTLISTS_PATH = "/ar/shortlists";
export const shortlistPath = (id: string) => `${SHORTLISTS_PATH}/${id}`;
export const listenPath = (token: string) => `/listen/${token}`;
export const listenAudioPath = (token: string, songId: string) => `/api/listen/${token}/${songId}`;

export const SHORTLIST_TITLE_MAX = 120;
export const SHORTLIST_NOTE_MAX = 1000;
/** Songs on one shortlist (the migration's position check says the same). */
export const SHORTLIST_ITEMS_MAX = 200;
/** Shortlists one A&R keeps. */
export const SHORTLISTS_PER_OWNER_MAX = 100;
/** Share links made per shortlist (live or not): a runaway loop stops here. */
export const SHARES_PER_SHORTLIST_MAX = 50;
/** How long a share link may live, in days: the choices the form offers. */
export const SHARE_EXPIRY_DAYS = [7, 30, 90] as const;
export type ShareExpiryDays = (typeof SHARE_EXPIRY_DAYS)[number];
/** Songs the shortlist page's search box lists. */
export const SHORTLIST_SEARCH_LIMIT = 8;

/** A play: this much playback, or the whole song when it is shorter (issue 11 item 5). */
export const PLAY_THRESHOLD_SECONDS = 30;
/** Slack for timer granularity between the browser's count and the server's clock. */
export const PLAY_REPORT_SLACK_SECONDS = 1;

/** The listener's random id (httpOnly), set on the share page. */
export const LISTENER_COOKIE = "hf_listener";
/** Counted plays of one song on one share link from one network address a (UTC) day, whatever the cookies (docs/decisions/0074). */
export const PLAYS_PER_ADDRESS_PER_DAY = 3;
export const LISTENER_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

export const SHORTLIST_TEXT = {
  pageTitle: "Shortlists",
  eyebrow: "A&R desk",
  lead: "Your working lists of songs: rate them, note why, put them in order and share a listening link with your artist or label.",
  listTitle: "Your shortlists",
  othersTitle: "Other A&R shortlists",
  othersLead: "As an administrator you can open these read-only.",
  empty: "No shortlists yet. Create one, then add songs from a song page or the search on the shortlist.",
  createTitle: "New shortlist",
  titleLabel: "Title",
  titleHint: "Anyone you share the list with sees its title.",
  titleRequired: "Enter a title",
  create: "Create shortlist",
  created: (title: string) => `Shortlist "${title}" created`,
  tooMany: `You can keep up to ${SHORTLISTS_PER_OWNER_MAX} shortlists.`,
  songCount: (n: number) => (n === 1 ? "1 song" : `${n} songs`),
  liveShares: (n: number) => (n === 1 ? "1 live link" : `${n} live links`),
  open: "Open",

  // One shortlist
  back: "All shortlists",
  readOnly: (owner: string) => `You are viewing ${owner}'s shortlist as an administrator: read-only.`,
  rename: "Save title",
  renamed: "Title saved",
  songsTitle: "Songs",
  noSongs: "No songs on this shortlist yet. Search below, or use \"Add to shortlist\" on a song page.",
  noteLabel: "Note",
  noteHint: "Only you see your notes and ratings; a shared link shows the songs only.",
  ratingLabel: "Rating",
  notRated: "Not rated",
  saveItem: "Save",
  itemSaved: (title: string) => `Saved ${title}`,
  moveUp: "Move up",
  moveDown: "Move down",
  moved: (title: string) => `Moved ${title}`,
  remove: "Remove",
  removed: (title: string) => `Removed ${title} from the shortlist`,
  unavailable: "No longer in the catalogue: listeners do not get it.",
  plays: (n: number) => (n === 1 ? "1 play" : `${n} plays`),
  itemNotFound: "That song is not on this shortlist.",

  deleteTitle: "Delete this shortlist",
  deleteText: "Its songs, notes, ratings and links go with it: every link stops working at once. This cannot be undone.",
  deleteButton: "Delete shortlist",
  deleteConfirmRequired: "Confirm that the shortlist should be deleted",
  deleted: (title: string) => `Shortlist "${title}" deleted`,

  // Adding
  searchTitle: "Add songs",
  searchLabel: "Search the catalogue",
  searchButton: "Search",
  searchNone: (q: string) => `No catalogue songs match "${q}".`,
  add: "Add",
  added: (title: string, list: string) => `Added ${title} to ${list}`,
  duplicate: "That song is already on this shortlist.",
  full: `A shortlist holds up to ${SHORTLIST_ITEMS_MAX} songs.`,
  songNotFound: "That song is not in the catalogue.",
  onList: "On this shortlist",

  // The song page
  addToShortlist: "Add to shortlist",
  shortlistLabel: "Shortlist",
  onYourLists: (titles: string[]) => `On your shortlists: ${titles.join(", ")}`,
  newShortlistWithSong: "Create a shortlist with this song",
  pickShortlist: "Choose a shortlist",

  // Sharing
  shareTitle: "Share a listening link",
  shareLead:
    "Anyone with the link can listen to the songs on this shortlist, without an account, until it expires or you revoke it. They do not see your notes or ratings, and no download link is offered.",
  expiryLabel: "Link works for",
  expiryOption: (days: number) => `${days} days`,
  createShare: "Create link",
  shareCreatedTitle: "Your new link",
  shareCreatedOnce:
    "Copy it now: it is shown only this once. The Hit Factory keeps only a fingerprint of it, so it cannot be shown again (create a new link if you lose it).",
  shareLinkLabel: "Listening link",
  copy: "Copy link",
  copied: "Copied",
  sharesTitle: "Links",
  noShares: "No links yet.",
  shareState: { live: "Live", expired: "Expired", revoked: "Revoked" } as const,
  createdOn: "Created",
  expiresOn: "Expires",
  revokedOn: "Revoked",
  totalPlays: "Plays",
  playsBySong: "Plays by song",
  noPlays: "No plays yet.",
  revoke: "Revoke",
  revoked: "Link revoked: it no longer works.",
  shareNotFound: "That link is not one of this shortlist's.",
  tooManyShares: `A shortlist can have up to ${SHARES_PER_SHORTLIST_MAX} links.`,
  expiryRequired: "Choose how long the link works",
  playRule: "A play is 30 seconds of listening (or the whole song if shorter), counted once per listener per song per day.",

  // The shared page (no account)
  listenEyebrow: "A shortlist from The Hit Factory",
  sharedBy: (name: string) => `Shared by ${name}`,
  listenLead: "Listen here: streaming only, nothing to download.",
  listenExpires: "This link works until",
  listenNoSongs: "This shortlist has no songs right now.",
  audioLabel: (title: string) => `Audio of ${title}`,
  noAudioSupport: "Your browser cannot play this audio.",
  goneTitle: "This link no longer works",
  goneExpired: "The link has expired. Ask the person who shared it for a new one.",
  goneRevoked: "The link was turned off by the person who shared it. Ask them for a new one.",
  unknownTitle: "Link not found",
  unknownText: "There is no shortlist at this address. Check that the link was copied whole.",
  limitedTitle: "Too many attempts",
  limitedText: "Too many unknown links were tried from your network. Wait a few minutes and try again.",
} as const;
