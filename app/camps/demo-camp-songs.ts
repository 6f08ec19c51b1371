/**
 * The past demo camp's songs and split sheets (issue 13, ADR 0090), as
 * constants: app/camps/seed-songs.server.ts writes them, H6's outcomes seed
 * (seed-outcomes.server.ts) reads `outcome`, and tests derive their
 * expectations from them. Sessions are named by day index, slot index and
 * room name of DEMO_PAST_CAMP; people by demo e-mail (a member) or by a guest
 * name (a co-writer without an account). Everyone named is on the past camp's
 * roster (seed-camps.server.ts) for that day, and no two people write together
 * twice; the groups seed may place people as it likes, seed-songs.server.ts
 * seats whoever a song needs (ADR 0090).
 * Pure: safe in the browser bundle.
 */
import type { CreditRole } from "~/catalog/types";
import { DEMO_PAST_CAMP } from "./demo-camps";

export type DemoSheetState = "complete" | "awaiting-member" | "awaiting-admin" | "none";
/** What H6's outcomes seed makes of the song (app/camps/review.server.ts campSongStatus). */
export type DemoSongOutcome = "catalogue" | "pitched" | "submitted" | "demo";

export interface DemoShare {
  /** A demo account's or demo member's e-mail; absent for a guest. */
  email?: string;
  /** A co-writer without an account (confirmed by an admin). */
  guestName?: string;
  role: Extract<CreditRole, "writer" | "producer" | "topliner">;
  share: number;
  /** Whether the seed leaves this share confirmed (a complete sheet confirms every share). */
  confirmed: boolean;
}

export interface DemoCampSong {
  workingTitle: string;
  notes?: string;
  session: { dayIndex: number; slotIndex: number; roomName: string };
  /** The people the session needs (every member of the shares, and maybe more). */
  group: readonly string[];
  roughAudio: boolean;
  /** Empty when state is 'none'. */
  shares: readonly DemoShare[];
  state: DemoSheetState;
  outcome: DemoSongOutcome;
  /** Seeds the synthesised rough mix (app/demo/audio-synth.ts). */
  bpm: number;
}

export const DEMO_MAYA_EMAIL = "member@demo.hitfactory.test";
export const DEMO_GUEST_COWRITER = "Marcus Reed";

const FELIX = "felix.brandt@demo.hitfactory.test";
const ELLIE = "ellie.hart@demo.hitfactory.test";
const TOVE = "tove.berg@demo.hitfactory.test";
const ZARA = "zara.ahmed@demo.hitfactory.test";
const OSCAR = "oscar.lindqvist@demo.hitfactory.test";
const JIN = "jin.park@demo.hitfactory.test";
const HANNAH = "hannah.cole@demo.hitfactory.test";
const CHLOE = "chloe.martin@demo.hitfactory.test";
const LIAM = "liam.oconnor@demo.hitfactory.test";

const [studioA, studioB, writingRoom] = DEMO_PAST_CAMP.rooms.map((r) => r.name) as [string, string, string];

export const DEMO_CAMP_SONGS: readonly DemoCampSong[] = [
  {
    workingTitle: "Harbour Lights",
    notes: "Mid-tempo pop, big post-chorus. Vocal comp still rough.",
    session: { dayIndex: 0, slotIndex: 0, roomName: studioA },
    group: [DEMO_MAYA_EMAIL, FELIX, ELLIE],
    roughAudio: true,
    shares: [
      { email: DEMO_MAYA_EMAIL, role: "topliner", share: 33.34, confirmed: true },
      { email: FELIX, role: "producer", share: 33.33, confirmed: true },
      { email: ELLIE, role: "writer", share: 33.33, confirmed: true },
    ],
    state: "complete",
    outcome: "catalogue",
    bpm: 104,
  },
  {
    workingTitle: "Cais do Sodré",
    notes: "Chorus idea only, no verses yet.",
    session: { dayIndex: 0, slotIndex: 0, roomName: studioA },
    group: [DEMO_MAYA_EMAIL, FELIX, ELLIE],
    roughAudio: false,
    shares: [],
    state: "none",
    outcome: "demo",
    bpm: 118,
  },
  {
    workingTitle: "Tram 28",
    notes: "Dance-pop, four on the floor, whistle hook.",
    session: { dayIndex: 1, slotIndex: 0, roomName: studioB },
    group: [DEMO_MAYA_EMAIL, TOVE, ZARA],
    roughAudio: true,
    shares: [
      { email: DEMO_MAYA_EMAIL, role: "topliner", share: 30, confirmed: true },
      { email: TOVE, role: "producer", share: 40, confirmed: true },
      { email: ZARA, role: "topliner", share: 30, confirmed: true },
    ],
    state: "complete",
    outcome: "pitched",
    bpm: 124,
  },
  {
    workingTitle: "Saudade Disco",
    notes: "Late-night R&B with a disco bass line.",
    session: { dayIndex: 1, slotIndex: 0, roomName: studioA },
    group: [OSCAR, ELLIE, JIN],
    roughAudio: true,
    shares: [
      { email: OSCAR, role: "producer", share: 40, confirmed: true },
      { email: ELLIE, role: "writer", share: 30, confirmed: true },
      { email: JIN, role: "topliner", share: 30, confirmed: true },
    ],
    state: "complete",
    outcome: "submitted",
    bpm: 112,
  },
  {
    workingTitle: "Alfama Nights",
    notes: "Acoustic guitar and vocal, Maya to demo it properly.",
    session: { dayIndex: 1, slotIndex: 1, roomName: writingRoom },
    group: [DEMO_MAYA_EMAIL, HANNAH],
    roughAudio: true,
    shares: [
      { email: DEMO_MAYA_EMAIL, role: "topliner", share: 50, confirmed: true },
      { email: HANNAH, role: "writer", share: 50, confirmed: true },
    ],
    state: "complete",
    outcome: "demo",
    bpm: 92,
  },
  {
    workingTitle: "Golden Hour Ferry",
    notes: "Country-pop crossover; Chloé's title.",
    session: { dayIndex: 2, slotIndex: 0, roomName: studioB },
    group: [DEMO_MAYA_EMAIL, JIN, CHLOE],
    roughAudio: true,
    shares: [
      { email: DEMO_MAYA_EMAIL, role: "topliner", share: 30, confirmed: false },
      { email: JIN, role: "producer", share: 35, confirmed: true },
      { email: CHLOE, role: "topliner", share: 35, confirmed: true },
    ],
    state: "awaiting-member",
    outcome: "demo",
    bpm: 98,
  },
  {
    workingTitle: "Rooftop in Graça",
    notes: "Marcus Reed (no account) played the guitar riff and wrote the bridge.",
    session: { dayIndex: 2, slotIndex: 1, roomName: studioA },
    group: [DEMO_MAYA_EMAIL, LIAM],
    roughAudio: false,
    shares: [
      { email: DEMO_MAYA_EMAIL, role: "topliner", share: 40, confirmed: true },
      { email: LIAM, role: "writer", share: 40, confirmed: true },
      { guestName: DEMO_GUEST_COWRITER, role: "writer", share: 20, confirmed: false },
    ],
    state: "awaiting-admin",
    outcome: "demo",
    bpm: 110,
  },
];

/** The demo songs H6 turns into submissions and catalogue songs (complete sheets only). */
export function demoCampSongsWithOutcome(outcome: DemoSongOutcome): DemoCampSong[] {
  return DEMO_CAMP_SONGS.filter((song) => song.outcome === outcome);
}
