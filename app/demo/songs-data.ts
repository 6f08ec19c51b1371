/**
 * The demo catalogue: 43 songs (40 in the catalogue, 3 archived), each with
 * a genre, moods, key, tempo and credits. Credits point at the demo members
 * (by demo account key) and at external co-writers; splits are whole
 * percentages that sum to 100. Everything else (audio, artwork, lyrics) is
 * generated from each song's seed.
 */
import type { DemoAccount } from "./accounts";
import type { SynthStyle } from "./audio-synth";
import type { VocalType } from "~/catalog/facets";
import type { CreditRole, SongStatus } from "~/catalog/types";

export interface DemoCredit {
  /** A demo account (its profile becomes the credit's member), or an external writer's name. */
  member?: DemoAccount["key"];
  name?: string;
  role: CreditRole;
  split: number;
}

export interface DemoSong {
  title: string;
  genre: string;
  moods: string[];
  key: string;
  bpm: number;
  /** Roughly how long the generated audio runs, in seconds (15 to 40). */
  seconds: number;
  credits: DemoCredit[];
  featured?: boolean;
  status?: SongStatus;
  /** Instrumentals have no lyrics (and the vocal type "instrumental"). */
  instrumental?: boolean;
}

/**
 * The pitching facets of the demo songs (vocal type, explicit), by their place
 * in DEMO_SONGS: the sung songs take the vocal types in turn, one in nine has
 * none recorded (null), instrumentals are "instrumental"; one sung song in five
 * has explicit lyrics. Every value has songs, among them the catalogue's
 * (tests/integration/catalog-demo.test.ts).
 */
const SUNG_VOCALS: (VocalType | null)[] = ["female", "male", "duet", "female", "group", "male", "female", "male", null];
export function demoPitchFacets(index: number, song: Pick<DemoSong, "instrumental">): { vocalType: VocalType | null; explicit: boolean } {
  if (song.instrumental) return { vocalType: "instrumental", explicit: false };
  return { vocalType: SUNG_VOCALS[index % SUNG_VOCALS.length], explicit: index % 5 === 3 };
}

export const GENRE_STYLES: Record<string, SynthStyle> = {
  Pop: { drums: "backbeat", lead: "square", padCutoff: 1800, bass: "beats" },
  Dance: { drums: "four", lead: "saw", padCutoff: 2600, bass: "eighths" },
  Electronic: { drums: "four", lead: "bell", padCutoff: 2200, bass: "eighths" },
  Synthwave: { drums: "four", lead: "saw", padCutoff: 2400, bass: "eighths" },
  "R&B": { drums: "halftime", lead: "sine", padCutoff: 900, bass: "long" },
  "Hip-Hop": { drums: "halftime", lead: "pluck", padCutoff: 1100, bass: "long" },
  Indie: { drums: "backbeat", lead: "pluck", padCutoff: 1500, bass: "beats" },
  Rock: { drums: "backbeat", lead: "saw", padCutoff: 2100, bass: "eighths" },
  Country: { drums: "shuffle", lead: "pluck", padCutoff: 1300, bass: "beats" },
  Soul: { drums: "shuffle", lead: "sine", padCutoff: 1000, bass: "beats" },
  Folk: { drums: "sparse", lead: "pluck", padCutoff: 800, bass: "long" },
  Latin: { drums: "shuffle", lead: "bell", padCutoff: 1600, bass: "eighths" },
};

const w = (member: DemoAccount["key"], split: number, role: CreditRole = "writer"): DemoCredit => ({ member, role, split });
const x = (name: string, split: number, role: CreditRole = "writer"): DemoCredit => ({ name, role, split });

export const DEMO_SONGS: DemoSong[] = [
  { title: "Midnight Avenue", genre: "Pop", moods: ["uplifting", "nostalgic"], key: "A minor", bpm: 118, seconds: 32, featured: true,
    credits: [w("member", 40, "topliner"), x("Ellie Hart", 35), x("Marcus Reed", 25, "producer")] },
  { title: "Midnight Avenue (Club Remix)", genre: "Dance", moods: ["euphoric", "energetic"], key: "A minor", bpm: 126, seconds: 30,
    credits: [w("member", 30, "topliner"), x("Ellie Hart", 30), x("Tove Berg", 40, "producer")] },
  { title: "Golden Hour Drive", genre: "Pop", moods: ["warm", "uplifting"], key: "D major", bpm: 104, seconds: 28, featured: true,
    credits: [w("member", 50), w("newmember", 30), x("Marcus Reed", 20, "producer")] },
  { title: "Paper Planes at Dawn", genre: "Indie", moods: ["dreamy", "hopeful"], key: "G major", bpm: 96, seconds: 26,
    credits: [w("newmember", 60), x("Hannah Cole", 40)] },
  { title: "Neon Heartbeat", genre: "Synthwave", moods: ["nostalgic", "energetic"], key: "F# minor", bpm: 112, seconds: 34,
    credits: [w("admin", 50, "producer"), x("Felix Brandt", 50)] },
  { title: "Slow Burn", genre: "R&B", moods: ["romantic", "moody"], key: "Eb major", bpm: 72, seconds: 36, featured: true,
    credits: [w("member", 45, "topliner"), x("Zara Ahmed", 35), x("Diego Alvarez", 20, "producer"), x("Zara Ahmed", 0, "artist")] },
  { title: "Velvet Static", genre: "R&B", moods: ["dark", "moody"], key: "C minor", bpm: 84, seconds: 30,
    credits: [x("Zara Ahmed", 50, "topliner"), x("Oscar Lindqvist", 50, "producer")] },
  { title: "City of Glass", genre: "Electronic", moods: ["dark", "cinematic"], key: "E minor", bpm: 124, seconds: 33, instrumental: true,
    credits: [w("admin", 60, "producer"), x("Tove Berg", 40, "composer")] },
  { title: "Wildfire Season", genre: "Rock", moods: ["energetic", "anthemic"], key: "E major", bpm: 148, seconds: 24,
    credits: [x("Diego Alvarez", 50), w("newmember", 30), x("Marcus Reed", 20, "producer")] },
  { title: "Backroad Lullaby", genre: "Country", moods: ["nostalgic", "warm"], key: "G major", bpm: 88, seconds: 30,
    credits: [w("newmember", 70), x("Hannah Cole", 30)] },
  { title: "Ocean in a Bottle", genre: "Folk", moods: ["melancholic", "dreamy"], key: "D minor", bpm: 76, seconds: 34,
    credits: [x("Hannah Cole", 60), w("newmember", 40)] },
  { title: "Higher Than the Skyline", genre: "Dance", moods: ["euphoric", "uplifting"], key: "Bb major", bpm: 128, seconds: 30, featured: true,
    credits: [w("member", 35, "topliner"), x("Tove Berg", 35, "producer"), x("Ellie Hart", 30)] },
  { title: "Satellite Hearts", genre: "Pop", moods: ["romantic", "dreamy"], key: "C major", bpm: 100, seconds: 28,
    credits: [w("member", 50), x("Felix Brandt", 50, "producer")] },
  { title: "Concrete Roses", genre: "Hip-Hop", moods: ["confident", "dark"], key: "G minor", bpm: 90, seconds: 27,
    credits: [x("Leo Grant", 60), x("Oscar Lindqvist", 40, "producer"), x("Leo Grant", 0, "artist")] },
  { title: "Summer Never Ends", genre: "Latin", moods: ["playful", "uplifting"], key: "A major", bpm: 102, seconds: 29,
    credits: [x("Diego Alvarez", 50), w("member", 30, "topliner"), x("Marcus Reed", 20, "producer")] },
  { title: "Lights Out, Hearts On", genre: "Dance", moods: ["energetic", "euphoric"], key: "F minor", bpm: 124, seconds: 26,
    credits: [x("Tove Berg", 50, "producer"), w("member", 50, "topliner")] },
  { title: "Echoes of You", genre: "Soul", moods: ["melancholic", "romantic"], key: "Ab major", bpm: 78, seconds: 34,
    credits: [x("Zara Ahmed", 40), w("admin", 30, "producer"), x("Ellie Hart", 30)] },
  { title: "Gravity Falls Apart", genre: "Indie", moods: ["melancholic", "moody"], key: "B minor", bpm: 92, seconds: 28,
    credits: [w("newmember", 50), x("Felix Brandt", 50, "producer")] },
  { title: "Run the Table", genre: "Hip-Hop", moods: ["confident", "energetic"], key: "C# minor", bpm: 95, seconds: 25,
    credits: [x("Leo Grant", 70), w("admin", 30, "producer")] },
  { title: "Northern Lights", genre: "Electronic", moods: ["dreamy", "chill"], key: "F major", bpm: 110, seconds: 36, featured: true, instrumental: true,
    credits: [x("Oscar Lindqvist", 100, "producer")] },
  { title: "Honey & Thunder", genre: "Soul", moods: ["confident", "warm"], key: "Bb major", bpm: 98, seconds: 27,
    credits: [w("member", 60, "topliner"), x("Marcus Reed", 40, "producer")] },
  { title: "Kaleidoscope Kids", genre: "Pop", moods: ["playful", "uplifting"], key: "E major", bpm: 122, seconds: 24,
    credits: [x("Ellie Hart", 40), w("newmember", 30), x("Felix Brandt", 30, "producer")] },
  { title: "Blue Hour Blues", genre: "Soul", moods: ["melancholic", "chill"], key: "E minor", bpm: 70, seconds: 34,
    credits: [x("Zara Ahmed", 100)] },
  { title: "Tidal", genre: "Electronic", moods: ["chill", "dreamy"], key: "D major", bpm: 118, seconds: 30, instrumental: true,
    credits: [w("admin", 100, "producer")] },
  { title: "Firefly Summer", genre: "Country", moods: ["warm", "nostalgic"], key: "A major", bpm: 108, seconds: 26,
    credits: [w("newmember", 50), x("Hannah Cole", 30), x("Diego Alvarez", 20, "producer")] },
  { title: "Stay Until Sunrise", genre: "R&B", moods: ["romantic", "chill"], key: "Db major", bpm: 80, seconds: 32,
    credits: [w("member", 50, "topliner"), x("Oscar Lindqvist", 50, "producer")] },
  { title: "Broken Compass", genre: "Folk", moods: ["melancholic", "hopeful"], key: "C major", bpm: 84, seconds: 30,
    credits: [x("Hannah Cole", 50), x("Ellie Hart", 50)] },
  { title: "Static Bloom", genre: "Synthwave", moods: ["nostalgic", "dreamy"], key: "G# minor", bpm: 106, seconds: 30,
    credits: [x("Felix Brandt", 60, "producer"), w("member", 40, "topliner")] },
  { title: "Crown of Sparks", genre: "Rock", moods: ["anthemic", "confident"], key: "D major", bpm: 140, seconds: 25, featured: true,
    credits: [x("Diego Alvarez", 40), w("newmember", 40), x("Marcus Reed", 20, "producer")] },
  { title: "Salt & Silver", genre: "Folk", moods: ["nostalgic", "melancholic"], key: "A minor", bpm: 90, seconds: 28,
    credits: [w("newmember", 100)] },
  { title: "Sugar Rush Riot", genre: "Pop", moods: ["playful", "energetic"], key: "F major", bpm: 132, seconds: 22,
    credits: [w("member", 40, "topliner"), x("Ellie Hart", 30), x("Tove Berg", 30, "producer")] },
  { title: "Daylight Robbery", genre: "Indie", moods: ["playful", "confident"], key: "B major", bpm: 134, seconds: 22,
    credits: [x("Felix Brandt", 50), w("newmember", 50)] },
  { title: "Afterglow Motel", genre: "Synthwave", moods: ["moody", "nostalgic"], key: "C# minor", bpm: 98, seconds: 32,
    credits: [w("admin", 50, "producer"), x("Zara Ahmed", 50, "topliner")] },
  { title: "Fever Dream Parade", genre: "Dance", moods: ["euphoric", "playful"], key: "G major", bpm: 130, seconds: 26,
    credits: [x("Tove Berg", 60, "producer"), x("Leo Grant", 40)] },
  { title: "Quiet Storm Heart", genre: "R&B", moods: ["romantic", "moody"], key: "F# major", bpm: 74, seconds: 35,
    credits: [w("member", 50, "topliner"), x("Zara Ahmed", 25), x("Oscar Lindqvist", 25, "producer")] },
  { title: "Amber Skies", genre: "Country", moods: ["hopeful", "warm"], key: "E major", bpm: 96, seconds: 28,
    credits: [x("Hannah Cole", 50), w("newmember", 50)] },
  { title: "Lost in the Static", genre: "Indie", moods: ["dreamy", "melancholic"], key: "F# minor", bpm: 100, seconds: 29,
    credits: [w("newmember", 60), x("Felix Brandt", 40, "producer")] },
  { title: "Marigold", genre: "Pop", moods: ["warm", "romantic"], key: "Ab major", bpm: 94, seconds: 30,
    credits: [w("member", 50, "topliner"), x("Ellie Hart", 50)] },
  { title: "Bassline Confessions", genre: "Dance", moods: ["confident", "energetic"], key: "D minor", bpm: 122, seconds: 28,
    credits: [w("admin", 40, "producer"), w("member", 40, "topliner"), x("Leo Grant", 20)] },
  { title: "Glasshouse", genre: "Electronic", moods: ["dark", "cinematic"], key: "B minor", bpm: 168, seconds: 20, instrumental: true,
    credits: [x("Oscar Lindqvist", 50, "producer"), w("admin", 50, "composer")] },
  // Archived: kept for the admin archive, never in the public catalogue or search.
  { title: "Midnight Avenue (Demo)", genre: "Pop", moods: ["nostalgic"], key: "A minor", bpm: 116, seconds: 18, status: "archived",
    credits: [w("member", 60, "topliner"), x("Ellie Hart", 40)] },
  { title: "Rainmaker (Rough Mix)", genre: "Rock", moods: ["energetic", "dark"], key: "E minor", bpm: 152, seconds: 18, status: "archived",
    credits: [x("Diego Alvarez", 100)] },
  { title: "Homesick Satellites", genre: "Indie", moods: ["melancholic"], key: "C minor", bpm: 86, seconds: 20, status: "archived",
    credits: [w("newmember", 100)] },
];

const IMAGES = [
  "streetlights", "the radio", "your jacket", "the harbour", "a paper moon", "the last train", "broken neon", "summer rain",
  "the rooftop", "a polaroid", "the highway", "your voice", "the ocean", "city sparks", "the afterparty", "cold coffee",
];
const VERBS = ["chasing", "holding", "burning", "dancing with", "running from", "dreaming of", "singing to", "waiting for"];
const TIMES = ["tonight", "till the morning", "one more time", "all summer long", "when the lights go down", "before it fades"];

/** Eight lines (verse and chorus) built from the song's own seed, naming its title in the chorus. */
export function demoLyrics(title: string, random: () => number): string {
  const pickOne = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const hook = title.replace(/\s*\(.*\)$/, "");
  const verse = [
    `${capitalise(pickOne(VERBS))} ${pickOne(IMAGES)} ${pickOne(TIMES)}`,
    `I keep ${pickOne(VERBS)} ${pickOne(IMAGES)}`,
    `You said ${pickOne(IMAGES)} would wait for us`,
    `Now it's ${pickOne(IMAGES)} and ${pickOne(IMAGES)}`,
  ];
  const chorus = [
    `Oh, ${hook}, ${pickOne(TIMES)}`,
    `We were ${pickOne(VERBS)} ${pickOne(IMAGES)}`,
    `Oh, ${hook}, take me back`,
    `To ${pickOne(IMAGES)}, ${pickOne(TIMES)}`,
  ];
  return [...verse, "", ...chorus].join("\n");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
