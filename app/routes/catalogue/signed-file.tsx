/**
 * Reads a stored object through a signed URL of the local storage adapter:
 * GET /storage/v1/object/sign/<bucket>/<path>?token=<expiry>.<mac>
 *
 * The token is the guard: a missing or altered one is refused with 403, an
 * authentic one past its expiry with 410 Gone (the player then asks
 * /api/songs/<id>/audio-url for a fresh one). With Supabase Storage configured
 * the signed URLs point at the Supabase project, so this route answers 404.
 */
import { defineRoute } from "~/routing/route.server";
import { isValidBucket, objectPathProblem } from "~/platform/storage/paths";
import { serveStoredObject } from "~/platform/storage/serve.server";
import { tokenSecondsLeft } from "~/platform/storage/signing.server";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

// Public: the signed token is the guard, not a session (a browser's <audio> fetches these).
const route = defineRoute({
  access: "public",
  async load({ request, params, url, storage: store }) {
    if (store.kind !== "local") return plain(404, "Not Found");
    const bucket = params.bucket ?? "";
    const path = params["*"] ?? "";
    if (!isValidBucket(bucket) || objectPathProblem(path)) return plain(400, "Bad Request");

    const token = url.searchParams.get("token");
    const check = store.checkToken(bucket, path, token);
    if (check === "invalid") return plain(403, "Forbidden: this link is not valid.");
    if (check === "expired") return plain(410, "Gone: this link has expired.");

    return serveStoredObject(request, store, bucket, path, { maxAgeSeconds: tokenSecondsLeft(token) });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
