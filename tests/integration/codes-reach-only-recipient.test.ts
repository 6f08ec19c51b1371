/**
 * THE ATTACK, reproduced: an anonymous visitor asks for codes meant for
 * someone else (a sign-in code and a password recovery for the admin, a phone
 * code for a phone account through a phone test page), then reads every page
 * the app offers with the cookies those requests gave them. No answer may
 * carry a code. The codes are taken from where the server really put them
 * (DATA_DIR/messages/outbox.jsonl, the local messages adapter), which proves
 * they were sent, and the last test shows they are live: whoever holds one is
 * in.
 *
 * Runs through the app's real request handler on a seeded database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccount } from "~/demo/accounts";
import { createLocalUser } from "~/auth/users.server";
import { getRuntime } from "~/platform/runtime.server";
import { latestCode } from "../support/messages";
import { TestClient } from "../support/app-handler";
import { ROUTE_TABLE } from "../support/route-table";
import { createRouteTableWorld, type RouteTableWorld } from "../support/route-table-world";

const ADMIN = demoAccount("admin").email;
const VICTIM_PHONE = "+447700900321";
const PHONE_PAGES = ["/test-phone-auth", "/simple-phone-test", "/working-phone-test", "/local-phone-test"];

let world: RouteTableWorld;
let dataDir: string;
/** One attacker (one browser) per attack: each holds the cookies its request returned. */
const attackers = {} as Record<"signIn" | "recovery" | "phone", TestClient>;
const codes = {} as Record<"signIn" | "recovery" | "phone", string>;

beforeAll(async () => {
  world = await createRouteTableWorld(["anonymous"]);
  dataDir = getRuntime().env.dataDir;
  await createLocalUser(world.database.db, { phone: VICTIM_PHONE, password: "victim-phone-pass-1", confirmed: true });
  attackers.signIn = new TestClient(world.app, { address: "198.51.100.1" });
  attackers.recovery = new TestClient(world.app, { address: "198.51.100.2" });
  attackers.phone = new TestClient(world.app, { address: "198.51.100.3" });
}, 120_000);
afterAll(async () => {
  await world?.close();
});

/** A code, as its own token: not a run of digits inside a longer number or id. */
const codePattern = (code: string) => new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`);

/** Everything a response gives its reader: status line, headers and body. */
async function everything(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  return `${response.status}\n${headers}\n\n${await response.text()}`;
}

/**
 * Every way the app offers to read a page, for one attacker: the old outbox,
 * the code-entry steps of /auth, the phone test pages, their loader data, and
 * every path of THE AUTHORIZATION TABLE.
 */
function pathsToTry(): string[] {
  const pages = [
    "/auth/outbox",
    "/auth?mode=otp&step=verify",
    "/auth?mode=recover&step=verify",
    "/auth?mode=sign-up",
    ...PHONE_PAGES,
    ...ROUTE_TABLE.map((row) => world.fill(row.path)),
  ];
  // Remix's single-fetch data for each page: what a client-side navigation reads.
  const data = pages.map((page) => {
    const url = new URL(page, "http://x");
    return `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`;
  });
  return [...new Set([...pages, ...data])];
}

describe("an attacker asks for someone else's codes", () => {
  it("requests a sign-in code and a password recovery for the admin, and a code for a phone account", async () => {
    const signIn = await attackers.signIn.post("/auth?mode=otp", {
      intent: "otp-request",
      identifier: ADMIN,
      ...(await attackers.signIn.honeypotFields("/auth?mode=otp")),
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/auth?mode=otp&step=verify");

    const recovery = await attackers.recovery.post("/auth?mode=recover", {
      intent: "recover-request",
      identifier: ADMIN,
      ...(await attackers.recovery.honeypotFields("/auth?mode=recover")),
    });
    expect(recovery.status).toBe(302);
    expect(recovery.headers.get("location")).toBe("/auth?mode=recover&step=verify");

    const phone = await attackers.phone.post("/test-phone-auth", {
      intent: "send",
      phone: VICTIM_PHONE,
      ...(await attackers.phone.honeypotFields("/test-phone-auth")),
    });
    expect(phone.status).toBe(302);

    // The codes were really sent: to the admin's address and the phone's number.
    codes.signIn = await latestCode(dataDir, ADMIN, { subject: "Your sign-in code" });
    codes.recovery = await latestCode(dataDir, ADMIN, { subject: "Reset your password" });
    codes.phone = await latestCode(dataDir, VICTIM_PHONE, { subject: "Your sign-in code" });
  });

  it("finds no outbox page", async () => {
    for (const attacker of Object.values(attackers)) {
      expect((await attacker.get("/auth/outbox")).status).toBe(404);
    }
  });

  it("sees only a masked address or number on the code-entry steps", async () => {
    const signIn = await (await attackers.signIn.get("/auth?mode=otp&step=verify")).text();
    expect(signIn).toContain("a***@demo.hitfactory.test");
    expect(signIn).not.toContain(ADMIN);
    const recovery = await (await attackers.recovery.get("/auth?mode=recover&step=verify")).text();
    expect(recovery).toContain("a***@demo.hitfactory.test");
    for (const page of PHONE_PAGES) {
      const text = await (await attackers.phone.get(page)).text();
      expect(text).toContain("+44••••••0321");
      expect(text).not.toContain(VICTIM_PHONE);
    }
  });

  it("reads no code on any page, its data or its headers", async () => {
    const paths = pathsToTry();
    expect(paths.length).toBeGreaterThan(ROUTE_TABLE.length);
    const leaks: string[] = [];
    for (const [name, attacker] of Object.entries(attackers)) {
      for (const path of paths) {
        const seen = await everything(await attacker.get(path));
        for (const [which, code] of Object.entries(codes)) {
          if (codePattern(code).test(seen)) leaks.push(`${name} attacker read the ${which} code at ${path}`);
        }
        if (/code is \d{6}/.test(seen)) leaks.push(`${name} attacker read a message body at ${path}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("would be the admin with the code: the codes are live, so keeping them unseen is what protects the account", async () => {
    const verified = await attackers.signIn.post("/auth?mode=otp", {
      intent: "otp-verify",
      code: codes.signIn,
      ...(await attackers.signIn.honeypotFields("/auth?mode=otp&step=verify")),
    });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/admin");
  });
});
