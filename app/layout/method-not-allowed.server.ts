/**
 * For route modules without a form: their `action` runs the route's guard
 * first (so a POST is refused exactly like a GET would be: redirect to sign-in,
 * to /ar or to /) and only then answers 405. Without an exported action Remix
 * would answer 405 before any guard ran, and the authorization table could not
 * tell "refused" from "not allowed" (docs/decisions/0020-route-table-and-guarded-posts.md).
 */
export function methodNotAllowed(allow = "GET, HEAD"): never {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: allow } });
}
