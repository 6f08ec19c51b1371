/**
 * The route contract holds for every route module of the real build
 * (app/routing/route.server.ts): each declares its access once, its loader and
 * its action are the guarded ones made from that declaration, what the
 * authorization table derives from the source matches what the modules carry,
 * and navigation and admin sections point at the routes that declare them.
 * Plus the contract itself: a guarded action refuses before its form runs,
 * and a form-less route answers 405 only after the guard.
 */
import { redirect } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { honeypotFormFields } from "~/auth/honeypot.server";
import { FORM_MESSAGES, form } from "~/routing/forms.server";
import { declarationOf, defineRoute, ROUTE_DECLARATION, type RouteDeclaration } from "~/routing/route.server";
import { createAppHandler, type AppHandler } from "../support/app-handler";
import { createTestDatabase, useTestRuntime, type TestDatabase } from "../support/database";
import { declaredAccess, declaredRoutes } from "../support/route-declarations";

let database: TestDatabase;
let app: AppHandler;

beforeAll(async () => {
  database = await createTestDatabase();
  useTestRuntime(database);
  app = await createAppHandler();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

function modules() {
  return Object.entries(app.build.routes).map(([id, route]) => ({ id, module: route.module as unknown as Record<string, unknown> & { loader?: unknown; action?: unknown } }));
}

describe("every route module of the build", () => {
  it("declares its access (defineRoute), on its loader and its action alike", () => {
    const problems: string[] = [];
    for (const { id, module } of modules()) {
      const declaration = declarationOf(module);
      if (!declaration) problems.push(`${id}: no defineRoute declaration on its loader`);
      else if ((module.action as { [ROUTE_DECLARATION]?: unknown } | undefined)?.[ROUTE_DECLARATION] !== declaration) {
        problems.push(`${id}: its action is not the guarded one made from its declaration`);
      }
      if (module.headers === undefined) problems.push(`${id}: does not export the route's headers (Retry-After would be lost)`);
      // Remix answers a page-less route's data with 200: its refusals must be real responses.
      if (declaration?.forms && !module.default && !declaration.resource) problems.push(`${id}: has forms but no page, and is not declared resource`);
    }
    expect(problems).toEqual([]);
  });

  it("declares what the authorization table reads from its source", () => {
    const built = new Map(modules().map(({ id, module }) => [id, declarationOf(module)]));
    const mismatches: string[] = [];
    for (const route of declaredRoutes()) {
      const declaration = built.get(route.id);
      if (!declaration) {
        mismatches.push(`${route.id}: mounted by the map but not in the build`);
        continue;
      }
      if (declaration.access !== route.access) mismatches.push(`${route.id}: access ${declaration.access}, source says ${route.access}`);
      const hasForms = Boolean(declaration.forms && Object.keys(declaration.forms).length > 0);
      if (hasForms !== route.hasForms) mismatches.push(`${route.id}: forms ${hasForms}, source says ${route.hasForms}`);
    }
    expect(mismatches).toEqual([]);
    // Every route of the build but the root is mounted by the map.
    const mapped = new Set(declaredRoutes().map((route) => route.id));
    expect(modules().map(({ id }) => id).filter((id) => id !== "root" && !mapped.has(id))).toEqual([]);
  });

  it("links navigation and admin sections to the route that declares them", () => {
    const patternOf = new Map(declaredRoutes().map((route) => [route.id, route.pattern]));
    const problems: string[] = [];
    for (const { id, module } of modules()) {
      const declaration = declarationOf(module) as RouteDeclaration | undefined;
      const pattern = patternOf.get(id);
      if (declaration?.nav && declaration.nav.to !== pattern) problems.push(`${id}: nav links ${declaration.nav.to}, route is ${pattern}`);
      if (declaration?.adminSection) {
        if (declaration.adminSection.to !== pattern) problems.push(`${id}: admin section links ${declaration.adminSection.to}, route is ${pattern}`);
        if (declaration.access !== "admin") problems.push(`${id}: an admin section must be admin-only`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("reading a route's declared access", () => {
  it("fails for a module that declares none", () => {
    expect(() => declaredAccess(`export async function loader() { return null; }`, "routes/x.tsx")).toThrow(/declares no access/);
    expect(() => declaredAccess(`const route = defineRoute({ access: "everyone" });`, "routes/x.tsx")).toThrow(/declares no access/);
    expect(declaredAccess(`const route = defineRoute({\n  access: "member",\n});`, "routes/x.tsx")).toBe("member");
  });
});

describe("the contract", () => {
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    new Request("http://localhost/guarded", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });

  async function answer(run: () => Promise<unknown>): Promise<Response> {
    try {
      const result = await run();
      return result instanceof Response ? result : new Response(null, { status: 200 });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("runs the guard before a form: an anonymous post to a member form never reaches it", async () => {
    let handled = 0;
    const route = defineRoute({
      access: "member",
      forms: {
        save: form({
          schema: z.object({ note: z.string() }),
          handle: () => {
            handled += 1;
            return redirect("/done");
          },
        }),
      },
    });
    const response = await answer(() => route.action({ request: post({ intent: "save", note: "hi" }), params: {}, context: {} }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirect=%2Fguarded");
    expect(handled).toBe(0);
  });

  it("answers a form-less route's POST with 405 only after the guard", async () => {
    const route = defineRoute({ access: "admin" });
    const anonymous = await answer(() => route.action({ request: post({}), params: {}, context: {} }));
    expect(anonymous.status).toBe(302);
    const open = defineRoute({ access: "public" });
    const refused = await answer(() => open.action({ request: post({}), params: {}, context: {} }));
    expect(refused.status).toBe(405);
  });

  it("refuses a public form without the honeypot, a bad form with 400 and its errors, and never echoes a password", async () => {
    let handled = 0;
    const route = defineRoute({
      access: "public",
      forms: {
        join: form({
          schema: z.object({ email: z.string().email("Enter an e-mail address"), password: z.string().min(8, "Too short") }),
          handle: () => {
            handled += 1;
            return redirect("/welcome");
          },
        }),
      },
    });
    type Reply = { data: { intent: string; result: { error?: Record<string, string[]> } }; init: ResponseInit };
    const spam = (await route.action({ request: post({ email: "a@b.test", password: "long-enough" }), params: {}, context: {} })) as unknown as Reply;
    expect(spam.init.status).toBe(400);
    expect(spam.data.result.error?.[""]).toEqual([FORM_MESSAGES.spam]);

    const fields = { email: "nope", password: "shorty", ...honeypotFormFields() };
    const { data, init } = (await route.action({ request: post(fields), params: {}, context: {} })) as unknown as Reply;
    expect(init.status).toBe(400);
    expect(data.intent).toBe("join");
    expect(data.result.error?.email).toEqual(["Enter an e-mail address"]);
    expect(data.result.error?.password).toEqual(["Too short"]);
    expect(handled).toBe(0);
    expect(JSON.stringify(data)).not.toContain("shorty");
  });
});
