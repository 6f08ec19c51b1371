/**
 * Demo inbox (issue 10): the demo member finds two messages from members who
 * got in touch (one unread) and a notice from the team, so the header's count
 * and /inbox have something to show on the embedded default. Only seeded
 * accounts are used; nobody's e-mail appears in a notice.
 */
import type { Transaction } from "kysely";
import type { DB } from "~/platform/db/schema";
import { demoAccount } from "~/demo/accounts";
import { deliverNotice } from "./inbox.server";

const HOUR = 60 * 60_000;

export async function seedDemoNotices(tx: Transaction<DB>, options: { now: Date; log?: (line: string) => void }): Promise<number> {
  const users = await tx
    .selectFrom("auth.users")
    .select(["id", "email"])
    .where("email", "in", [demoAccount("member").email, demoAccount("ar").email, demoAccount("newmember").email])
    .execute();
  const idOf = (key: "member" | "ar" | "newmember") => users.find((u) => u.email === demoAccount(key).email)?.id;
  const maya = idOf("member");
  const riley = idOf("ar");
  const noah = idOf("newmember");
  if (!maya || !riley || !noah) return 0;

  const notices = [
    {
      at: 2 * HOUR,
      read: false,
      notice: {
        recipientId: maya,
        senderId: riley,
        senderName: demoAccount("ar").displayName,
        kind: "contact" as const,
        subject: "Toplines for a Nordic pop act",
        body:
          "Hi Maya, I'm looking for a topliner for a Swedish artist's next single: bright, 118 BPM, spring release.\n\n" +
          "Your work on Golden Hour Drive is close to the brief. Could you send me two or three ideas by the end of the month?",
        link: `/members/${riley}`,
      },
    },
    {
      at: 3 * 24 * HOUR,
      read: true,
      notice: {
        recipientId: maya,
        senderId: noah,
        senderName: demoAccount("newmember").displayName,
        kind: "contact" as const,
        subject: "Co-write in Nashville?",
        body: "Hey Maya, I'm new here and loved your showcase. I'll be writing in Nashville next month: fancy a session over video?",
        link: `/members/${noah}`,
      },
    },
    {
      at: 120 * 24 * HOUR,
      read: true,
      notice: {
        recipientId: maya,
        kind: "system" as const,
        subject: "Your inbox",
        body:
          "Messages from members and A&R who get in touch through your profile arrive here, as will news about applications, offers, approvals, brief answers and camp invitations. " +
          "Sign-in codes and password links never do: those only go to your own e-mail or phone.",
        link: "/profile",
      },
    },
  ];
  for (const { at, read, notice } of notices) {
    const { id } = await deliverNotice(tx, notice);
    const createdAt = new Date(options.now.getTime() - at);
    await tx
      .updateTable("notices")
      .set({ created_at: createdAt, read_at: read ? new Date(createdAt.getTime() + HOUR) : null })
      .where("id", "=", id)
      .execute();
  }
  options.log?.(`seeded ${notices.length} inbox notices`);
  return notices.length;
}
