/**
 * GET /api/songs/<songId>/audio-url -> { url }
 *
 * The floating player calls this after an audio error (SPEC §4: one retry per
 * track with a fresh signed URL valid 3600 s). Public for catalogue songs, as
 * the catalogue pages are; an archived song's audio is only handed to an
 * administrator (the admin archive plays it); anything else is 404.
 * Read-only: a POST is 405.
 */
import { isAdmin } from "~/auth/viewer";
import { playableSongAudio, signedAudioUrl } from "~/catalog/songs.server";
import { defineRoute } from "~/routing/route.server";

const notFound = () => Response.json({ error: "Song not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });

const route = defineRoute({
  access: "public-viewer",
  async load({ db, params, viewer }) {
    const song = await playableSongAudio(db, params.songId ?? "");
    if (!song) return notFound();
    if (song.status !== "catalogue" && !isAdmin(viewer)) return notFound();
    const url = await signedAudioUrl(song);
    // A signed URL is a short-lived capability: never cached by anyone.
    return Response.json({ url }, { headers: { "Cache-Control": "no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
