/**
 * E-mail through an SMTP server (nodemailer), configured by one URL:
 * SMTP_URL=smtp://user:pass@mail.example.com:587 (STARTTLS when the server
 * offers it) or smtps://user:pass@mail.example.com:465 (TLS from the start).
 */
import nodemailer from "nodemailer";
import type { MessagePort } from "./port";

export const DEFAULT_MAIL_FROM = "The Hit Factory <no-reply@localhost>";

/**
 * nodemailer waits up to 2 minutes for a connection and 10 minutes on an idle
 * socket by default; a person is waiting on this request, so give up sooner
 * and let them retry.
 */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export interface SmtpMessagesOptions {
  url: string;
  from?: string;
}

export function createSmtpMessages(options: SmtpMessagesOptions): MessagePort {
  // Keys of the object apply where the URL does not set them (nodemailer's createTransport).
  const transport = nodemailer.createTransport({ url: options.url, ...TIMEOUTS_MS }, { from: options.from ?? DEFAULT_MAIL_FROM });
  return {
    async send(message) {
      if (message.channel !== "email") throw new Error(`The SMTP adapter sends e-mail, not ${message.channel} messages`);
      await transport.sendMail({ to: message.recipient, subject: message.subject, text: message.body });
    },
  };
}
