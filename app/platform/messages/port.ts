/**
 * The messages port: how the app reaches one person by e-mail or SMS (codes,
 * recovery and offer links, notices). Adapters: SMTP for e-mail, Twilio's
 * Messages API for SMS, and a local file plus the server log for a channel
 * with no transport configured (index.server.ts composes them).
 *
 * A message is meant for its recipient only: no adapter may expose it to
 * anyone else (docs/decisions/0034-messages-port.md).
 */
export interface OutgoingMessage {
  channel: "email" | "phone";
  /** An e-mail address, or a phone number in E.164 form. */
  recipient: string;
  subject: string;
  /** Plain text; may carry a secret (a code), so it is never logged next to a real transport. */
  body: string;
}

export interface MessagePort {
  /** Resolves once the transport accepted the message; rejects when it did not. */
  send(message: OutgoingMessage): Promise<void>;
}
