/**
 * Test-only: a page whose render throws (on the server with ?now, on the
 * client after a click). It has no boundary, so the root fallback catches it.
 */
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { requireTestRoutes } from "~/platform/test-routes.server";
import { defineRoute } from "~/routing/route.server";
import { Button } from "~/ui/Button";

// Test-only (ENABLE_TEST_ROUTES, else 404); public: the probes need no particular persona.
const route = defineRoute({
  access: "public",
  load({ request }) {
    requireTestRoutes();
    return { now: new URL(request.url).searchParams.has("now") };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;

function Boom(): never {
  throw new Error("Render failed on purpose");
}

export default function CrashProbe() {
  const { now } = useLoaderData<typeof loader>();
  const [crash, setCrash] = useState(now);
  return (
    <section>
      <h1>Crash probe</h1>
      <Button onClick={() => setCrash(true)}>Crash</Button>
      {crash ? <Boom /> : null}
    </section>
  );
}
