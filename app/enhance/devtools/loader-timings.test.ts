import { describe, expect, it } from "vitest";
import type { NetworkEntry } from "~/enhance/debug/log-store";
import { loaderTimingGroups } from "./loader-timings";

const request = (id: number, url: string, serverTiming: string | null, status = 200): NetworkEntry => ({
  id,
  time: 0,
  method: "GET",
  url,
  status,
  durationMs: 12,
  serverTiming,
  error: null,
});

const path = (url: string) => new URL(url).pathname;

describe("loaderTimingGroups", () => {
  it("lists the document's loaders from the navigation entry, and each request's from its Server-Timing, newest first", () => {
    const groups = loaderTimingGroups(
      {
        name: "https://hitfactory.test/song/abc",
        responseStatus: 200,
        serverTiming: [
          { name: "loader", description: "root", duration: 2.5 },
          { name: "loader", description: "routes/catalogue/song", duration: 7 },
          { name: "cache", description: "hit", duration: 0 },
        ],
      },
      [
        request(1, "/music-catalog.data?_routes=routes%2Fcatalogue%2Fmusic-catalog", 'loader;desc="routes/catalogue/music-catalog";dur=4.1'),
        request(2, "/api/songs/1/audio-url", null),
        request(3, "/members.data", 'loader;desc="root";dur=1, loader;desc="routes/members/directory";dur=9.5', 200),
      ],
      path,
    );
    expect(groups).toEqual([
      { key: "request-3", kind: "Data", url: "/members.data", status: 200, loaders: [{ routeId: "root", durationMs: 1 }, { routeId: "routes/members/directory", durationMs: 9.5 }] },
      {
        key: "request-1",
        kind: "Data",
        url: "/music-catalog.data?_routes=routes%2Fcatalogue%2Fmusic-catalog",
        status: 200,
        loaders: [{ routeId: "routes/catalogue/music-catalog", durationMs: 4.1 }],
      },
      { key: "document", kind: "Document", url: "/song/abc", status: 200, loaders: [{ routeId: "root", durationMs: 2.5 }, { routeId: "routes/catalogue/song", durationMs: 7 }] },
    ]);
  });

  it("calls a timed request that is not .data a Request, and leaves out what has no loader timing", () => {
    const groups = loaderTimingGroups({ name: "https://hitfactory.test/", serverTiming: [] }, [request(1, "/api/vitals", 'loader;desc="routes/monitoring/vitals";dur=3')], path);
    expect(groups.map((group) => [group.kind, group.url])).toEqual([["Request", "/api/vitals"]]);
  });

  it("copes with no navigation entry (an old browser, a test)", () => {
    expect(loaderTimingGroups(null, [], path)).toEqual([]);
  });
});
