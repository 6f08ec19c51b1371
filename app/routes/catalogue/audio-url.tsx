/**
 * GET /api/songs/<songId>/audio-url -> { url }
 *
 * The floating player calls this after an audio error (SPEC §4: one retry per
 * track with a fresh signed URL valid 3600 s). Public for catalogue songs, as
 * the catalogue pages are; an archived song's audio is only handed to an
 * administrator (the admin archive plays it); anything else is 404.
 * Read-only: a POST is 405.
 *
 * GET /api/songs/<songId>/audio-url?version=<kind> -> { url }: the same for
 * one of the song's alternate versions (instrumental, acappella, clean, stems;
 * ADR 0082), by the same rule; an unknown kind or a song without it is 404.
 */
import { isAdmin } from "~/auth/viewer";
import { AUDIO_BUCKET } from "~/catalog/constants";
import { playableSongAudio, signedAudioUrl } from "~/catalog/songs.server";
import { versionAudio } from "~/catalog/versions.server";
import { SIGNED_URL_TTL_S } from "~/shared/constants";
import { defineRoute } from "~/routing/route.server";

const notFound = () => Response.json({ error: "Song not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });

const route = defineRoute({
  access: "public-viewer",
  async load({ db, params, viewer, url: address, storage }) {
    const kind = address.searchParams.get("version");
    if (kind !== null) {
      const version = await versionAudio(db, params.songId ?? "", kind);
      if (!version || (version.status !== "catalogue" && !isAdmin(viewer))) return notFound();
      const url = await storage.createSignedUrl(AUDIO_BUCKET, version.audioPath, SIGNED_URL_TTL_S);
      return Response.json({ url }, { headers: { "Cache-Control": "no-store" } });
    }
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
