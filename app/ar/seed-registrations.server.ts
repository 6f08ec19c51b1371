/**
 * Demo A&R registrations (ADR 0072), inside seedDemoData's transaction after
 * the demo accounts exist:
 *  - pendingar@: a signed-up account (no role) whose request waits for review
 *    (the "pendingAr" persona of the authorization table and the e2e tests);
 *  - declinedar@: an account whose request the demo admin declined with a note;
 *  - the demo A&R's (ar@) own request, approved long ago;
 *  - one request from before registration needed an account (ADR 0023).
 * The demo password's hash is reused from the demo admin (the same password;
 * argon2id is slow on purpose), so this adds no hashing time.
 */
import type { Insertable, Transaction } from "kysely";
import { hashPassword } from "~/auth/users.server";
import { demoAccount } from "~/demo/accounts";
import type { ArRegistrationsTable, DB } from "~/platform/db/schema";
import { DECLINED_AR_DEMO, LEGACY_AR_DEMO, PENDING_AR_DEMO } from "./registration-demo";

const DAY = 24 * 60 * 60_000;

export async function seedDemoArRegistrations(
  tx: Transaction<DB>,
  options: { password: string; now: Date; log?: (line: string) => void },
): Promise<void> {
  const ago = (days: number) => new Date(options.now.getTime() - days * DAY);
  const byEmail = async (email: string) => tx.selectFrom("auth.users").select(["id", "encrypted_password"]).where("email", "=", email).executeTakeFirst();
  const admin = await byEmail(demoAccount("admin").email);
  const ar = await byEmail(demoAccount("ar").email);
  const hash = admin?.encrypted_password ?? (await hashPassword(options.password));

  const accounts = await tx
    .insertInto("auth.users")
    .values(
      [
        { who: PENDING_AR_DEMO, created: ago(2) },
        { who: DECLINED_AR_DEMO, created: ago(20) },
      ].map(({ who, created }) => ({
        email: who.email,
        encrypted_password: hash,
        raw_user_meta_data: JSON.stringify({ display_name: who.displayName, role: "user" }),
        email_confirmed_at: created,
        created_at: created,
        updated_at: created,
      })),
    )
    .returning(["id", "email"])
    .execute();
  const idOf = (email: string) => accounts.find((a) => a.email === email)!.id;

  await tx
    .insertInto("profiles")
    .values(
      [PENDING_AR_DEMO, DECLINED_AR_DEMO].map((who) => ({
        user_id: idOf(who.email),
        role: null,
        display_name: who.displayName,
        public_profile: false,
        links: JSON.stringify([]),
      })),
    )
    .execute();

  const rows: Insertable<ArRegistrationsTable>[] = [
    {
      user_id: idOf(PENDING_AR_DEMO.email),
      email: PENDING_AR_DEMO.email,
      name: PENDING_AR_DEMO.displayName,
      company: PENDING_AR_DEMO.company,
      title: PENDING_AR_DEMO.title,
      territory: PENDING_AR_DEMO.territory,
      links: JSON.stringify(PENDING_AR_DEMO.links),
      message: PENDING_AR_DEMO.message,
      status: "pending" as const,
      created_at: ago(2),
      updated_at: ago(2),
    },
    {
      user_id: idOf(DECLINED_AR_DEMO.email),
      email: DECLINED_AR_DEMO.email,
      name: DECLINED_AR_DEMO.displayName,
      company: DECLINED_AR_DEMO.company,
      title: DECLINED_AR_DEMO.title,
      territory: DECLINED_AR_DEMO.territory,
      links: JSON.stringify(DECLINED_AR_DEMO.links),
      message: DECLINED_AR_DEMO.message,
      status: "declined" as const,
      decided_by: admin?.id ?? null,
      decided_at: ago(18),
      decision_note: DECLINED_AR_DEMO.note,
      created_at: ago(20),
      updated_at: ago(18),
    },
    {
      user_id: null,
      email: LEGACY_AR_DEMO.email,
      name: LEGACY_AR_DEMO.name,
      company: LEGACY_AR_DEMO.company,
      links: "[]",
      message: LEGACY_AR_DEMO.message,
      status: "pending" as const,
      created_at: ago(9),
      updated_at: ago(9),
    },
  ];
  if (ar) {
    rows.push({
      user_id: ar.id,
      email: demoAccount("ar").email,
      name: demoAccount("ar").displayName,
      company: "Brightside Records",
      title: "Senior A&R",
      territory: "North America",
      links: JSON.stringify([{ label: "brightside.example", url: "https://brightside.example/" }]),
      message: "Uptempo pop and left-field R&B.",
      status: "approved" as const,
      decided_by: admin?.id ?? null,
      decided_at: ago(120),
      decision_note: null,
      created_at: ago(121),
      updated_at: ago(120),
    });
  }
  await tx.insertInto("ar_registrations").values(rows).execute();
  options.log?.(`seeded ${rows.length} A&R registrations`);
}
