/**
 * Content-Security-Policy and the other security headers, built per request
 * around a fresh nonce. The CSP is enforced, never report-only: scripts run
 * only from our origin or with this request's nonce.
 */
import crypto from "node:crypto";

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

export interface CspOptions {
  nonce: string;
  isProduction: boolean;
  /** Extra origins the browser talks to (Supabase, Sentry ingest). */
  connectOrigins?: string[];
  mediaOrigins?: string[];
}

export function contentSecurityPolicy({ nonce, isProduction, connectOrigins = [], mediaOrigins = [] }: CspOptions): string {
  const dev = !isProduction;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic' lets nonce'd module scripts import their chunks.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", ...(dev ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`])],
    // Dynamic widths/positions (player progress, sliders) are style attributes.
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...mediaOrigins],
    "media-src": ["'self'", "blob:", ...mediaOrigins],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...connectOrigins, ...(dev ? ["ws:", "wss:"] : [])],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * The same headers as `securityHeaders`, with everything but the nonce worked
 * out once: server.ts builds this at startup and calls it per request.
 */
export function securityHeadersFor(options: Omit<CspOptions, "nonce">): (nonce: string) => [string, string][] {
  // A marker that cannot occur in a policy: the nonce goes where it stands.
  const marker = "\u0000nonce\u0000";
  const [before, ...rest] = contentSecurityPolicy({ ...options, nonce: marker }).split(marker);
  const fixed = Object.entries(securityHeaders({ ...options, nonce: marker })).filter(([name]) => name !== "Content-Security-Policy");
  return (nonce) => {
    let policy = before;
    for (const part of rest) policy += nonce + part;
    return [["Content-Security-Policy", policy], ...fixed];
  };
}

export function securityHeaders(options: CspOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
  if (options.isProduction) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
