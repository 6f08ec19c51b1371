/**
 * The response header that says "this request ended the session": set by the
 * server on every response of a request that cleared the session cookies
 * (sign-out, idle or absolute expiry, suspension, a refresh that failed;
 * app/auth/request-context.server.ts), read by the offline service worker on
 * every response it sees, which then empties the caches it kept while the
 * member browsed (docs/decisions/0095-offline-service-worker.md).
 *
 * Browser-safe: the service worker bundle imports it.
 */
export const SESSION_SIGNAL_HEADER = "Hit-Factory-Session";
export const SESSION_ENDED = "ended";
