/**
 * SMS through Twilio's Messages API: POST
 * {TWILIO_API_BASE}/2010-04-01/Accounts/{sid}/Messages.json with HTTP basic
 * auth (account SID and auth token) and a form-encoded To, From and Body.
 * TWILIO_API_BASE exists so tests can point it at a local stand-in.
 */
import type { MessagePort } from "./port";

export const DEFAULT_TWILIO_API_BASE = "https://api.twilio.com";
/** A person is waiting on this request: a stuck API must not hold it for long. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface TwilioMessagesOptions {
  accountSid: string;
  authToken: string;
  from: string;
  apiBase?: string;
  fetch?: typeof fetch;
}

export class TwilioError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly twilioCode?: number,
  ) {
    super(message);
    this.name = "TwilioError";
  }
}

/** Twilio's error number from a failure body ({"code": 20003, "message": ...}), if any. */
async function errorCodeOf(response: Response): Promise<number | undefined> {
  try {
    const body = (await response.json()) as { code?: unknown };
    return typeof body.code === "number" ? body.code : undefined;
  } catch {
    return undefined;
  }
}

export function createTwilioMessages(options: TwilioMessagesOptions): MessagePort {
  const base = (options.apiBase ?? DEFAULT_TWILIO_API_BASE).replace(/\/+$/, "");
  const endpoint = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = "Basic " + Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64");
  const doFetch = options.fetch ?? fetch;

  return {
    async send(message) {
      if (message.channel !== "phone") throw new Error(`The Twilio adapter sends SMS, not ${message.channel} messages`);
      // An SMS has no subject line: the body says it all. Not retried: a
      // second POST after a lost answer could text the person twice.
      const response = await doFetch(endpoint, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ To: message.recipient, From: options.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      // Only the status and Twilio's error number: never the request (the token) or a body we did not write.
      const code = await errorCodeOf(response);
      throw new TwilioError(`Twilio refused the SMS with HTTP ${response.status}${code ? ` (Twilio error ${code})` : ""}`, response.status, code);
    },
  };
}
