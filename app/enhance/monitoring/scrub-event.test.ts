import { describe, expect, it } from "vitest";
import { scrubBreadcrumb, scrubEvent, scrubString, scrubValue } from "./scrub-event";

const EMAIL = "jane.doe@example.com";
const IP = "203.0.113.42";
const TOKEN = "sk_live_4eC39HqLyjWDarjtT1zdp7dc9a8b";
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

/** Everything the event would say, as one string: the scrubbed values must not be anywhere in it. */
const flat = (value: unknown) => JSON.stringify(value);

describe("scrubString", () => {
  it("replaces addresses, e-mails and tokens and cuts to 200, as SPEC §8 says", () => {
    expect(scrubString(`Failed for ${EMAIL} at ${IP} with ${TOKEN}`)).toBe("Failed for [EMAIL] at [IP] with [TOKEN]");
    expect(scrubString("word ".repeat(100))).toHaveLength(200);
  });
  it("decodes percent-encoding first, so an encoded e-mail in a URL is caught", () => {
    expect(scrubString(`/auth?email=${encodeURIComponent(EMAIL)}`)).toBe("/auth?email=[EMAIL]");
    expect(scrubString(`/x?bad=%E2%82&email=${encodeURIComponent(EMAIL)}`)).toBe("/x?bad=%E2%82&email=[EMAIL]");
  });
  it("leaves an empty string empty (it is not an error text)", () => {
    expect(scrubString("")).toBe("");
  });
});

describe("scrubValue", () => {
  it("walks arrays and objects, drops secret keys, keeps Sentry's ids", () => {
    const scrubbed = scrubValue({
      nested: [{ note: `mail ${EMAIL}` }],
      password: "hunter2",
      Authorization: "Bearer abc",
      access_token: TOKEN,
      trace_id: TRACE_ID,
      count: 3,
      ok: true,
    });
    expect(scrubbed).toEqual({ nested: [{ note: "mail [EMAIL]" }], trace_id: TRACE_ID, count: 3, ok: true });
  });
  it("stops at a bounded depth instead of walking a cycle-like chain for ever", () => {
    let deep: Record<string, unknown> = { leaf: EMAIL };
    for (let i = 0; i < 20; i++) deep = { child: deep };
    expect(flat(scrubValue(deep))).not.toContain(EMAIL);
  });
});

describe("scrubEvent", () => {
  const event = {
    event_id: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
    message: `Message about ${EMAIL}`,
    logentry: { message: `Log for %s at ${IP}`, params: [EMAIL] },
    exception: {
      values: [
        {
          type: "Error",
          value: `Loader failed for ${EMAIL} at ${IP} with ${TOKEN}`,
          stacktrace: { frames: [{ filename: "app/routes/x.tsx", function: "loader", lineno: 3, vars: { email: EMAIL, secretThing: TOKEN } }] },
          mechanism: { type: "instrument", handled: false, data: { function: "remix.server" } },
        },
      ],
    },
    request: {
      method: "GET",
      url: `https://hitfactory.example/listen/${TOKEN}?email=${encodeURIComponent(EMAIL)}`,
      query_string: `email=${EMAIL}&from=${IP}`,
      headers: {
        cookie: "sb-access-token=abc",
        Authorization: "Bearer secret",
        "x-forwarded-for": IP,
        "user-agent": "Mozilla/5.0",
        referer: `https://hitfactory.example/auth?email=${EMAIL}`,
      },
      cookies: { session: "abc" },
      data: { password: "hunter2", email: EMAIL },
      env: { REMOTE_ADDR: IP },
    },
    user: { id: "user-1", email: EMAIL, ip_address: IP, username: "Jane" },
    tags: { role: "accepted_member", where: `host ${IP}`, replayId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0" },
    extra: { note: `call ${EMAIL}`, list: [IP] },
    contexts: { trace: { trace_id: TRACE_ID, span_id: "00f067aa0ba902b7", data: { "url.full": `https://x.test/?t=${TOKEN}` } } },
    breadcrumbs: [
      { category: "console", message: `signed in as ${EMAIL}`, level: "log" },
      { category: "fetch", data: { url: `/api/x?ip=${IP}`, status_code: 500 } },
    ],
    spans: [{ description: `select * from users where email = '${EMAIL}'`, data: { "db.statement": `... ${IP}` }, span_id: "0123456789abcdef" }],
    urls: [`https://hitfactory.example/listen/${TOKEN}`],
  };

  const scrubbed = scrubEvent(event);

  it("leaves no e-mail, address or token anywhere in what is sent", () => {
    const text = flat(scrubbed);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(encodeURIComponent(EMAIL));
    expect(text).not.toContain(IP);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("Bearer");
  });

  it("scrubs the exception's value and drops local variables, keeping the stack", () => {
    const value = scrubbed.exception.values[0]!;
    expect(value.value).toBe("Loader failed for [EMAIL] at [IP] with [TOKEN]");
    expect(value.stacktrace.frames[0]).toEqual({ filename: "app/routes/x.tsx", function: "loader", lineno: 3 });
    expect(value.mechanism).toEqual({ type: "instrument", handled: false, data: { function: "remix.server" } });
  });

  it("scrubs the message and the log entry", () => {
    expect(scrubbed.message).toBe("Message about [EMAIL]");
    expect(scrubbed.logentry).toEqual({ message: "Log for %s at [IP]", params: ["[EMAIL]"] });
  });

  it("keeps the request's method, scrubbed URL, query and harmless headers; drops cookies, body and env", () => {
    expect(scrubbed.request).toEqual({
      method: "GET",
      url: expect.stringContaining("/listen/[TOKEN]"),
      query_string: "email=[EMAIL]&from=[IP]",
      headers: { "user-agent": "Mozilla/5.0", referer: "https://hitfactory.example/auth?email=[EMAIL]" },
    });
  });

  it("keeps only the user's id", () => {
    expect(scrubbed.user).toEqual({ id: "user-1" });
    expect(scrubEvent({ user: { email: EMAIL } })).not.toHaveProperty("user");
  });

  it("keeps tags (the role) and Sentry's ids, scrubs extra, contexts, breadcrumbs, spans and replay urls", () => {
    // The replay's id ties the error to its replay (the browser's replay integration tags it).
    expect(scrubbed.tags).toEqual({ role: "accepted_member", where: "host [IP]", replayId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0" });
    expect(scrubbed.contexts.trace.trace_id).toBe(TRACE_ID);
    expect(scrubbed.contexts.trace.span_id).toBe("00f067aa0ba902b7");
    expect(scrubbed.event_id).toBe(event.event_id);
    expect(scrubbed.extra).toEqual({ note: "call [EMAIL]", list: ["[IP]"] });
    expect(scrubbed.breadcrumbs[0]).toEqual({ category: "console", message: "signed in as [EMAIL]", level: "log" });
    expect(scrubbed.breadcrumbs[1]).toEqual({ category: "fetch", data: { url: "/api/x?ip=[IP]", status_code: 500 } });
    expect(scrubbed.spans[0]).toEqual({ description: "select * from users where email = '[EMAIL]'", data: { "db.statement": "... [IP]" }, span_id: "0123456789abcdef" });
    expect(scrubbed.urls).toEqual(["https://hitfactory.example/listen/[TOKEN]"]);
  });

  it("does not change the event it was given", () => {
    expect(event.user.email).toBe(EMAIL);
    expect(event.request.headers.cookie).toBe("sb-access-token=abc");
  });

  it("takes query strings given as pairs too", () => {
    expect(scrubEvent({ request: { query_string: [["email", EMAIL]] } }).request).toEqual({ query_string: [["email", "[EMAIL]"]] });
  });
});

describe("scrubBreadcrumb", () => {
  it("scrubs the message and data and keeps the rest", () => {
    expect(scrubBreadcrumb({ category: "navigation", data: { from: `/listen/${TOKEN}`, to: "/" }, timestamp: 1 })).toEqual({
      category: "navigation",
      data: { from: "/listen/[TOKEN]", to: "/" },
      timestamp: 1,
    });
  });
});
