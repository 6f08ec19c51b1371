/**
 * Signed-in responses are never cached (security review item 6): every GET of
 * THE AUTHORIZATION TABLE, as each signed-in persona, page and single-fetch
 * data (.data) alike, carries Cache-Control private and no-store (or, for a
 * file a route checks access to on every request, private and max-age=0), whatever the
 * answer (a page, a redirect, a 404). Through the app's real request handler,
 * which applies the rule as server.ts does (viewerCacheControl in
 * app/auth/request-context.server.ts). The real server's own path, and the
 * anonymous page cache, are checked in request-limits.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../support/app-handler";
import { ROUTE_TABLE, type Persona } from "../support/route-table";
import { createRouteTableWorld, type RouteTableWorld } from "../support/route-table-world";

const SIGNED_IN = ["applicant", "member", "ar", "admin"] as const satisfies readonly Persona[];

let world: RouteTableWorld;

beforeAll(async () => {
  world = await createRouteTableWorld(["anonymous", ...SIGNED_IN]);
}, 120_000);

afterAll(async () => {
  await world?.close();
});

/** The single-fetch data URL of a page (Remix 2.17: "/" -> "/_root.data", "/members?x" -> "/members.data?x"). */
function dataUrlOf(path: string): string {
  const url = new URL(path, TEST_ORIGIN);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url.pathname + url.search;
}

async function cacheControlOf(persona: Persona, path: string): Promise<{ status: number; cacheControl: string }> {
  const response = await world.clients[persona]!.get(path);
  await response.text();
  return { status: response.status, cacheControl: response.headers.get("cache-control") ?? "(none)" };
}

describe.each(SIGNED_IN)("every GET of the table as %s", (persona) => {
  it("carries Cache-Control private, no-store: pages and their .data", async () => {
    const cacheable: string[] = [];
    for (const row of ROUTE_TABLE) {
      const path = world.fill(row.path);
      for (const target of [path, dataUrlOf(path)]) {
        const { status, cacheControl } = await cacheControlOf(persona, target);
        // A route may declare its own private policy (viewerCacheControl keeps it): a file whose
        // access is checked on every request (an avatar) is private and revalidated each time (max-age=0).
        const neverShared = /\bprivate\b/.test(cacheControl);
        const neverReusedUnchecked = /\bno-store\b/.test(cacheControl) || /\bmax-age=0\b/.test(cacheControl);
        if (!neverShared || !neverReusedUnchecked) cacheable.push(`${target} (${status}): ${cacheControl}`);
      }
    }
    expect(cacheable).toEqual([]);
  });
});

describe("the single-fetch URLs are the ones Remix serves", () => {
  it("answers /_root.data and /members.data as data, not as a page", async () => {
    for (const target of ["/_root.data", "/members.data", "/members.data?skill=producer"]) {
      const response = await world.clients.admin!.get(target);
      await response.text();
      expect(response.status, target).toBe(200);
      expect(response.headers.get("content-type"), target).toContain("text/x-script");
    }
  });
});

describe("anonymous responses are left to the routes", () => {
  it("a public page for a visitor without a session is not marked private", async () => {
    const { status, cacheControl } = await cacheControlOf("anonymous", "/music-catalog");
    expect(status).toBe(200);
    expect(cacheControl).not.toMatch(/private|no-store/);
  });
});
