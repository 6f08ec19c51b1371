/**
 * The message port of this process, composed per channel from configuration:
 * e-mail through SMTP when SMTP_URL is set, SMS through Twilio when its
 * credentials are set, and the local adapter (DATA_DIR/messages/outbox.jsonl
 * plus the server log) for a channel with neither.
 */
import type { Env } from "../env.server";
import type { MessagePort, OutgoingMessage } from "./port";
import { createLocalMessages } from "./local.server";
import { createSmtpMessages } from "./smtp.server";
import { createTwilioMessages } from "./twilio.server";

export type { MessagePort, OutgoingMessage } from "./port";
export { createLocalMessages, outboxPath, messagesDir, type OutboxLine } from "./local.server";
export { createSmtpMessages, DEFAULT_MAIL_FROM } from "./smtp.server";
export { createTwilioMessages, DEFAULT_TWILIO_API_BASE, TwilioError } from "./twilio.server";

type MessagesEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "TWILIO_API_BASE">;

/** A real transport, logged without the body: it may carry a code, and logs travel further than mailboxes. */
function logged(transport: MessagePort, log: (line: string) => void): MessagePort {
  return {
    async send(message) {
      await transport.send(message);
      log(`[messages] ${message.channel} sent to ${message.recipient}: ${message.subject}`);
    },
  };
}

export function createMessagePort(env: MessagesEnv, dataDir: string, log: (line: string) => void = (line) => console.log(line)): MessagePort {
  const local = createLocalMessages({ dataDir, log });
  const email = env.SMTP_URL ? logged(createSmtpMessages({ url: env.SMTP_URL, from: env.MAIL_FROM }), log) : local;
  const phone =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? logged(
          createTwilioMessages({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiBase: env.TWILIO_API_BASE }),
          log,
        )
      : local;
  return {
    send: (message: OutgoingMessage) => (message.channel === "email" ? email : phone).send(message),
  };
}
