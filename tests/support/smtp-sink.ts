/**
 * A real SMTP server on 127.0.0.1 (smtp-server, from nodemailer's authors) that
 * keeps what it receives, so the SMTP adapter is tested over a real SMTP
 * conversation: envelope, headers, body, authentication and refusals.
 *
 * Plain text only (STARTTLS is not offered): with TLS the test would be about
 * certificates, not about what the adapter sends.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  /** The authenticated user name, if the client logged in. */
  user?: string;
  headers: Record<string, string>;
  body: string;
}

export interface SmtpSinkOptions {
  /** Require this user and password (AUTH PLAIN/LOGIN); without it no login is needed. */
  credentials?: { user: string; pass: string };
  /** Recipients answered with 550 at RCPT TO. */
  rejectRecipients?: string[];
}

export interface SmtpSink {
  port: number;
  /** smtp://[user:pass@]127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** Headers (unfolded, names lower-cased) and body of a raw message; quoted-printable bodies decoded. */
export function parseMail(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  let body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (/quoted-printable/i.test(headers["content-transfer-encoding"] ?? "")) {
    body = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { headers, body: body.replace(/\r\n$/, "") };
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const rejected = new Set((options.rejectRecipients ?? []).map((r) => r.toLowerCase()));
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.credentials,
    // Login over plain text: acceptable on loopback in a test, never elsewhere.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const { user, pass } = options.credentials ?? {};
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error("No such user here"), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { headers, body } = parseMail(Buffer.concat(chunks).toString("utf8"));
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          mailFrom: mailFrom ? mailFrom.address : "",
          rcptTo: rcptTo.map((r) => r.address),
          user: typeof session.user === "string" ? session.user : undefined,
          headers,
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const auth = options.credentials ? `${encodeURIComponent(options.credentials.user)}:${encodeURIComponent(options.credentials.pass)}@` : "";
  return {
    port,
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
