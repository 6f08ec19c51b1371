/**
 * How the embedded auth adapter hands its codes to the messages port: only
 * after the transaction that stored the code committed, and a send that fails
 * fails the request (503, a plain message, a line in the log). Then the whole
 * path through the /auth page with a real SMTP server configured.
 */
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as authAction } from "~/routes/auth/sign-in";
import { honeypotFormFields } from "~/auth/honeypot.server";
import { createLocalUser } from "~/auth/users.server";
import { createCookieJar } from "~/platform/auth/cookies.server";
import { createLocalAuth } from "~/platform/auth/local.server";
import { createSmtpMessages, createTwilioMessages, type MessagePort } from "~/platform/messages/index.server";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { readOutbox } from "../support/messages";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startTwilioStandIn, type TwilioStandIn } from "../support/twilio-stand-in";

const SECRET = "delivery-secret-delivery-secret-0123456789";
let database: TestDatabase;
let counter = 0;
const uniqueEmail = (kind: string) => `delivery-${kind}-${++counter}@example.test`;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
}, 120_000);
afterAll(async () => {
  await database?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A port that, when asked to send, looks from outside any transaction for the code it carries. */
function portCheckingCommit(seen: { recipient: string; committed: boolean }[]): MessagePort {
  return {
    async send(message) {
      // Inside the still-open transaction this read would wait for it (PGlite) or not
      // see the row (PostgreSQL): bounded, so a wrong order fails instead of hanging.
      const row = await Promise.race([
        database.db.selectFrom("auth.one_time_codes").select("id").where("recipient", "=", message.recipient).executeTakeFirst(),
        new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 2_000)),
      ]);
      seen.push({ recipient: message.recipient, committed: row !== undefined && row !== "timeout" });
    },
  };
}

/** A port on 127.0.0.1 where nothing listens: connections are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the embedded adapter sends codes after commit", () => {
  it("for a sign-up, a code sign-in and a recovery", async () => {
    const seen: { recipient: string; committed: boolean }[] = [];
    const auth = createLocalAuth({ db: database.db, secret: SECRET, messages: portCheckingCommit(seen) });
    const client = () => auth.client(createCookieJar(null));

    const newcomer = uniqueEmail("signup");
    expect((await client().signUp({ email: newcomer, password: "delivery-pass-1" })).error).toBeNull();
    const member = uniqueEmail("member");
    await createLocalUser(database.db, { email: member, password: "delivery-pass-2", confirmed: true });
    expect((await client().signInWithOtp({ email: member, shouldCreateUser: false })).error).toBeNull();
    expect((await client().resetPasswordForEmail(member)).error).toBeNull();

    expect(seen).toEqual([
      { recipient: newcomer, committed: true },
      { recipient: member, committed: true },
      { recipient: member, committed: true },
    ]);
  });

  it("sends nothing when no code was issued", async () => {
    const seen: { recipient: string; committed: boolean }[] = [];
    const auth = createLocalAuth({ db: database.db, secret: SECRET, messages: portCheckingCommit(seen) });
    const client = auth.client(createCookieJar(null));
    // Recovery for an unknown address answers the same, and sends nothing.
    expect((await client.resetPasswordForEmail(uniqueEmail("nobody"))).error).toBeNull();
    expect((await client.signInWithOtp({ email: uniqueEmail("nobody"), shouldCreateUser: false })).error?.code).toBe("otp_disabled");
    expect(seen).toEqual([]);
  });
});

describe("a send that fails fails the request", () => {
  it("answers 503 with a plain message when the SMTP server cannot be reached, and logs why", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const messages = createSmtpMessages({ url: `smtp://127.0.0.1:${await closedPort()}` });
    const auth = createLocalAuth({ db: database.db, secret: SECRET, messages });
    const email = uniqueEmail("unreachable");
    await createLocalUser(database.db, { email, password: "delivery-pass-3", confirmed: true });

    const result = await auth.client(createCookieJar(null)).signInWithOtp({ email, shouldCreateUser: false });
    expect(result.error).toMatchObject({ status: 503, code: "email_send_failed", message: "We could not send the code. Try again in a moment." });
    const logged = errors.mock.calls.map((call) => call.join(" ")).join("\n");
    expect(logged).toContain(`by email to ${email}`);
    expect(logged).toMatch(/ECONNREFUSED/);
  });

  it("answers 503 when Twilio refuses the SMS, and the log names the status, never the token", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const twilio: TwilioStandIn = await startTwilioStandIn();
    try {
      twilio.answerNext(401);
      const token = "delivery-twilio-token-0123456789";
      const messages = createTwilioMessages({ accountSid: "AC-delivery", authToken: token, from: "+15005550006", apiBase: twilio.url });
      const auth = createLocalAuth({ db: database.db, secret: SECRET, messages });
      const result = await auth.client(createCookieJar(null)).signInWithOtp({ phone: "+447700900777", shouldCreateUser: true });
      expect(result.error).toMatchObject({ status: 503, code: "sms_send_failed" });
      expect(twilio.requests).toHaveLength(1);
      const logged = errors.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(logged).toMatch(/by phone to \+447700900777: .*HTTP 401/);
      expect(logged).not.toContain(token);
    } finally {
      await twilio.close();
    }
  });
});

describe("the /auth page with SMTP configured", () => {
  let sink: SmtpSink;
  let dataDir: string;
  const refused = "refused@example.test";
  let address = 0;

  beforeAll(async () => {
    sink = await startSmtpSink({ rejectRecipients: [refused] });
    dataDir = useTestRuntime(database, { SMTP_URL: sink.url, MAIL_FROM: "Hits <codes@hits.example>" }).env.dataDir;
  });
  afterAll(async () => {
    await sink?.close();
  });

  function post(fields: Record<string, string>, cookie?: string) {
    const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `10.9.0.${++address}` });
    if (cookie) headers.set("Cookie", cookie);
    return new Request("http://localhost/auth", { method: "POST", body: new URLSearchParams({ ...honeypotFormFields(), ...fields }), headers });
  }

  /** The action's answer as a Response, whether it returned or threw one. */
  async function act(request: Request): Promise<Response> {
    try {
      const result = (await authAction({ request, params: {}, context: {} })) as unknown;
      if (result instanceof Response) return result;
      const { data, init } = result as { data: unknown; init?: ResponseInit };
      return new Response(JSON.stringify(data), init);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("mails the code to the person, keeps nothing in DATA_DIR, and the mailed code signs in", async () => {
    const email = uniqueEmail("mailed");
    await createLocalUser(database.db, { email, password: "delivery-pass-4", confirmed: true });
    const requested = await act(post({ intent: "otp-request", identifier: email }));
    expect(requested.status).toBe(302);
    const pending = requested.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    const mail = sink.received.find((m) => m.rcptTo.includes(email));
    expect(mail).toMatchObject({ mailFrom: "codes@hits.example", headers: { subject: "Your sign-in code" } });
    expect(readOutbox(dataDir)).toEqual([]);
    const code = /code is (\d{6})/.exec(mail!.body)![1]!;

    const verified = await act(post({ intent: "otp-verify", code }, pending));
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/dashboard");
  });

  it("tells the person the code could not be sent, with 503 and no pending code", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await createLocalUser(database.db, { email: refused, password: "delivery-pass-5", confirmed: true });
    const requested = await act(post({ intent: "otp-request", identifier: refused }));
    expect(requested.status).toBe(503);
    expect(await requested.text()).toContain("We could not send the code. Try again in a moment.");
    expect(requested.headers.getSetCookie().some((c) => c.startsWith("hf_auth_pending="))).toBe(false);
    expect(errors.mock.calls.flat().join(" ")).toMatch(/by email to refused@example\.test: .*No such user here/);
  });
});
