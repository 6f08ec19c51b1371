/**
 * A local stand-in for Twilio's Messages API over real HTTP (Twilio cannot be
 * reached here): POST /2010-04-01/Accounts/{sid}/Messages.json with basic
 * auth and a form body, answered as Twilio does (201 and the message as JSON,
 * or an error body with Twilio's `code`). `answerNext` forces an error status.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export interface TwilioStandIn {
  url: string;
  requests: TwilioRequest[];
  /** The next requests are answered with these statuses (and a Twilio error body), in order. */
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
}

const ERROR_BODIES: Record<number, { code: number; message: string }> = {
  400: { code: 21211, message: "The 'To' number is not a valid phone number." },
  401: { code: 20003, message: "Authenticate" },
  500: { code: 20500, message: "An internal server error has occurred" },
};

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const requests: TwilioRequest[] = [];
  const forced: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      requests.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization, contentType: req.headers["content-type"], form });
      const status = forced.shift();
      res.setHeader("Content-Type", "application/json");
      if (status) {
        const error = ERROR_BODIES[status] ?? { code: 20001, message: "Error" };
        // Twilio does not echo credentials; a careless adapter quoting bodies would still leak what is here.
        res.writeHead(status).end(JSON.stringify({ ...error, status, more_info: `https://www.twilio.com/docs/errors/${error.code}`, echo: req.headers.authorization }));
        return;
      }
      res.writeHead(201).end(JSON.stringify({ sid: `SM${requests.length}`, status: "queued", to: form.To, from: form.From, body: form.Body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answerNext: (...statuses) => forced.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
