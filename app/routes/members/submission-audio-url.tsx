/**
 * GET /api/submissions/<submissionId>/audio-url -> { url }
 *
 * The floating player calls this after an audio error on a submission
 * (SPEC section 4: one retry per track with a fresh signed URL). Only the
 * submitter and admins get an answer; anyone else gets 404, the same as an
 * unknown id, so it does not tell which submissions exist. Read-only: a POST is 405.
 */
import { defineRoute } from "~/routing/route.server";
import { submissionAudioFor } from "~/submissions/submissions.server";
import { SIGNED_URL_TTL_S } from "~/shared/constants";

const NO_STORE = { "Cache-Control": "no-store" };
const notFound = () => Response.json({ error: "Submission not found" }, { status: 404, headers: NO_STORE });

const route = defineRoute({
  access: "member",
  resource: true,
  async load({ db, storage, params, viewer }) {
    const audio = await submissionAudioFor(db, params.submissionId ?? "", viewer);
    if (!audio) return notFound();
    // A signed URL is a short-lived capability: never cached by anyone.
    return Response.json({ url: await storage.createSignedUrl(audio.bucket, audio.path, SIGNED_URL_TTL_S) }, { headers: NO_STORE });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
