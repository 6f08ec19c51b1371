/**
 * Cross-site request forgery guard: every request that can change something
 * (any method but GET, HEAD, OPTIONS) must come from our own origin.
 *
 * Browsers say where a request comes from in Sec-Fetch-Site (all current
 * browsers) and Origin (every POST since years). A request naming another site
 * or origin is refused with 403. A request carrying neither did not come from
 * a browser page, so it cannot ride a visitor's cookies, and is let through
 * (curl, health checks, server-to-server).
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginCheckInput {
  method: string;
  /** Our origin as this request addressed it, e.g. https://hitfactory.example */
  expectedOrigin: string;
  origin?: string | null;
  secFetchSite?: string | null;
}

export function isForeignRequest({ method, expectedOrigin, origin, secFetchSite }: OriginCheckInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return true;
  if (origin !== undefined && origin !== null && origin !== "") {
    // "null" is what sandboxed frames and some redirects send: not us.
    return origin !== expectedOrigin;
  }
  return false;
}

export const FORBIDDEN_BODY = "Cross-site requests are not allowed.";

/** Express middleware (server.ts): refuses foreign non-GET requests with 403 before Remix sees them. */
export function rejectCrossOriginRequests() {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    // Behind a trusted proxy the browser addressed the proxy's host: X-Forwarded-Host names it.
    // (A page on another site cannot set that header on a victim's request.)
    const forwardedHost = req.app.get("trust proxy") ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
    const expectedOrigin = `${req.protocol}://${forwardedHost || req.get("host") || ""}`;
    const foreign = isForeignRequest({
      method: req.method,
      expectedOrigin,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
    });
    if (!foreign) return next();
    res.status(403).set("Content-Type", "text/plain; charset=utf-8").set("Cache-Control", "no-store").send(FORBIDDEN_BODY);
  };
}
