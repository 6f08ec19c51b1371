/**
 * Demo holds (issue 11): the demo A&R (ar@demo.hitfactory.test, Riley Reyes)
 * has a hold in each state an A&R sees: one requested (waiting in
 * /admin/holds), one granted until ten days from now, one declined with the
 * admin's note, and one granted hold that ran out (shown as expired). The
 * answers come from the demo admin. Tolerates a catalogue without these songs.
 */
import type { Transaction } from "kysely";
import { demoAccount } from "~/demo/accounts";
import type { DB } from "~/platform/db/schema";

const DAY = 24 * 60 * 60_000;

const DEMO_HOLDS = [
  { title: "Midnight Avenue", status: "requested", requestedDaysAgo: 1, note: "For a Nordic pop act's spring single; we would like to record a demo in March." },
  { title: "Golden Hour Drive", status: "granted", requestedDaysAgo: 6, decidedDaysAgo: 5, endsInDays: 10, note: "Pitching to a label showcase next week.", response: "Granted for the showcase. Good luck!" },
  { title: "City of Glass", status: "declined", requestedDaysAgo: 12, decidedDaysAgo: 11, note: "Sync pitch for a car advert.", response: "This one is already placed for sync this quarter. Ask again in the spring." },
  { title: "Paper Planes at Dawn", status: "granted", requestedDaysAgo: 40, decidedDaysAgo: 39, endsInDays: -25, note: "For an indie artist's EP.", response: "" },
] as const;

export async function seedDemoHolds(tx: Transaction<DB>, options: { now: Date; log?: (line: string) => void }): Promise<number> {
  const users = await tx.selectFrom("auth.users").select(["id", "email"]).where("email", "in", [demoAccount("ar").email, demoAccount("admin").email]).execute();
  const arId = users.find((user) => user.email === demoAccount("ar").email)?.id;
  const adminId = users.find((user) => user.email === demoAccount("admin").email)?.id;
  if (!arId || !adminId) return 0;
  const songs = await tx
    .selectFrom("songs")
    .select(["id", "title"])
    .where("status", "=", "catalogue")
    .where("title", "in", DEMO_HOLDS.map((hold) => hold.title))
    .execute();
  const rows = DEMO_HOLDS.flatMap((hold) => {
    const song = songs.find((candidate) => candidate.title === hold.title);
    if (!song) return [];
    const at = (days: number) => new Date(options.now.getTime() - days * DAY);
    const decided = "decidedDaysAgo" in hold ? at(hold.decidedDaysAgo) : null;
    return [
      {
        song_id: song.id,
        ar_id: arId,
        status: hold.status,
        note: hold.note,
        requested_at: at(hold.requestedDaysAgo),
        decided_by: decided ? adminId : null,
        decided_at: decided,
        // A UTC day's last moment, as a grant through the admin page has.
        expires_at: "endsInDays" in hold ? new Date(new Date(options.now.getTime() + hold.endsInDays * DAY).toISOString().slice(0, 10) + "T23:59:59.999Z") : null,
        response_note: "response" in hold && hold.response ? hold.response : null,
      },
    ];
  });
  if (rows.length) await tx.insertInto("song_holds").values(rows).execute();
  options.log?.(`seeded ${rows.length} demo holds`);
  return rows.length;
}
