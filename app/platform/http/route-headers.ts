/**
 * Remix builds a document response's headers (and, under single fetch, a data
 * response's) from the route's `headers` export; without one, only cookies
 * survive from what the action or loader returned. A refusal's Retry-After
 * (429) must reach the client, so routes with rate-limited forms export this.
 */
import type { HeadersFunction } from "@remix-run/node";

/** Headers a refusal carries that the client must see. */
const FORWARDED = ["Retry-After"];

export const forwardActionHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    for (const name of FORWARDED) {
      const value = source?.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
};
