/**
 * The request log (LOG_REQUESTS, on by default): morgan with the URL and the
 * Referer passed through redactUrl, so share tokens, offer tokens and codes
 * never reach the log (docs/decisions/0077-redacted-request-log.md).
 *
 * Production: Apache's "combined" line with :url and :referrer replaced by
 * their redacted forms. Development: morgan's short "dev" line, likewise.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import morgan from "morgan";
import { redactUrl } from "./redact-url";

type Req = IncomingMessage & { originalUrl?: string };

morgan.token<Req, ServerResponse>("redacted-url", (req) => redactUrl(req.originalUrl ?? req.url ?? ""));
morgan.token<Req, ServerResponse>("redacted-referrer", (req) => {
  const referrer = req.headers.referer ?? req.headers.referrer;
  const value = Array.isArray(referrer) ? referrer[0] : referrer;
  return value ? redactUrl(value) : undefined;
});

/** morgan's "combined" with the secrets taken out of the URL and the Referer. */
export const REDACTED_COMBINED =
  ':remote-addr - :remote-user [:date[clf]] ":method :redacted-url HTTP/:http-version" :status :res[content-length] ":redacted-referrer" ":user-agent"';
/** morgan's "dev" line (without its colours) with the secrets taken out of the URL. */
export const REDACTED_DEV = ":method :redacted-url :status :response-time ms - :res[content-length]";

export function requestLogger(options: { production: boolean; stream?: NodeJS.WritableStream }) {
  return morgan<Req, ServerResponse>(options.production ? REDACTED_COMBINED : REDACTED_DEV, {
    skip: (req) => req.url === "/healthz",
    ...(options.stream ? { stream: options.stream as morgan.StreamOptions } : {}),
  });
}
