/**
 * Demo briefs (issue 11): the demo A&R (ar@demo.hitfactory.test) has two open
 * briefs and a closed one, answered by demo members with catalogue songs they
 * are credited on; some answers are rated. Runs inside seedDemoData's
 * transaction after the members (whose credits it needs); tolerates a demo
 * without credited members (it then posts the briefs without answers).
 */
import { sql, type Transaction } from "kysely";
import { demoAccount } from "~/demo/accounts";
import type { DB } from "~/platform/db/schema";
import type { FeedbackRating } from "~/shortlists/ratings";

const DAY = 24 * 60 * 60_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The Friday after `now` (a week on when today is Friday), as a UTC day. */
function nextFriday(now: Date): string {
  const ahead = ((5 - now.getUTCDay() + 7) % 7) || 7;
  return day(new Date(now.getTime() + ahead * DAY));
}

export const DEMO_BRIEF_COMPANY = "Northbound Records";

interface DemoBrief {
  title: string;
  body: string;
  genre: string | null;
  deadline: (now: Date) => string | null;
  status: "open" | "closed";
  postedDaysAgo: number;
  /** Answers: which credited member (by order) with a note, and the A&R's rating if rated. */
  answers: { member: number; note: string; rating: FeedbackRating | null }[];
}

export const DEMO_BRIEFS: readonly DemoBrief[] = [
  {
    title: "Uptempo pop, female vocal, by Friday",
    body: "A US pop artist is cutting her summer single next month. Looking for bright, uptempo pop (118 to 128 BPM) with a big, singable chorus and a female vocal on the demo. Finished demos or strong work tapes welcome.",
    genre: "Pop",
    deadline: nextFriday,
    status: "open",
    postedDaysAgo: 2,
    answers: [
      { member: 0, note: "Chorus lands at 0:48. Happy to recut the vocal in her key.", rating: "keeper" },
      { member: 1, note: "Written last spring in London; the topline is mine, production by the team.", rating: "maybe" },
      { member: 2, note: "", rating: null },
    ],
  },
  {
    title: "Left-field R&B for a debut EP",
    body: "A new signing's debut EP needs one more song: slow-burning, left-field R&B, space in the production, lyrics about distance. No deadline: we will close it when we find it.",
    genre: "R&B",
    deadline: () => null,
    status: "open",
    postedDaysAgo: 6,
    answers: [{ member: 3, note: "Moody and sparse, as asked. Stems available.", rating: null }],
  },
  {
    title: "Festival dance anthem (closed)",
    body: "Looking for a festival-ready dance track with a vocal hook for a summer campaign. Thank you for every answer: we found our song.",
    genre: "Dance",
    deadline: (now) => day(new Date(now.getTime() - 10 * DAY)),
    status: "closed",
    postedDaysAgo: 30,
    answers: [
      { member: 1, note: "Big drop, vocal hook in the first 30 seconds.", rating: "keeper" },
      { member: 0, note: "", rating: "pass" },
    ],
  },
];

export async function seedDemoBriefs(tx: Transaction<DB>, options: { now: Date; log?: (line: string) => void }): Promise<{ briefs: number; answers: number }> {
  const ar = await tx.selectFrom("auth.users").select("id").where("email", "=", demoAccount("ar").email).executeTakeFirst();
  if (!ar) return { briefs: 0, answers: 0 };
  // One catalogue song per credited member (members of the collective, by name), the first by title.
  const credited = await sql<{ member_id: string; song_id: string }>`
    select distinct on (p.display_name) c.member_id, s.id as song_id
      from song_credits c
      join songs s on s.id = c.song_id and s.status = 'catalogue'
      join profiles p on p.user_id = c.member_id and p.role = 'accepted_member'
     order by p.display_name, s.title, s.id`.execute(tx);
  const members = credited.rows;
  let answers = 0;
  for (const brief of DEMO_BRIEFS) {
    const postedAt = new Date(options.now.getTime() - brief.postedDaysAgo * DAY);
    const row = await tx
      .insertInto("briefs")
      .values({
        ar_id: ar.id,
        company: DEMO_BRIEF_COMPANY,
        title: brief.title,
        body: brief.body,
        genre: brief.genre,
        deadline: brief.deadline(options.now),
        status: brief.status,
        created_at: postedAt,
        updated_at: postedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rows = brief.answers
      .map((answer, index) => ({ answer, index, member: members[answer.member] }))
      .filter((entry) => entry.member !== undefined)
      .map(({ answer, index, member }) => {
        const answeredAt = new Date(postedAt.getTime() + (index + 1) * 3 * 60 * 60_000);
        return {
          brief_id: row.id,
          member_id: member!.member_id,
          song_id: member!.song_id,
          note: answer.note,
          rating: answer.rating,
          rated_at: answer.rating ? new Date(answeredAt.getTime() + DAY) : null,
          created_at: answeredAt,
        };
      });
    if (rows.length > 0) await tx.insertInto("brief_answers").values(rows).execute();
    answers += rows.length;
  }
  options.log?.(`seeded ${DEMO_BRIEFS.length} demo briefs with ${answers} answers`);
  return { briefs: DEMO_BRIEFS.length, answers };
}
