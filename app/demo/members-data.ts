/**
 * The demo collective beyond the five personas of DESIGN §4 (issue 10): 30
 * members with full profiles in a dozen cities, two A&R professionals, a few
 * private profiles, joined over the last two and a half years. Seven of them
 * are the co-writers the demo catalogue credits by name (songs-data.ts), so
 * their pages list those songs; Marcus Reed and Leo Grant stay external
 * co-writers (credits without a member).
 *
 * Links point at example.com-style hosts (RFC 2606), never at real people's
 * accounts. Everyone signs in with the demo password (seed-members.server.ts).
 */
import type { Role } from "~/shared/constants";
import type { Skill } from "~/profile/profile-fields";

export interface DemoMember {
  /** Also the e-mail's local part: <key>@demo.hitfactory.test. */
  key: string;
  displayName: string;
  role: Extract<Role, "accepted_member" | "accepted_ar">;
  /** False: a private profile (not in the directory; its page is 404 to others). */
  public: boolean;
  location: string;
  skills: Skill[];
  /** Lower case, as the profile form stores them. */
  genres: string[];
  bio: string;
  links: { label: string; url: string }[];
  /** Joined this many days before the seed ran. */
  joinedDaysAgo: number;
  /** Credits of the demo catalogue with this exact name become this member's. */
  creditName?: string;
}

export const DEMO_MEMBER_EMAIL_DOMAIN = "demo.hitfactory.test";

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    key: "ellie.hart", displayName: "Ellie Hart", role: "accepted_member", public: true, location: "London", creditName: "Ellie Hart",
    skills: ["writer", "topliner"], genres: ["pop", "dance"], joinedDaysAgo: 610,
    bio: "Melody-first writer with cuts on UK and Nordic pop records. Happiest in a room with a producer who already has the chords.",
    links: [{ label: "Website", url: "https://elliehart.example.com" }, { label: "Instagram", url: "https://instagram.example.com/elliehartwrites" }],
  },
  {
    key: "zara.ahmed", displayName: "Zara Ahmed", role: "accepted_member", public: true, location: "London", creditName: "Zara Ahmed",
    skills: ["artist", "topliner", "vocalist"], genres: ["r&b", "soul"], joinedDaysAgo: 480,
    bio: "Singer and topliner working in late-night R&B. Writes the hook first and the verses on the night bus home.",
    links: [{ label: "SoundCloud", url: "https://soundcloud.example.com/zaraahmed" }],
  },
  {
    key: "felix.brandt", displayName: "Felix Brandt", role: "accepted_member", public: true, location: "Berlin", creditName: "Felix Brandt",
    skills: ["producer", "engineer"], genres: ["electronic", "synthwave", "pop"], joinedDaysAgo: 720,
    bio: "Producer and mix engineer from a basement studio in Kreuzberg. Analogue synths, tape delay, and drums that hit.",
    links: [{ label: "Studio", url: "https://brandt-studio.example.de" }],
  },
  {
    key: "tove.berg", displayName: "Tove Berg", role: "accepted_member", public: true, location: "Stockholm", creditName: "Tove Berg",
    skills: ["producer", "writer"], genres: ["dance", "pop", "electronic"], joinedDaysAgo: 830,
    bio: "Dance-pop producer. Fifteen years of Stockholm sessions, still chasing the perfect pre-chorus.",
    links: [{ label: "Website", url: "https://toveberg.example.se" }],
  },
  {
    key: "oscar.lindqvist", displayName: "Oscar Lindqvist", role: "accepted_member", public: true, location: "Stockholm", creditName: "Oscar Lindqvist",
    skills: ["producer", "instrumentalist"], genres: ["r&b", "hip-hop"], joinedDaysAgo: 540,
    bio: "Keys player turned producer. Warm chords, dusty drums, lots of Rhodes.",
    links: [{ label: "Bandcamp", url: "https://oscarlindqvist.bandcamp.example.com" }],
  },
  {
    key: "hannah.cole", displayName: "Hannah Cole", role: "accepted_member", public: true, location: "Nashville", creditName: "Hannah Cole",
    skills: ["writer", "instrumentalist"], genres: ["country", "folk", "americana"], joinedDaysAgo: 690,
    bio: "Nashville writer with a guitar and a notebook full of titles. Co-writes four days a week on Music Row.",
    links: [{ label: "Website", url: "https://hannahcole.example.com" }],
  },
  {
    key: "diego.alvarez", displayName: "Diego Alvarez", role: "accepted_member", public: true, location: "Los Angeles", creditName: "Diego Alvarez",
    skills: ["producer", "writer", "instrumentalist"], genres: ["rock", "latin", "r&b"], joinedDaysAgo: 400,
    bio: "Guitarist, producer and writer splitting time between Los Angeles and Mexico City sessions.",
    links: [{ label: "YouTube", url: "https://youtube.example.com/@diegoalvarezmusic" }],
  },
  {
    key: "amara.okafor", displayName: "Amara Okafor", role: "accepted_member", public: true, location: "Lagos",
    skills: ["artist", "writer", "vocalist"], genres: ["afrobeats", "r&b", "pop"], joinedDaysAgo: 150,
    bio: "Afrobeats artist and writer. Records vocals in one take and then spends a week on the ad-libs.",
    links: [{ label: "Website", url: "https://amaraokafor.example.com" }, { label: "Instagram", url: "https://instagram.example.com/amaraokafor" }],
  },
  {
    key: "jin.park", displayName: "Jin Park", role: "accepted_member", public: true, location: "Seoul",
    skills: ["producer", "writer"], genres: ["k-pop", "dance", "pop"], joinedDaysAgo: 260,
    bio: "K-pop producer and track maker: big drops, key changes and eight-part vocal stacks.",
    links: [{ label: "Portfolio", url: "https://jinpark.example.kr" }],
  },
  {
    key: "sofia.rossi", displayName: "Sofia Rossi", role: "accepted_member", public: true, location: "Milan",
    skills: ["engineer"], genres: ["pop", "electronic"], joinedDaysAgo: 320,
    bio: "Mix and mastering engineer. Send stems, get loud-but-alive masters back within the week.",
    links: [{ label: "Rates", url: "https://sofiarossi-mastering.example.it/rates" }],
  },
  {
    key: "marcus.bell", displayName: "Marcus Bell", role: "accepted_member", public: true, location: "Atlanta",
    skills: ["producer", "engineer"], genres: ["hip-hop", "r&b", "trap"], joinedDaysAgo: 210,
    bio: "Atlanta producer and engineer. 808s tuned to the key, always.",
    links: [{ label: "Beat store", url: "https://marcusbell.example.com/beats" }],
  },
  {
    key: "chloe.martin", displayName: "Chloé Martin", role: "accepted_member", public: true, location: "Paris",
    skills: ["writer", "topliner", "vocalist"], genres: ["pop", "indie", "chanson"], joinedDaysAgo: 95,
    bio: "Bilingual topliner writing in French and English. Loves a sad lyric over a happy chord.",
    links: [{ label: "Website", url: "https://chloemartin.example.fr" }],
  },
  {
    key: "liam.oconnor", displayName: "Liam O'Connor", role: "accepted_member", public: true, location: "Dublin",
    skills: ["writer", "artist", "instrumentalist"], genres: ["folk", "indie", "rock"], joinedDaysAgo: 560,
    bio: "Singer-songwriter with a fiddle and a loop pedal. Writes stories, not slogans.",
    links: [{ label: "Bandcamp", url: "https://liamoconnor.bandcamp.example.com" }],
  },
  {
    key: "nadia.haddad", displayName: "Nadia Haddad", role: "accepted_member", public: true, location: "London",
    skills: ["producer", "engineer"], genres: ["electronic", "dance"], joinedDaysAgo: 45,
    bio: "Producer and engineer for club records. Runs a small mix room in Hackney.",
    links: [{ label: "Mix room", url: "https://hackneymixroom.example.co.uk" }],
  },
  {
    key: "ben.carter", displayName: "Ben Carter", role: "accepted_member", public: true, location: "Nashville",
    skills: ["producer", "engineer", "instrumentalist"], genres: ["country", "rock"], joinedDaysAgo: 880,
    bio: "Session guitarist, producer and engineer. Has played on more demos than he can count.",
    links: [{ label: "Credits", url: "https://bencarter.example.com/credits" }],
  },
  {
    key: "isla.mackenzie", displayName: "Isla Mackenzie", role: "accepted_member", public: true, location: "Glasgow",
    skills: ["artist", "writer"], genres: ["indie", "pop"], joinedDaysAgo: 30,
    bio: "Indie-pop artist writing her second record. Big choruses, small rooms.",
    links: [{ label: "Website", url: "https://islamackenzie.example.co.uk" }],
  },
  {
    key: "mateo.silva", displayName: "Mateo Silva", role: "accepted_member", public: true, location: "São Paulo",
    skills: ["producer", "instrumentalist"], genres: ["latin", "electronic", "bossa nova"], joinedDaysAgo: 340,
    bio: "Producer blending bossa nova guitar with house drums.",
    links: [{ label: "SoundCloud", url: "https://soundcloud.example.com/mateosilva" }],
  },
  {
    key: "grace.kim", displayName: "Grace Kim", role: "accepted_member", public: true, location: "Los Angeles",
    skills: ["topliner", "vocalist"], genres: ["pop", "k-pop", "r&b"], joinedDaysAgo: 180,
    bio: "Topliner and session vocalist. Demo vocals for pitches in English and Korean.",
    links: [{ label: "Vocal reel", url: "https://gracekim.example.com/reel" }],
  },
  {
    key: "samuel.osei", displayName: "Samuel Osei", role: "accepted_member", public: true, location: "Toronto",
    skills: ["writer", "producer"], genres: ["r&b", "soul", "gospel"], joinedDaysAgo: 730,
    bio: "Writer-producer with a church-choir background. Harmony stacks are the whole point.",
    links: [{ label: "Website", url: "https://samuelosei.example.ca" }],
  },
  {
    key: "freya.nilsson", displayName: "Freya Nilsson", role: "accepted_member", public: true, location: "Stockholm",
    skills: ["topliner", "writer"], genres: ["pop", "dance"], joinedDaysAgo: 12,
    bio: "New to the collective: topliner with a habit of writing three hooks per session.",
    links: [],
  },
  {
    key: "kai.tanaka", displayName: "Kai Tanaka", role: "accepted_member", public: true, location: "Tokyo",
    skills: ["producer", "engineer"], genres: ["electronic", "city pop"], joinedDaysAgo: 420,
    bio: "City-pop revivalist and mix engineer. Slap bass and gated reverb, unironically.",
    links: [{ label: "Website", url: "https://kaitanaka.example.jp" }],
  },
  {
    key: "olivia.brown", displayName: "Olivia Brown", role: "accepted_member", public: true, location: "Sydney",
    skills: ["writer", "artist"], genres: ["indie", "folk"], joinedDaysAgo: 270,
    bio: "Writes on an old upright piano. Folk songs that want to be pop songs.",
    links: [{ label: "Website", url: "https://oliviabrown.example.com.au" }],
  },
  {
    key: "jonas.weber", displayName: "Jonas Weber", role: "accepted_member", public: true, location: "Berlin",
    skills: ["engineer", "instrumentalist"], genres: ["rock", "indie"], joinedDaysAgo: 600,
    bio: "Recording engineer and drummer. Rooms, mics and patience.",
    links: [{ label: "Studio", url: "https://weber-recording.example.de" }],
  },
  {
    key: "priya.sharma", displayName: "Priya Sharma", role: "accepted_member", public: true, location: "Manchester",
    skills: ["writer", "topliner", "producer"], genres: ["pop", "electronic", "bhangra"], joinedDaysAgo: 75,
    bio: "Writer-producer mixing Punjabi percussion into British pop.",
    links: [{ label: "Instagram", url: "https://instagram.example.com/priyasharmamusic" }],
  },
  // A&R professionals.
  {
    key: "jordan.blake", displayName: "Jordan Blake", role: "accepted_ar", public: true, location: "New York",
    skills: [], genres: ["pop", "hip-hop", "r&b"], joinedDaysAgo: 300,
    bio: "A&R at an independent label. Looking for hooks that work in ten seconds and songs that hold for three minutes.",
    links: [{ label: "Label", url: "https://northstar-records.example.com" }],
  },
  {
    key: "camille.dubois", displayName: "Camille Dubois", role: "accepted_ar", public: true, location: "Paris",
    skills: [], genres: ["pop", "electronic", "chanson"], joinedDaysAgo: 140,
    bio: "Publishing A&R for French and Belgian artists; always open to co-writes from the collective.",
    links: [{ label: "Publisher", url: "https://editions-lumiere.example.fr" }],
  },
  // Private profiles: members who have not chosen to be found.
  {
    key: "ruth.evans", displayName: "Ruth Evans", role: "accepted_member", public: false, location: "Cardiff",
    skills: ["writer", "instrumentalist"], genres: ["folk"], joinedDaysAgo: 500,
    bio: "Harpist and writer. Keeps her profile private while she finishes an album.",
    links: [],
  },
  {
    key: "tom.fischer", displayName: "Tom Fischer", role: "accepted_member", public: false, location: "Vienna",
    skills: ["producer", "engineer"], genres: ["electronic"], joinedDaysAgo: 220,
    bio: "Producer. Private for now.",
    links: [],
  },
  {
    key: "lena.vogel", displayName: "Lena Vogel", role: "accepted_member", public: false, location: "Berlin",
    skills: ["engineer", "vocalist"], genres: ["pop"], joinedDaysAgo: 60,
    bio: "Mastering engineer and session singer; not taking new work this year.",
    links: [],
  },
  {
    key: "victor.adeyemi", displayName: "Victor Adeyemi", role: "accepted_ar", public: false, location: "London",
    skills: [], genres: ["afrobeats", "hip-hop"], joinedDaysAgo: 35,
    bio: "A&R scout; browsing quietly.",
    links: [],
  },
];

export function demoMemberEmail(member: Pick<DemoMember, "key">): string {
  return `${member.key}@${DEMO_MEMBER_EMAIL_DOMAIN}`;
}
