/**
 * /api/listen/:token/:songId: a shared shortlist's audio and its play reports
 * (public: the link is the capability).
 *
 * GET streams the song (one byte range: 206, Content-Range; 416; 304), only
 * for a song on that shortlist and in the catalogue, and only while the link
 * is live: the share is checked on EVERY request, so a revoked link stops at
 * once (a signed storage URL would outlive it). `Content-Disposition: inline`,
 * never cached. The listener's first fetch of the day is recorded: a play
 * report cannot come sooner after it than the playback takes.
 * `?fresh=1` answers `{ url }` for the player's one retry after an error.
 *
 * POST (intent "played") is the browser's report of 30 s of playback, or the
 * whole song when it is shorter: 201 counted, 200 already counted today, 409
 * too early, never fetched or no valid (server-signed) listener cookie, 429
 * the address's daily cap for the song reached. docs/decisions/0074-shortlists-and-share-links.md
 */
import { AUDIO_BUCKET } from "~/catalog/constants";
import { serveStoredObject } from "~/platform/storage/serve.server";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { listenAudioPath } from "~/shortlists/constants";
import { addressKey, clientAddress, LISTEN_LIMITS, listenerKey } from "~/shortlists/listener.server";
import { playedSchema } from "~/shortlists/shortlist-schema";
import { isShareTokenShape, findShare, recordAudioFetch, reportPlay, sharedSongAudio } from "~/shortlists/shortlists.server";
import type { Database } from "~/platform/db/connect.server";
import { isLimited, recordHit } from "~/platform/rate-limit.server";

const NO_STORE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow" };

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

/** The live share and the song's audio, or the refusal to send. */
type Resolved =
  | { refusal: Response }
  | { refusal: null; share: { shareId: string; shortlistId: string }; song: { songId: string; audioPath: string; durationSeconds: number } };

async function resolve(db: Database, request: Request, token: string, songId: string): Promise<Resolved> {
  const address = clientAddress(request);
  const limited = await isLimited(db, LISTEN_LIMITS.tokenGuesses, address);
  if (limited) return { refusal: json({ error: limited.message }, 429, limited.headers()) };
  const share = await findShare(db, token);
  if (share.kind === "unknown") {
    // Only a well-formed token is a guess (a malformed one cannot be anybody's link).
      if (isShareTokenShape(token)) await recordHit(db, LISTEN_LIMITS.tokenGuesses, address);
    return { refusal: json({ error: "Link not found" }, 404) };
  }
  if (share.kind !== "live") return { refusal: json({ error: "This link no longer works" }, 410) };
  const song = await sharedSongAudio(db, share.shortlistId, songId);
  if (!song) return { refusal: json({ error: "Song not found" }, 404) };
  return { refusal: null, share, song };
}

const route = defineRoute({
  access: "public",
  resource: true,
  async load({ db, storage, params, request, url }) {
    const found = await resolve(db, request, params.token ?? "", params.songId ?? "");
    if (found.refusal) return found.refusal;
    const { share, song } = found;
    if (url.searchParams.has("fresh")) return json({ url: listenAudioPath(params.token!, song.songId) });
    const listener = listenerKey(request);
    if (listener && request.method === "GET") await recordAudioFetch(db, share.shareId, song.songId, listener);
    const response = await serveStoredObject(request, storage, AUDIO_BUCKET, song.audioPath, { maxAgeSeconds: 0 });
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
    headers.set("Content-Disposition", "inline");
    return new Response(response.body, { status: response.status, headers });
  },
  forms: {
    played: form({
      schema: playedSchema,
      // A beacon from the page's script, not a person's form: no honeypot to fill.
      honeypot: false,
      rateLimit: { rule: LISTEN_LIMITS.playReports, subject: ({ request }) => clientAddress(request) },
      async handle({ db, params, request }) {
        const found = await resolve(db, request, params.token ?? "", params.songId ?? "");
        if (found.refusal) return found.refusal;
        const listener = listenerKey(request);
        if (!listener) return json({ counted: false, reason: "no-listener" }, 409);
        const address = addressKey(clientAddress(request));
        const outcome = await reportPlay(db, found.share.shareId, found.song.songId, listener, found.song.durationSeconds, new Date(), address);
        if (outcome === "counted") return json({ counted: true }, 201);
        if (outcome === "address-limit") return json({ counted: false, reason: outcome }, 429);
        return json({ counted: false, reason: outcome }, outcome === "already-counted" ? 200 : 409);
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
