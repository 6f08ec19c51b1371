/**
 * Demo applications (issue 11), inside the demo seed's transaction, after the
 * accounts: the demo applicant (applicant@demo.hitfactory.test) has a PENDING
 * application with two collaborations and one solo track, and DEMO_APPLICANTS
 * (real accounts, the demo password, no role) hold one application in each
 * status: a draft, two more pending, shortlisted, waitlisted, declined,
 * accepted and withdrawn. Every pending and shortlisted one has collab AND
 * solo tracks, so the review page's player can cross from one applicant to
 * the next in either mode. Decisions carry the admin who made them and a note;
 * the review helper's seeder adds ratings, decision events and the offer.
 *
 * Audio: short generated clips (6 to 9 seconds, app/demo/audio-synth.ts),
 * fixed by their seed, so a second seed into the same storage reuses them.
 */
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { hashPassword } from "~/auth/users.server";
import { wavPeaks } from "~/catalog/audio-info";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { DEMO_ACCOUNTS } from "~/demo/accounts";
import { DEMO_SAMPLE_RATE, barsFor, renderSong } from "~/demo/audio-synth";
import { encodeWav } from "~/demo/audio-wav";
import { GENRE_STYLES } from "~/demo/songs-data";
import { createRandom, pick, seedOf } from "~/demo/songs-random";
import type { DemoFiles } from "~/demo/songs.server";
import type { ApplicationStatusValue, DB } from "~/platform/db/schema";
import { AUDIO_TYPES } from "~/shared/media-types";
import { generatePublicKey } from "./applications.server";
import type { ApplicationKind } from "./constants";
import { applicationTrackKey, type TrackMode } from "./track-ids";

const GENERATOR_VERSION = "v1";
const DAY = 24 * 60 * 60_000;

export interface DemoApplicant {
  key: string;
  displayName: string;
  location: string;
  kind: ApplicationKind;
  status: ApplicationStatusValue;
  bio: string;
  collab: number;
  solo: number;
  /** Days since they submitted (a draft: since they last saved). */
  daysAgo: number;
  note?: string;
}

/** The demo applicants beyond the persona; their e-mail is demoApplicantEmail(key). */
export const DEMO_APPLICANTS: readonly DemoApplicant[] = [
  { key: "priya", displayName: "Priya Nair", location: "Manchester", kind: "producer", status: "draft", collab: 1, solo: 0, daysAgo: 1,
    bio: "Producer from Manchester: garage and two-step, finishing my first EP." },
  { key: "jonah", displayName: "Jonah Reed", location: "Austin", kind: "writer", status: "pending", collab: 2, solo: 1, daysAgo: 3,
    bio: "Country-pop writer. Co-wrote two album cuts last year and I play every writers' round in town." },
  { key: "lena", displayName: "Lena Okafor", location: "Lagos", kind: "both", status: "pending", collab: 1, solo: 2, daysAgo: 5,
    bio: "Afro-pop writer and producer. I build the beat and the topline in the same session." },
  { key: "marco", displayName: "Marco Silva", location: "Lisbon", kind: "producer", status: "shortlisted", collab: 2, solo: 2, daysAgo: 9,
    bio: "Dance producer, four releases on independent labels, remixes for two major-label artists." },
  { key: "hana", displayName: "Hana Sato", location: "Tokyo", kind: "writer", status: "waitlisted", collab: 1, solo: 1, daysAgo: 20,
    bio: "J-pop and K-pop topliner writing in English and Japanese.",
    note: "Strong toplines. We have no J-pop sessions planned this quarter; we will come back to you when we do." },
  { key: "theo", displayName: "Theo Grant", location: "Glasgow", kind: "producer", status: "declined", collab: 1, solo: 1, daysAgo: 30,
    bio: "Lo-fi hip-hop producer, mostly instrumentals.",
    note: "Thank you for applying. Our camps are vocal-led for now; we would love to hear songs with a topline next time." },
  { key: "zara", displayName: "Zara Ahmed", location: "Toronto", kind: "both", status: "accepted", collab: 1, solo: 1, daysAgo: 14,
    bio: "R&B writer and producer. Sessions with artists from three labels this year." },
  { key: "oscar", displayName: "Oscar Lind", location: "Gothenburg", kind: "writer", status: "withdrawn", collab: 1, solo: 0, daysAgo: 12,
    bio: "Melodic writer, mostly ballads." },
];

export const demoApplicantEmail = (applicant: Pick<DemoApplicant, "key">) => `${applicant.key}.applicant@demo.hitfactory.test`;

/** The demo persona's own application (applicant@): pending, two collaborations and one solo track. */
const PERSONA: Omit<DemoApplicant, "key" | "displayName"> = {
  location: "Berlin",
  kind: "writer",
  status: "pending",
  collab: 2,
  solo: 1,
  daysAgo: 2,
  bio: "Indie writer from Berlin. I write on guitar and finish songs with producers I meet online.",
};

const WORDS_A = ["Borrowed", "Late", "Open", "Paper", "Northern", "Second", "Slow", "Bright", "Copper", "Blue"];
const WORDS_B = ["Window", "Season", "Letters", "Engine", "Harbour", "Lights", "Weather", "Stairs", "Radio", "Summer"];
const ANSWERS = [
  "Finishing an EP with two producers I met at a writers' round, and a pitch for a dance single.",
  "The writers in this collective whose credits I keep seeing on records I love: I want to learn how they finish songs.",
  "A song about my grandmother's kitchen: I wrote the topline in one night and it was cut by an indie artist last spring.",
];

export interface ApplicationSeedOptions {
  password: string;
  now: Date;
  files: DemoFiles;
  log?: (line: string) => void;
}

export async function seedDemoApplications(tx: Transaction<DB>, options: ApplicationSeedOptions): Promise<{ applications: number; tracks: number }> {
  const started = Date.now();
  const hash = await hashPassword(options.password);
  const created = await tx
    .insertInto("auth.users")
    .values(
      DEMO_APPLICANTS.map((applicant) => {
        const joined = new Date(options.now.getTime() - (applicant.daysAgo + 2) * DAY);
        return {
          email: demoApplicantEmail(applicant),
          encrypted_password: hash,
          raw_user_meta_data: JSON.stringify({ display_name: applicant.displayName, role: "user" }),
          email_confirmed_at: joined,
          created_at: joined,
          updated_at: joined,
        };
      }),
    )
    .returning(["id", "email"])
    .execute();
  const idOf = new Map(created.map((user) => [user.email, user.id]));
  await tx
    .insertInto("profiles")
    .values(
      DEMO_APPLICANTS.map((applicant) => ({
        user_id: idOf.get(demoApplicantEmail(applicant))!,
        role: null,
        display_name: applicant.displayName,
        public_profile: false,
        // A decision they have not seen yet shows in their banner.
        has_seen_decision_banner: !["waitlisted", "declined", "accepted"].includes(applicant.status),
        location: applicant.location,
        links: JSON.stringify([]),
      })),
    )
    .execute();

  const persona = DEMO_ACCOUNTS.find((account) => account.key === "applicant")!;
  const admin = DEMO_ACCOUNTS.find((account) => account.key === "admin")!;
  const people = await tx.selectFrom("auth.users").select(["id", "email"]).where("email", "in", [persona.email, admin.email]).execute();
  const personaId = people.find((row) => row.email === persona.email)?.id;
  const adminId = people.find((row) => row.email === admin.email)?.id ?? null;

  const questions = await tx
    .selectFrom("application_questions")
    .select(["id", "prompt"])
    .where("archived_at", "is", null)
    .orderBy("position")
    .orderBy("created_at")
    .execute();

  const plan: (DemoApplicant & { userId: string })[] = DEMO_APPLICANTS.map((applicant) => ({ ...applicant, userId: idOf.get(demoApplicantEmail(applicant))! }));
  if (personaId) plan.unshift({ ...PERSONA, key: "applicant", displayName: persona.displayName, userId: personaId });

  const styles = Object.values(GENRE_STYLES);
  let tracks = 0;
  for (const applicant of plan) {
    const at = new Date(options.now.getTime() - applicant.daysAgo * DAY);
    const submitted = applicant.status !== "draft";
    const decided = ["waitlisted", "declined", "accepted"].includes(applicant.status);
    const decidedAt = new Date(at.getTime() + 4 * DAY);
    const answers = questions
      .map((question, index) => ({ questionId: question.id, prompt: question.prompt, answer: ANSWERS[index % ANSWERS.length]! }))
      // A draft is unfinished: its last answer is still empty.
      .slice(0, applicant.status === "draft" ? Math.max(0, questions.length - 1) : questions.length);
    const publicKey = generatePublicKey();
    const application = await tx
      .insertInto("applications")
      .values({
        user_id: applicant.userId,
        public_key: publicKey,
        kind: applicant.kind,
        name: applicant.displayName,
        location: applicant.location,
        bio: applicant.bio,
        links: JSON.stringify([{ label: "Portfolio", url: `https://example.com/${applicant.key}` }]),
        answers: JSON.stringify(answers),
        status: applicant.status,
        submitted_at: submitted ? at : null,
        decided_at: decided ? decidedAt : null,
        decided_by: decided ? adminId : null,
        decision_note: applicant.note ?? null,
        created_at: new Date(at.getTime() - DAY),
        updated_at: decided ? decidedAt : at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const events: { action: string; from: ApplicationStatusValue | null; to: ApplicationStatusValue; at: Date }[] = [
      { action: "created", from: null, to: "draft", at: new Date(at.getTime() - DAY) },
    ];
    if (submitted) events.push({ action: "submitted", from: "draft", to: "pending", at });
    if (applicant.status === "withdrawn") events.push({ action: "withdrawn", from: "pending", to: "withdrawn", at: new Date(at.getTime() + DAY) });
    await tx
      .insertInto("application_events")
      .values(events.map((event) => ({ application_id: application.id, actor_id: applicant.userId, action: event.action, from_status: event.from, to_status: event.to, created_at: event.at })))
      .execute();

    for (const mode of ["collab", "solo"] as TrackMode[]) {
      const count = mode === "collab" ? applicant.collab : applicant.solo;
      for (let n = 1; n <= count; n++) {
        const seed = seedOf(`application:${GENERATOR_VERSION}:${applicant.key}:${mode}:${n}`);
        const random = createRandom(seed);
        const bpm = 86 + Math.floor(random() * 44);
        const seconds = 6 + Math.floor(random() * 4);
        const audioPath = `applications/demo/${GENERATOR_VERSION}/${seed.toString(16)}${AUDIO_TYPES.wav.extension}`;
        let bytes = await options.files.storage.get(AUDIO_BUCKET, audioPath);
        if (!bytes) {
          const samples = renderSong({ seed, bpm, root: Math.floor(random() * 12), mode: random() < 0.5 ? "major" : "minor", bars: barsFor(bpm, seconds, 6), style: pick(random, styles) });
          bytes = encodeWav(samples, DEMO_SAMPLE_RATE);
          await options.files.storage.put(AUDIO_BUCKET, audioPath, bytes, AUDIO_TYPES.wav.contentType);
          options.files.record(AUDIO_BUCKET, audioPath);
        }
        await tx
          .insertInto("storage_objects")
          .values({
            bucket: AUDIO_BUCKET,
            path: audioPath,
            content_type: AUDIO_TYPES.wav.contentType,
            size_bytes: bytes.byteLength,
            sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
            kind: "audio",
            uploaded_by: applicant.userId,
          })
          .onConflict((conflict) => conflict.columns(["bucket", "path"]).doNothing())
          .execute();
        await tx
          .insertInto("application_tracks")
          .values({
            application_id: application.id,
            mode,
            track_key: applicationTrackKey(publicKey, mode, n),
            title: `${pick(random, WORDS_A)} ${pick(random, WORDS_B)}`,
            audio_bucket: AUDIO_BUCKET,
            audio_path: audioPath,
            content_type: AUDIO_TYPES.wav.contentType,
            size_bytes: bytes.byteLength,
            duration_seconds: (bytes.byteLength - 44) / 2 / DEMO_SAMPLE_RATE,
            peaks: JSON.stringify(wavPeaks(bytes)),
            created_at: new Date(at.getTime() - DAY + n * 60_000),
          })
          .execute();
        tracks++;
      }
    }
  }
  options.log?.(`seeded ${plan.length} applications with ${tracks} tracks in ${Date.now() - started} ms`);
  return { applications: plan.length, tracks };
}
