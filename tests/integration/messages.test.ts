/**
 * The messages port's adapters at their real boundaries: the SMTP adapter
 * against a real SMTP server (smtp-server) on 127.0.0.1, the Twilio adapter
 * against a local HTTP stand-in of Twilio's Messages API, the local adapter on
 * a real directory, and their composition from configuration.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import {
  createLocalMessages,
  createMessagePort,
  createSmtpMessages,
  createTwilioMessages,
  DEFAULT_MAIL_FROM,
  outboxPath,
  type OutgoingMessage,
} from "~/platform/messages/index.server";
import { readOutbox } from "../support/messages";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startTwilioStandIn, type TwilioStandIn } from "../support/twilio-stand-in";

const CODE_MAIL: OutgoingMessage = {
  channel: "email",
  recipient: "writer@example.test",
  subject: "Your sign-in code",
  body: "Your The Hit Factory sign-in code is 482913. It expires in 10 minutes.",
};
const CODE_SMS: OutgoingMessage = {
  channel: "phone",
  recipient: "+447700900123",
  subject: "Your sign-in code",
  body: "Your The Hit Factory sign-in code is 715204. It expires in 10 minutes.",
};

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-messages-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("SMTP adapter (real SMTP server)", () => {
  let sink: SmtpSink;
  afterEach(async () => {
    await sink?.close();
  });

  it("delivers to the recipient with the From, subject and body it was given", async () => {
    sink = await startSmtpSink();
    await createSmtpMessages({ url: sink.url, from: "Hit Factory <codes@hits.example>" }).send(CODE_MAIL);
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.rcptTo).toEqual(["writer@example.test"]);
    expect(mail!.mailFrom).toBe("codes@hits.example");
    expect(mail!.headers.from).toBe("Hit Factory <codes@hits.example>");
    expect(mail!.headers.to).toBe("writer@example.test");
    expect(mail!.headers.subject).toBe("Your sign-in code");
    expect(mail!.body).toBe(CODE_MAIL.body);
  });

  it("sends from MAIL_FROM's default when none is configured", async () => {
    sink = await startSmtpSink();
    await createSmtpMessages({ url: sink.url }).send(CODE_MAIL);
    expect(sink.received[0]!.mailFrom).toBe("no-reply@localhost");
    expect(sink.received[0]!.headers.from).toBe(DEFAULT_MAIL_FROM);
  });

  it("logs in with the credentials of the URL, and fails with wrong ones", async () => {
    sink = await startSmtpSink({ credentials: { user: "mailer", pass: "s3cret/pass" } });
    await createSmtpMessages({ url: sink.url }).send(CODE_MAIL);
    expect(sink.received[0]!.user).toBe("mailer");

    const wrong = `smtp://mailer:wrong@127.0.0.1:${sink.port}`;
    await expect(createSmtpMessages({ url: wrong }).send(CODE_MAIL)).rejects.toThrow(/Invalid username or password/);
    expect(sink.received).toHaveLength(1);
  });

  it("throws when the server refuses the recipient", async () => {
    sink = await startSmtpSink({ rejectRecipients: ["gone@example.test"] });
    const refused = createSmtpMessages({ url: sink.url }).send({ ...CODE_MAIL, recipient: "gone@example.test" });
    await expect(refused).rejects.toThrow(/No such user here/);
    await expect(refused).rejects.toMatchObject({ responseCode: 550 });
    expect(sink.received).toEqual([]);
  });

  it("throws when no server listens", async () => {
    sink = await startSmtpSink();
    const url = sink.url;
    await sink.close();
    await expect(createSmtpMessages({ url }).send(CODE_MAIL)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe("Twilio adapter (local stand-in of the Messages API)", () => {
  let twilio: TwilioStandIn;
  const credentials = { accountSid: "AC0123456789abcdef0123456789abcdef", authToken: "auth-token-never-shown-0123456789", from: "+15005550006" };
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
  });
  afterAll(async () => {
    await twilio?.close();
  });

  it("posts To, From and Body, form-encoded, with basic auth, to the account's Messages resource", async () => {
    await createTwilioMessages({ ...credentials, apiBase: twilio.url }).send(CODE_SMS);
    const request = twilio.requests.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`);
    expect(request.authorization).toBe("Basic " + Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString("base64"));
    expect(request.contentType).toBe("application/x-www-form-urlencoded");
    expect(request.form).toEqual({ To: "+447700900123", From: "+15005550006", Body: CODE_SMS.body });
  });

  it.each([401, 500, 400])("throws on HTTP %i, naming the status but never the token", async (status) => {
    twilio.answerNext(status);
    const error = await createTwilioMessages({ ...credentials, apiBase: twilio.url })
      .send(CODE_SMS)
      .then(() => null, (e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain(String(status));
    const everything = `${error!.message} ${error!.stack} ${JSON.stringify(error)}`;
    expect(everything).not.toContain(credentials.authToken);
    expect(everything).not.toContain(Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString("base64"));
  });

  it("refuses an e-mail: SMS only", async () => {
    const before = twilio.requests.length;
    await expect(createTwilioMessages({ ...credentials, apiBase: twilio.url }).send(CODE_MAIL)).rejects.toThrow(/SMS/);
    expect(twilio.requests).toHaveLength(before);
  });
});

describe("local adapter (DATA_DIR/messages/outbox.jsonl)", () => {
  it("appends one JSON line per message to a 0600 file in a 0700 directory, and logs it", async () => {
    const dataDir = tempDir();
    const lines: string[] = [];
    const local = createLocalMessages({ dataDir, log: (line) => lines.push(line) });
    await local.send(CODE_MAIL);
    await local.send(CODE_SMS);

    const file = outboxPath(dataDir);
    expect(file).toBe(path.join(dataDir, "messages", "outbox.jsonl"));
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    const raw = fs.readFileSync(file, "utf8");
    expect(raw.endsWith("\n")).toBe(true);
    expect(raw.trimEnd().split("\n")).toHaveLength(2);
    expect(readOutbox(dataDir)).toEqual([
      { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), ...CODE_MAIL },
      { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), ...CODE_SMS },
    ]);
    // The log is where a developer on the embedded default reads a code.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("email to writer@example.test");
    expect(lines[0]).toContain("Your sign-in code");
    expect(lines[0]).toContain("482913");
    expect(lines[1]).toContain("phone to +447700900123");
  });

  it("tightens a directory and file that already existed with looser modes", async () => {
    const dataDir = tempDir();
    const file = outboxPath(dataDir);
    fs.mkdirSync(path.dirname(file), { mode: 0o755 });
    fs.chmodSync(path.dirname(file), 0o755);
    fs.writeFileSync(file, "", { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    await createLocalMessages({ dataDir, log: () => undefined }).send(CODE_MAIL);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  });

  it("keeps every line whole when many messages are sent at once", async () => {
    const dataDir = tempDir();
    const local = createLocalMessages({ dataDir, log: () => undefined });
    await Promise.all(Array.from({ length: 50 }, (_, i) => local.send({ ...CODE_MAIL, recipient: `r${i}@example.test` })));
    const recipients = readOutbox(dataDir).map((m) => m.recipient);
    expect(new Set(recipients).size).toBe(50);
  });
});

describe("the port composed from configuration", () => {
  let sink: SmtpSink;
  let twilio: TwilioStandIn;
  beforeAll(async () => {
    sink = await startSmtpSink();
    twilio = await startTwilioStandIn();
  });
  afterAll(async () => {
    await sink?.close();
    await twilio?.close();
  });

  it("sends both channels to DATA_DIR when no transport is configured", async () => {
    const dataDir = tempDir();
    const port = createMessagePort(parseEnv({}), dataDir, () => undefined);
    await port.send(CODE_MAIL);
    await port.send(CODE_SMS);
    expect(readOutbox(dataDir).map((m) => m.channel)).toEqual(["email", "phone"]);
  });

  it("sends e-mail by SMTP and SMS by Twilio when configured, logging neither body", async () => {
    const dataDir = tempDir();
    const lines: string[] = [];
    const env = parseEnv({
      SMTP_URL: sink.url,
      MAIL_FROM: "Hits <hits@example.test>",
      TWILIO_ACCOUNT_SID: "AC-composed",
      TWILIO_AUTH_TOKEN: "composed-token",
      TWILIO_FROM: "+15005550006",
      TWILIO_API_BASE: twilio.url,
    });
    const port = createMessagePort(env, dataDir, (line) => lines.push(line));
    await port.send(CODE_MAIL);
    await port.send(CODE_SMS);

    expect(sink.received.at(-1)).toMatchObject({ rcptTo: ["writer@example.test"], mailFrom: "hits@example.test", body: CODE_MAIL.body });
    expect(twilio.requests.at(-1)).toMatchObject({ path: "/2010-04-01/Accounts/AC-composed/Messages.json", form: { To: "+447700900123", Body: CODE_SMS.body } });
    expect(fs.existsSync(outboxPath(dataDir))).toBe(false);
    expect(lines).toEqual(["[messages] email sent to writer@example.test: Your sign-in code", "[messages] phone sent to +447700900123: Your sign-in code"]);
    expect(lines.join("\n")).not.toMatch(/482913|715204/);
  });

  it("keeps SMS local when only e-mail has a transport", async () => {
    const dataDir = tempDir();
    const port = createMessagePort(parseEnv({ SMTP_URL: sink.url }), dataDir, () => undefined);
    const before = sink.received.length;
    await port.send(CODE_SMS);
    expect(sink.received).toHaveLength(before);
    expect(readOutbox(dataDir)).toMatchObject([{ channel: "phone", recipient: "+447700900123" }]);
  });
});
