import { describe, expect, it } from "vitest";
import { UNSAFE_SingleFetchRedirectSymbol } from "@remix-run/server-runtime";
// The client's own decoder of single-fetch answers: what Remix will make of ours.
import { decodeViaTurboStream } from "@remix-run/react/dist/single-fetch.js";
import { SESSION_ENDED, SESSION_SIGNAL_HEADER } from "~/auth/session-signal";
import { PRIVATE_NO_STORE } from "~/auth/request-context.server";
import {
  AUDIO_LIMITS,
  PUBLIC_COPY_REFRESH_MS,
  SIGN_IN_AFTER_REDIRECT_MS,
  arrivesAfterSessionRedirect,
  audioCacheKey,
  audioEvictions,
  cacheNames,
  cachesClearedAtSessionEnd,
  classifyRequest,
  dataUrlOf,
  endsSession,
  isPublicPagePath,
  isStorable,
  keepsPlayedAudio,
  needsRefresh,
  offlinePageTarget,
  pagePathOfData,
  parseClientManifest,
  parsePageMessage,
  publicCopyUrl,
  rangeAnswer,
  recordPlay,
  routeDiscoveryAnswer,
  safeReturnPath,
  singleFetchRedirectBody,
  staleCaches,
  type AudioEntry,
} from "./sw-policy";

const ORIGIN = "https://hits.example";
const at = (path: string) => `${ORIGIN}${path}`;
const AUDIO_PATH = "/storage/v1/object/sign/audio/catalogue/5b1f4c1e-0d4f-4f7e-9a55-0d9a3c1b2e11/audio";

describe("which requests the worker answers", () => {
  const kind = (method: string, url: string, mode = "cors", destination = "") => classifyRequest({ method, url, mode, destination }, ORIGIN);

  it("document loads are pages, whatever the path (the offline page needs them all)", () => {
    expect(kind("GET", at("/music-catalog?search=love"), "navigate")).toBe("page");
    expect(kind("GET", at("/dashboard"), "navigate")).toBe("page");
  });

  it("single-fetch data, route discovery and build files", () => {
    expect(kind("GET", at("/song/abc.data?_routes=routes%2Fcatalogue%2Fsong"))).toBe("page-data");
    expect(kind("GET", at("/_root.data"))).toBe("page-data");
    expect(kind("GET", at("/__manifest?p=%2Fsong%2Fabc&version=6e7f1f99"))).toBe("route-discovery");
    expect(kind("GET", at("/assets/root-Nu6ugvww.js"))).toBe("asset");
    expect(kind("GET", at("/favicon.svg"))).toBe("asset");
    expect(kind("GET", at("/site.webmanifest"))).toBe("asset");
  });

  it("a media element's signed storage file, on our origin or a storage origin", () => {
    expect(kind("GET", at(`${AUDIO_PATH}?token=1.abc`), "no-cors", "audio")).toBe("audio");
    expect(kind("GET", `https://project.supabase.co${AUDIO_PATH}?token=eyJ`, "no-cors", "audio")).toBe("audio");
    expect(kind("GET", at("/storage/v1/object/sign/audio/demo/v1/midnight-avenue.wav?token=1"), "no-cors", "audio")).toBe("audio");
  });

  it("not artwork, and not a file fetched by script (the worker's own whole-file fetch included)", () => {
    expect(kind("GET", at("/storage/v1/object/sign/artwork/catalogue/x/artwork?token=1"), "no-cors", "image")).toBe("other");
    expect(kind("GET", at(`${AUDIO_PATH}?token=1.abc`), "cors", "")).toBe("other");
  });

  it("writes that may end a session are passed on and read; other writes are left alone", () => {
    expect(kind("POST", at("/auth/sign-out"), "navigate")).toBe("session-write");
    expect(kind("POST", at("/auth/sign-out.data"))).toBe("session-write");
    expect(kind("POST", at("/auth/keep-alive"))).toBe("session-write");
    expect(kind("POST", at("/profile.data"))).toBe("session-write");
    expect(kind("POST", at("/api/songs/abc/plays"))).toBe("other");
    expect(kind("PATCH", at("/api/admin/audio/uploads/x"))).toBe("other");
  });

  it("leaves everything else to the browser: APIs, other origins, event streams", () => {
    expect(kind("GET", at("/api/songs/abc/audio-url"))).toBe("other");
    expect(kind("GET", at("/party/abc/events"))).toBe("other");
    expect(kind("GET", "https://cdn.example/assets/x.js")).toBe("other");
    expect(kind("GET", at("/offline"))).toBe("other");
  });
});

describe("the public pages kept", () => {
  it.each([
    ["/music-catalog", true],
    ["/song/5b1f4c1e", true],
    ["/offline", true],
    ["/song/5b1f4c1e/extra", false],
    ["/song/", false],
    ["/dashboard", false],
    ["/members", false],
    ["/profile", false],
    ["/admin/catalog", false],
    ["/", false],
  ])("%s: %s", (path, kept) => {
    expect(isPublicPagePath(path)).toBe(kept);
  });

  it("names a page's data URL as Remix does", () => {
    expect(dataUrlOf(at("/song/abc"))).toBe(at("/song/abc.data"));
    expect(dataUrlOf(at("/music-catalog?search=love#x"))).toBe(at("/music-catalog.data?search=love"));
    expect(dataUrlOf(at("/"))).toBe(at("/_root.data"));
  });

  it("reads Remix's data URLs back to their page", () => {
    expect(pagePathOfData("/song/abc.data")).toBe("/song/abc");
    expect(pagePathOfData("/_root.data")).toBe("/");
    expect(pagePathOfData("/song/abc")).toBeNull();
  });

  it("keeps a page's whole data, once for every navigation to it (no _routes), with its own query", () => {
    expect(publicCopyUrl(at("/song/abc.data?_routes=routes%2Fcatalogue%2Fsong"))).toBe(at("/song/abc.data"));
    expect(publicCopyUrl(at("/music-catalog.data?search=love&_routes=x"))).toBe(at("/music-catalog.data?search=love"));
    expect(publicCopyUrl(at("/music-catalog?search=love#results"))).toBe(at("/music-catalog?search=love"));
  });
});

describe("isStorable: what may go into Cache Storage", () => {
  const response = (headers: Record<string, string>, status = 200, type = "basic") => ({ status, type, headers: new Headers(headers) });
  const html = { "Content-Type": "text/html; charset=utf-8" };

  it("keeps an anonymous public page (it carries no Cache-Control today) and its data", () => {
    expect(isStorable(response(html), "page")).toBe(true);
    expect(isStorable(response({ "Content-Type": "text/x-script" }), "page-data")).toBe(true);
    expect(isStorable(response({ ...html, "Cache-Control": "public, max-age=0, must-revalidate" }), "page")).toBe(true);
  });

  it("never keeps a signed-in response: private, no-store (as the server marks every one)", () => {
    expect(isStorable(response({ ...html, "Cache-Control": PRIVATE_NO_STORE }), "page")).toBe(false);
    expect(isStorable(response({ "Content-Type": "text/x-script", "Cache-Control": PRIVATE_NO_STORE }), "page-data")).toBe(false);
    expect(isStorable(response({ ...html, "Cache-Control": "NO-STORE" }), "page")).toBe(false);
    expect(isStorable(response({ ...html, "Cache-Control": "private" }), "page")).toBe(false);
    expect(isStorable(response({ ...html, "Cache-Control": "private, max-age=60" }), "asset")).toBe(false);
  });

  it("never keeps a response that sets a cookie or ended a session", () => {
    expect(isStorable(response({ ...html, "Set-Cookie": "hf_toast=; Max-Age=0" }), "page")).toBe(false);
    expect(isStorable(response({ ...html, [SESSION_SIGNAL_HEADER]: SESSION_ENDED }), "page")).toBe(false);
  });

  it("keeps only whole 200s that it can read", () => {
    expect(isStorable(response(html, 206), "page")).toBe(false);
    expect(isStorable(response(html, 404), "page")).toBe(false);
    expect(isStorable(response(html, 302), "page")).toBe(false);
    expect(isStorable({ status: 0, type: "opaqueredirect", headers: new Headers() }, "page")).toBe(false);
    expect(isStorable({ status: 0, type: "opaque", headers: new Headers() }, "asset")).toBe(false);
    expect(isStorable(response({ ...html, Vary: "*" }), "page")).toBe(false);
  });

  it("a page must be HTML (not the JSON or text an error or an endpoint answers)", () => {
    expect(isStorable(response({ "Content-Type": "application/json" }), "page")).toBe(false);
  });

  it("catalogue audio: storage's signed-URL private is this browser's to keep, no-store never is", () => {
    const audio = { "Content-Type": "audio/mpeg", "Cache-Control": "private, max-age=3540, no-transform" };
    expect(isStorable(response(audio), "audio")).toBe(true);
    expect(isStorable(response({ ...audio, "Cache-Control": "no-store" }), "audio")).toBe(false);
    expect(isStorable(response({ "Content-Type": "text/plain" }), "audio")).toBe(false);
  });
});

describe("refreshing a kept public copy", () => {
  const now = 1_800_000_000_000;
  it("fetches again when there is none, it is older than the refresh time, or its stamp is nonsense", () => {
    expect(needsRefresh(null, now)).toBe(true);
    expect(needsRefresh("", now)).toBe(true);
    expect(needsRefresh("soon", now)).toBe(true);
    expect(needsRefresh(String(now - PUBLIC_COPY_REFRESH_MS), now)).toBe(true);
    expect(needsRefresh(String(now + 60_000), now)).toBe(true);
    expect(needsRefresh(String(now - PUBLIC_COPY_REFRESH_MS + 1), now)).toBe(false);
  });
});

describe("offline answers", () => {
  it("sends a page it has no copy of to the offline page, saying which page (never _routes)", () => {
    expect(offlinePageTarget(at("/dashboard"))).toBe("/offline?from=%2Fdashboard");
    expect(offlinePageTarget(at("/members.data?skill=producer&_routes=routes%2Fmembers%2Fdirectory"))).toBe(
      "/offline?from=%2Fmembers%3Fskill%3Dproducer",
    );
    expect(offlinePageTarget(at("/_root.data"))).toBe("/offline?from=%2F");
    expect(offlinePageTarget(at("/offline"))).toBe("/offline");
  });

  it("the way back is a path on this site, nothing else", () => {
    expect(safeReturnPath("/song/abc?x=1")).toBe("/song/abc?x=1");
    for (const bad of [null, "", "//evil.example/x", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "/a\nb", `/${"a".repeat(2001)}`]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it("its single-fetch redirect is one Remix's client reads as a redirect with a document reload", async () => {
    const target = "/offline?from=%2Fmembers%3Fq%3D%22x%22";
    const body = new Response(singleFetchRedirectBody(target)).body!;
    const decoded = (await decodeViaTurboStream(body, globalThis)).value as Record<symbol, unknown>;
    expect(decoded[UNSAFE_SingleFetchRedirectSymbol]).toEqual({ redirect: target, status: 302, revalidate: false, reload: true, replace: false });
  });

  it("answers route discovery with the routes whose code is kept, or asks for a reload from another build", () => {
    const routes = {
      root: { id: "root", module: "/assets/root.js" },
      "routes/catalogue/song": { id: "routes/catalogue/song", parentId: "root", path: "song/:songId", module: "/assets/song.js" },
      "routes/members/directory": { id: "routes/members/directory", parentId: "root", path: "members", module: "/assets/directory.js" },
      "routes/admin/layout": { id: "routes/admin/layout", parentId: "root", path: "admin", module: "/assets/admin.js" },
      "routes/admin/users": { id: "routes/admin/users", parentId: "routes/admin/layout", path: "users", module: "/assets/users.js" },
    };
    const source = `window.__remixManifest=${JSON.stringify({ entry: { module: "/assets/e.js" }, routes, url: "/assets/manifest-6e7f1f99.js", version: "6e7f1f99" })};`;
    const manifest = parseClientManifest(source)!;
    expect(manifest.version).toBe("6e7f1f99");
    // The users page's code is kept but not its layout's: not usable.
    const kept = new Set(["/assets/root.js", "/assets/song.js", "/assets/users.js"]);
    const answer = routeDiscoveryAnswer(manifest, "6e7f1f99", (url) => kept.has(url));
    expect(answer.status).toBe(200);
    expect(Object.keys(JSON.parse((answer as { body: string }).body))).toEqual(["root", "routes/catalogue/song"]);
    expect(routeDiscoveryAnswer(manifest, "0ld", () => true)).toEqual({ status: 204, reloadDocument: true });
    expect(routeDiscoveryAnswer(manifest, null, () => true)).toEqual({ status: 204, reloadDocument: true });
    expect(parseClientManifest("console.log(1)")).toBeNull();
    expect(parseClientManifest("window.__remixManifest={broken")).toBeNull();
  });
});

describe("audio", () => {
  it("keys a stored file by origin and path, without the signature", () => {
    expect(audioCacheKey(at(`${AUDIO_PATH}?token=1764000000.abc`))).toBe(at(AUDIO_PATH));
    expect(audioCacheKey(at(`${AUDIO_PATH}?token=1764003600.xyz`))).toBe(at(AUDIO_PATH));
    expect(audioCacheKey(at("/storage/v1/object/sign/audio/demo/v1/midnight-avenue-d2cd2574.wav?token=1"))).toBe(
      at("/storage/v1/object/sign/audio/demo/v1/midnight-avenue-d2cd2574.wav"),
    );
    expect(audioCacheKey(`https://project.supabase.co${AUDIO_PATH}?token=eyJ`)).toBe(`https://project.supabase.co${AUDIO_PATH}`);
  });

  it("is nothing else", () => {
    for (const url of [
      at("/storage/v1/object/sign/audio/?token=1"),
      at("/storage/v1/object/sign/Bad Bucket/x?token=1"),
      at("/storage/v1/object/public/audio/x"),
      at("/api/songs/abc/audio-url"),
      "blob:https://hits.example/1234",
      "data:audio/wav;base64,AAAA",
      "not a url",
    ]) {
      expect(audioCacheKey(url), url).toBeNull();
    }
  });

  it("keeps plays of catalogue songs only", () => {
    const url = at(`${AUDIO_PATH}?token=1.abc`);
    const track = { url: `${AUDIO_PATH}?token=1.abc`, songId: "5b1f4c1e" };
    expect(keepsPlayedAudio({ url, fromFloatingPlayer: true, playerTrack: track, pagePath: "/dashboard" })).toBe(true);
    // After the player's retry the signature differs; the file is the same.
    expect(keepsPlayedAudio({ url: at(`${AUDIO_PATH}?token=2.new`), fromFloatingPlayer: true, playerTrack: track, pagePath: "/" })).toBe(true);
    // A member's showcase track or a submission in the floating player: no songId.
    expect(keepsPlayedAudio({ url, fromFloatingPlayer: true, playerTrack: { url: track.url }, pagePath: "/music-catalog" })).toBe(false);
    expect(keepsPlayedAudio({ url, fromFloatingPlayer: true, playerTrack: null, pagePath: "/song/x" })).toBe(false);
    // The element plays something other than the player's track.
    expect(keepsPlayedAudio({ url: at("/storage/v1/object/sign/audio/other?token=1"), fromFloatingPlayer: true, playerTrack: track, pagePath: "/" })).toBe(false);
    // The song page's own players; not a submission page's.
    expect(keepsPlayedAudio({ url, fromFloatingPlayer: false, pagePath: "/song/5b1f4c1e" })).toBe(true);
    expect(keepsPlayedAudio({ url, fromFloatingPlayer: false, pagePath: "/submissions/abc" })).toBe(false);
    expect(keepsPlayedAudio({ url: "blob:https://hits.example/1", fromFloatingPlayer: false, pagePath: "/song/x" })).toBe(false);
  });

  it("keeps the most recently played, within 20 songs and 200 MB, the oldest played going first", () => {
    expect(AUDIO_LIMITS).toEqual({ maxTracks: 20, maxBytes: 200 * 1024 * 1024 });
    let index: AudioEntry[] = [];
    for (let n = 0; n < 22; n += 1) index = recordPlay(index, `song-${n}`, 1000 + n, 1024);
    expect(audioEvictions(index)).toEqual(["song-0", "song-1"]);
    // Replaying song-0 makes it the newest: song-1 and song-2 go instead.
    index = recordPlay(index, "song-0", 5000);
    expect(index.find((entry) => entry.key === "song-0")).toEqual({ key: "song-0", bytes: 1024, playedAt: 5000 });
    expect(audioEvictions(index)).toEqual(["song-1", "song-2"]);
  });

  it("evicts by size too", () => {
    const mb = 1024 * 1024;
    const index = [
      { key: "a", bytes: 90 * mb, playedAt: 1 },
      { key: "b", bytes: 90 * mb, playedAt: 2 },
      { key: "c", bytes: 30 * mb, playedAt: 3 },
    ];
    expect(audioEvictions(index)).toEqual(["a"]);
    expect(audioEvictions(index, { maxTracks: 20, maxBytes: 250 * mb })).toEqual([]);
  });

  describe("Range answers from a kept file of 1000 bytes", () => {
    const type = "audio/mpeg";
    it("answers one range with 206, Content-Range and the slice's length", () => {
      expect(rangeAnswer("bytes=0-1", 1000, type)).toEqual({
        status: 206,
        start: 0,
        end: 1,
        headers: { "Accept-Ranges": "bytes", "Content-Type": type, "Content-Range": "bytes 0-1/1000", "Content-Length": "2" },
      });
      expect(rangeAnswer("bytes=500-", 1000, type)).toMatchObject({ status: 206, start: 500, end: 999, headers: { "Content-Range": "bytes 500-999/1000", "Content-Length": "500" } });
      expect(rangeAnswer("bytes=-100", 1000, type)).toMatchObject({ status: 206, start: 900, end: 999 });
      expect(rangeAnswer("bytes=990-5000", 1000, type)).toMatchObject({ status: 206, start: 990, end: 999, headers: { "Content-Length": "10" } });
    });

    it("answers no range, a malformed or a multi-range header with the whole file", () => {
      for (const header of [null, "bytes=", "items=0-1", "bytes=0-1,5-6", "bytes=9-3"]) {
        expect(rangeAnswer(header, 1000, type), String(header)).toEqual({
          status: 200,
          start: 0,
          end: 999,
          headers: { "Accept-Ranges": "bytes", "Content-Type": type, "Content-Length": "1000" },
        });
      }
    });

    it("answers a range past the end with 416 and the size", () => {
      expect(rangeAnswer("bytes=1000-", 1000, type)).toEqual({ status: 416, headers: { "Accept-Ranges": "bytes", "Content-Range": "bytes */1000" } });
    });
  });
});

describe("the session's end", () => {
  const ended = new Headers({ [SESSION_SIGNAL_HEADER]: SESSION_ENDED });

  it("is the server's signal on any response, or a sign-out request whatever came back", () => {
    expect(endsSession({ method: "GET", url: at("/music-catalog.data") }, ended)).toBe(true);
    expect(endsSession({ method: "POST", url: at("/auth/keep-alive") }, ended)).toBe(true);
    expect(endsSession({ method: "POST", url: at("/auth/sign-out") })).toBe(true);
    expect(endsSession({ method: "POST", url: at("/auth/sign-out.data") }, new Headers())).toBe(true);
    expect(endsSession({ method: "GET", url: at("/auth/sign-out") })).toBe(false);
    expect(endsSession({ method: "POST", url: at("/auth/keep-alive") }, new Headers())).toBe(false);
    expect(endsSession({ method: "GET", url: at("/dashboard") }, new Headers({ [SESSION_SIGNAL_HEADER]: "active" }))).toBe(false);
  });

  it("shows on a document load only as the arrival on /auth right after a redirect", () => {
    const now = 1_800_000_000_000;
    expect(arrivesAfterSessionRedirect("/auth", now - 300, now)).toBe(true);
    expect(arrivesAfterSessionRedirect("/auth", now - SIGN_IN_AFTER_REDIRECT_MS - 1, now)).toBe(false);
    expect(arrivesAfterSessionRedirect("/auth", null, now)).toBe(false);
    expect(arrivesAfterSessionRedirect("/music-catalog", now - 300, now)).toBe(false);
  });

  it("empties what was kept while someone browsed, keeps the shell", () => {
    const names = cacheNames("6e7f1f99");
    const existing = [names.shell, names.assets, names.pages, names.audio, "hf-pages-0ld", "someone-elses"];
    expect(cachesClearedAtSessionEnd(existing, names)).toEqual([names.assets, names.pages, names.audio, "hf-pages-0ld"]);
  });
});

describe("cache versions", () => {
  it("drops other builds' caches on activate and keeps audio across builds", () => {
    const names = cacheNames("new1");
    expect(names.audio).toBe(cacheNames("old0").audio);
    const existing = ["hf-shell-old0", "hf-assets-old0", "hf-pages-old0", names.audio, names.shell, "workbox-precache", "hf-audio-v0"];
    expect(staleCaches(existing, names)).toEqual(["hf-shell-old0", "hf-assets-old0", "hf-pages-old0", "hf-audio-v0"]);
  });
});

describe("messages from pages", () => {
  const parse = (data: unknown) => parsePageMessage(data, ORIGIN);

  it("accepts only the ones it knows", () => {
    const songId = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(parse({ type: "audio-played", url: at(AUDIO_PATH), songId })).toEqual({ type: "audio-played", url: at(AUDIO_PATH), songId });
    // Without the song it names (the worker checks a visitor may open it), or with something else: nothing.
    expect(parse({ type: "audio-played", url: at(AUDIO_PATH) })).toBeNull();
    expect(parse({ type: "audio-played", url: at(AUDIO_PATH), songId: "../admin" })).toBeNull();
    expect(parse({ type: "clear-caches" })).toEqual({ type: "clear-caches" });
    expect(parse({ type: "audio-played" })).toBeNull();
    expect(parse({ type: "audio-played", url: "x".repeat(5000) })).toBeNull();
    expect(parse({ type: "skip-waiting" })).toBeNull();
    expect(parse("clear-caches")).toBeNull();
    expect(parse(null)).toBeNull();
  });

  it("a page seen before the worker was there: only this origin's public pages", () => {
    expect(parse({ type: "page-seen", url: at("/music-catalog?search=love#top") })).toEqual({ type: "page-seen", url: at("/music-catalog?search=love") });
    expect(parse({ type: "page-seen", url: at("/song/abc") })).toEqual({ type: "page-seen", url: at("/song/abc") });
    expect(parse({ type: "page-seen", url: at("/dashboard") })).toBeNull();
    expect(parse({ type: "page-seen", url: "https://evil.example/music-catalog" })).toBeNull();
    expect(parse({ type: "page-seen", url: "nonsense" })).toBeNull();
  });

  it("keeps only this origin's build files, once each, at most a few hundred", () => {
    const message = parse({
      type: "keep-assets",
      urls: [at("/assets/PlayerHost-Ab12.js"), "/assets/root-CYKnSTbY.css", at("/assets/PlayerHost-Ab12.js"), "https://cdn.example/assets/x.js", at("/dashboard"), at("/assets/../sw.js"), at("/assets/a/b.js"), 42],
    });
    expect(message).toEqual({ type: "keep-assets", urls: [at("/assets/PlayerHost-Ab12.js"), at("/assets/root-CYKnSTbY.css")] });
    const many = parse({ type: "keep-assets", urls: Array.from({ length: 1000 }, (_, n) => at(`/assets/chunk-${n}.js`)) });
    expect(many).toMatchObject({ type: "keep-assets" });
    expect((many as { urls: string[] }).urls).toHaveLength(300);
  });
});
