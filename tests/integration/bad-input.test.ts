/**
 * Bad input never costs a 500 (security review item 5). Every row of THE
 * AUTHORIZATION TABLE, as an anonymous visitor and as the admin (who reaches
 * nearly every action), gets NUL bytes in the query, the path and the form,
 * a body that is not a form, a field name nested 20,000 levels deep and
 * redirect targets above U+00FF, through the app's real request handler
 * (with server.ts's request check, tests/support/app-handler.ts).
 *
 * A Location or other header that Node could not write (characters above
 * U+00FF) is a 500 on the real server even though the in-process handler
 * returns it happily, so every header is checked with Node's own rule.
 */
import { validateHeaderValue } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccount } from "~/demo/accounts";
import { FORM_LIMITS, INPUT_MESSAGES } from "~/platform/http/input-hygiene.server";
import { locationOf, TEST_ORIGIN, type TestClient } from "../support/app-handler";
import { ROUTE_TABLE, type Outcome, type Persona } from "../support/route-table";
import { createRouteTableWorld, WORLD_PASSWORD, type RouteTableWorld } from "../support/route-table-world";

const PERSONAS = ["anonymous", "admin"] as const satisfies readonly Persona[];
/** € and 🎵: above U+00FF, so no Location header can hold them unencoded. */
const WIDE_PATH = "/\u20ac\u{1f3b5}";
const WIDE_PATH_ENCODED = "/%E2%82%AC%F0%9F%8E%B5";
const DEEP_NAME = "a" + ".b".repeat(20_000);

let world: RouteTableWorld;
/** Honeypot fields of the /auth form per persona, so a sign-in looks like a browser's. */
const honeypot: Partial<Record<Persona, Record<string, string>>> = {};

beforeAll(async () => {
  world = await createRouteTableWorld([...PERSONAS, "member"]);
  for (const persona of PERSONAS) honeypot[persona] = await client(persona).honeypotFields("/auth");
}, 120_000);

afterAll(async () => {
  await world?.close();
});

function client(persona: Persona): TestClient {
  return world.clients[persona]!;
}

interface RawRequest {
  method?: "GET" | "POST";
  /** Path and query exactly as sent (no re-encoding). */
  target: string;
  body?: string;
  contentType?: string;
}

/** A request as a same-origin browser page would send it, with any body and type, through the client's cookie jar. */
async function send(persona: Persona, { method = "GET", target, body, contentType }: RawRequest): Promise<Response> {
  const c = client(persona);
  const headers = new Headers({ "sec-fetch-site": "same-origin", host: new URL(TEST_ORIGIN).host });
  const cookie = c.jar.header();
  if (cookie) headers.set("cookie", cookie);
  if (method === "POST") headers.set("origin", TEST_ORIGIN);
  if (contentType) headers.set("content-type", contentType);
  // new Request() would re-encode a raw target: build the URL from its parts so %00 stays as sent.
  const response = await world.app.handle(new Request(TEST_ORIGIN + target, { method, headers, body, redirect: "manual" }));
  c.jar.update(response);
  return response;
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** Adds a query parameter string to a path that may already have a query. */
function withQuery(path: string, query: string): string {
  return path + (path.includes("?") ? "&" : "?") + query;
}

/** The path with %00 appended to its path part (before any query). */
function withNulInPath(path: string): string {
  const [pathname, query] = path.split("?");
  return `${pathname}%00${query === undefined ? "" : `?${query}`}`;
}

function describeOutcome(outcome: Outcome): string {
  return "redirect" in outcome ? `redirect ${world.fill(outcome.redirect)}` : `status ${outcome.status}`;
}

function describeResponse(response: Response): string {
  return response.status >= 300 && response.status < 400 ? `redirect ${locationOf(response)}` : `status ${response.status}`;
}

/** What is wrong with a response to bad input, or null: a 5xx, or a header Node would refuse to write. */
async function problemWith(label: string, response: Response): Promise<string | null> {
  const body = await response.text();
  if (response.status >= 500) return `${label}: ${response.status} ${body.slice(0, 200)}`;
  for (const [name, value] of response.headers) {
    try {
      validateHeaderValue(name, value);
    } catch {
      return `${label}: header ${name} cannot be sent: ${JSON.stringify(value)}`;
    }
  }
  return null;
}

describe.each(PERSONAS)("every route of the table, bad input, as %s", (persona) => {
  for (const row of ROUTE_TABLE) {
    it(`${row.path}`, async () => {
      const path = world.fill(row.path);
      const problems: string[] = [];
      const check = async (label: string, request: RawRequest, expected?: string) => {
        const response = await send(persona, request);
        const seen = describeResponse(response);
        const problem = await problemWith(`${label} ${request.target}`, response);
        if (problem) problems.push(problem);
        else if (expected && seen !== expected) problems.push(`${label} ${request.target}: expected ${expected}, got ${seen}`);
      };
      // Each names a request and, where this module answers it, the answer.
      await check("NUL in the query", { target: withQuery(path, "genre=%00&q=%00&page=%00") }, "status 400");
      await check("NUL in the path", { target: withNulInPath(path) }, "status 400");
      await check("redirect above U+00FF", { target: withQuery(path, `redirect=${encodeURIComponent(WIDE_PATH)}`) });
      // A guarded action answers before it reads the form; one that reads it refuses the NUL as it
      // refuses an empty form: either way the answer is the table's answer to an empty post.
      const tableOutcome = row.post[persona];
      const asTable = describeOutcome(tableOutcome);
      // A route whose one form needs no fields (the player's play report) takes an empty post;
      // a post naming another form (intent=sign-in) is then refused as an unknown form.
      const takesEmptyPost = row.declared.hasForms && "status" in tableOutcome && tableOutcome.status !== 400;
      const asForm = (fields: Record<string, string>) => ({ method: "POST" as const, target: path, contentType: "application/x-www-form-urlencoded", body: form(fields) });
      await check("NUL in a field", asForm({ intent: "sign-in", identifier: "nobody\0@example.test", password: "x", bio: "a\0b" }), takesEmptyPost ? "status 400" : asTable);
      await check("text/plain body", { method: "POST", target: path, contentType: "text/plain", body: "intent=sign-in" }, "status 415");
      await check("20,000-level field name", asForm({ [DEEP_NAME]: "x" }), takesEmptyPost ? "status 400" : asTable);
      await check(
        "redirectTo above U+00FF",
        asForm({
          intent: "sign-in",
          identifier: "nobody@example.test",
          password: "not-the-password",
          ...honeypot[persona],
          theme: "dark",
          displayName: "Someone",
          bio: "Hello",
          name: "Someone",
          company: "Label",
          email: "nobody@example.test",
          phone: "+447700900123",
          redirectTo: WIDE_PATH,
        }),
      );
      expect(problems).toEqual([]);
    });
  }
});

describe("form endpoints outside the table", () => {
  // Resource routes that only take posts: /theme and the session keep-alive.
  it.each(["/theme", "/auth/keep-alive"])("%s refuses bad forms with a 4xx", async (path) => {
    for (const persona of PERSONAS) {
      const problems = [
        await problemWith("NUL", await send(persona, { method: "POST", target: path, contentType: "application/x-www-form-urlencoded", body: "intent=ping&theme=dark\0" })),
        await problemWith("text/plain", await send(persona, { method: "POST", target: path, contentType: "text/plain", body: "theme=dark" })),
        await problemWith("deep", await send(persona, { method: "POST", target: path, contentType: "application/x-www-form-urlencoded", body: form({ [DEEP_NAME]: "x" }) })),
      ].filter(Boolean);
      expect(problems, persona).toEqual([]);
    }
  });

  it("sign-out still signs an anonymous visitor 'out' with a NUL in its form", async () => {
    const response = await send("anonymous", { method: "POST", target: "/auth/sign-out", contentType: "application/x-www-form-urlencoded", body: "reason=%00" });
    expect(await problemWith("sign-out", response)).toBeNull();
    expect(response.status).toBe(302);
  });
});

describe("the refusals say what was wrong", () => {
  it("sign-in with a NUL in the identifier: 400 with a message, not a database error", async () => {
    const fields = await client("anonymous").honeypotFields("/auth");
    const response = await send("anonymous", {
      method: "POST",
      target: "/auth",
      contentType: "application/x-www-form-urlencoded",
      body: form({ intent: "sign-in", identifier: "admin\0@demo.hitfactory.test", password: WORLD_PASSWORD, ...fields }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INPUT_MESSAGES.nul);
  });

  it("/profile with a NUL in the bio, signed in as a member: 400 with a message", async () => {
    const response = await send("member", {
      method: "POST",
      target: "/profile",
      contentType: "application/x-www-form-urlencoded",
      body: form({ displayName: demoAccount("member").displayName, bio: "Writes\0 songs" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(INPUT_MESSAGES.nul);
    // And the profile is untouched: the request stopped before the database.
    const profile = await world.database.db.selectFrom("profiles").select("bio").where("display_name", "=", demoAccount("member").displayName).executeTakeFirst();
    expect(profile?.bio ?? "").not.toContain("\0");
  });

  it("NUL in the query: 400 with a plain message", async () => {
    const response = await send("anonymous", { target: "/music-catalog?genre=%00" });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(INPUT_MESSAGES.nulInUrl);
  });

  it("invalid percent-encoding: 400", async () => {
    for (const target of ["/music-catalog?q=%E2%82", "/members%ZZ", "/search?q=100%"]) {
      const response = await send("anonymous", { target });
      expect(response.status, target).toBe(400);
      expect(await response.text(), target).toBe(INPUT_MESSAGES.badEncoding);
    }
  });

  it("a body that is not a form: 415 naming the types taken", async () => {
    const response = await send("anonymous", { method: "POST", target: "/ar/register", contentType: "application/json", body: "{}" });
    expect(response.status).toBe(415);
    expect(await response.text()).toBe(INPUT_MESSAGES.notAForm);
  });

  it("field names: too long, too deep, too many", async () => {
    // A page route: the message is shown on the page's error screen.
    const post = async (body: string): Promise<[number, string]> => {
      const response = await send("anonymous", { method: "POST", target: "/ar/register", contentType: "application/x-www-form-urlencoded", body });
      const text = await response.text();
      return [response.status, Object.values(INPUT_MESSAGES).find((message) => text.includes(message)) ?? text.slice(0, 80)];
    };
    expect(await post(form({ ["n".repeat(FORM_LIMITS.maxNameLength + 1)]: "x" }))).toEqual([400, INPUT_MESSAGES.nameTooLong]);
    expect(await post(form({ ["a" + ".b".repeat(FORM_LIMITS.maxNameSegments)]: "x" }))).toEqual([400, INPUT_MESSAGES.nameTooDeep]);
    expect(await post(Array.from({ length: FORM_LIMITS.maxFields + 1 }, (_, i) => `f${i}=x`).join("&"))).toEqual([400, INPUT_MESSAGES.tooManyFields]);
    // At the limits themselves the form is read (and the A&R form then finds its own fields missing).
    const [status, said] = await post(form({ ["a" + ".b".repeat(FORM_LIMITS.maxNameSegments - 1)]: "x", ["n".repeat(FORM_LIMITS.maxNameLength)]: "x" }));
    expect(status).toBe(400);
    expect(Object.values(INPUT_MESSAGES)).not.toContain(said);
  });

  it("/theme with a redirect above U+00FF: a redirect whose Location is percent-encoded", async () => {
    const response = await send("anonymous", { method: "POST", target: "/theme", contentType: "application/x-www-form-urlencoded", body: form({ theme: "dark", redirectTo: WIDE_PATH }) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(WIDE_PATH_ENCODED);
  });

  it("signed-in /auth with a redirect above U+00FF: a redirect whose Location is percent-encoded", async () => {
    const response = await send("admin", { target: `/auth?redirect=${encodeURIComponent(WIDE_PATH + "?x=\u00e9")}` });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${WIDE_PATH_ENCODED}?x=%C3%A9`);
  });

  it("cookies holding NUL bytes are ignored, not a 500", async () => {
    const headers = new Headers({ cookie: "hf_theme=%00; hf_toast=%00; hf_auth_pending=%00; sb-local-auth-token=a%00b" });
    for (const path of ["/", "/auth", "/dashboard", "/music-catalog"]) {
      const response = await world.app.handle(new Request(TEST_ORIGIN + path, { headers, redirect: "manual" }));
      expect(await problemWith(path, response)).toBeNull();
    }
  });

  it("left the admin signed in (no request above signed anyone out)", async () => {
    const response = await send("admin", { target: "/admin" });
    expect(response.status).toBe(200);
  });
});

describe("form names an attacker picks", () => {
  it("refuses a huge list position (it would make the form parser build a huge array) with 400, fast", async () => {
    const fields = await client("anonymous").honeypotFields("/auth");
    const started = Date.now();
    const response = await client("anonymous").post("/auth", { intent: "sign-in", "identifier[100000000]": "x", password: "y", ...fields });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("list position that is too large");
    expect(Date.now() - started).toBeLessThan(5_000);
    // A modest position is an ordinary (if invalid) form.
    const small = await client("anonymous").post("/auth", { intent: "sign-in", "identifier[3]": "x", password: "y", ...fields });
    expect(small.status).toBe(400);
  });

  it.each(["toString", "__proto__", "constructor", "valueOf", "hasOwnProperty"])("answers intent=%s as an unknown form (400), never a 500", async (intent) => {
    const fields = await client("anonymous").honeypotFields("/auth");
    for (const [persona, path] of [["anonymous", "/auth"], ["anonymous", "/test-phone-auth"], ["anonymous", "/ar/register"], ["member", "/profile"]] as const) {
      const response = await client(persona).post(path, { intent, ...fields });
      expect(response.status, `${persona} ${path}`).toBe(400);
    }
  });
});
