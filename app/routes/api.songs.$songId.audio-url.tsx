/**
 * GET /api/songs/<songId>/audio-url -> { url }
 *
 * The floating player calls this after an audio error (SPEC §4: one retry per
 * track with a fresh signed URL valid 3600 s). Public for catalogue songs, as
 * the catalogue pages are; an archived song's audio is only handed to an
 * administrator (the admin archive plays it); anything else is 404.
 */
import { methodNotAllowed } from "~/layout/method-not-allowed.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { optionalViewer } from "~/auth/session.server";
import { isAdmin } from "~/auth/viewer";
import { playableSongAudio, signedAudioUrl } from "~/catalog/songs.server";
import { db } from "~/platform/runtime.server";

const notFound = () =>
  Response.json({ error: "Song not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const song = await playableSongAudio(db(), params.songId ?? "");
  if (!song) return notFound();
  if (song.status !== "catalogue" && !isAdmin(await optionalViewer(request))) return notFound();
  const url = await signedAudioUrl(song);
  // A signed URL is a short-lived capability: never cached by anyone.
  return Response.json({ url }, { headers: { "Cache-Control": "no-store" } });
}

/** Read-only endpoint: a POST is 405 (explicit, so Remix does not log it as a routing error). */
export function action() {
  return methodNotAllowed();
}
