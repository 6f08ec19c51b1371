// @vitest-environment happy-dom
/**
 * The errorBoundaries flag (ADR 0094): off in an admin's browser, the error
 * screens show that admin the raw error; a member with the same flag, an
 * admin with the flag on, and every server render get the friendly fallback.
 */
import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FEATURE_FLAG_DEFAULTS, writeFeatureFlags } from "~/enhance/flags/feature-flags";
import { TEXT } from "~/shared/constants";
import { RootErrorFallback, RouteErrorFallback, resetCaughtErrorsForTests } from "./ErrorFallbacks";

function Boom(): never {
  throw new Error("Render failed on purpose");
}

function RootScreen() {
  // As root.tsx's ErrorBoundary passes it.
  return <RootErrorFallback error={new Error("Root render failed")} />;
}

function routesFor(viewer: { isAdmin: boolean } | null, level: "route" | "root") {
  return [
    {
      id: "root",
      path: "/",
      loader: () => ({ viewer }),
      element: <div>root</div>,
      children: [{ index: true, element: level === "route" ? <Boom /> : <RootScreen />, errorElement: <RouteErrorFallback /> }],
    },
  ];
}

function renderAt(viewer: { isAdmin: boolean } | null, level: "route" | "root" = "route") {
  const routes = routesFor(viewer, level).map((route) => ({ ...route, element: <OutletHost /> }));
  const router = createMemoryRouter(routes, { hydrationData: { loaderData: { root: { viewer } } } });
  return render(<RouterProvider router={router} />);
}

function OutletHost() {
  return <Outlet />;
}

const flagsOff = () => writeFeatureFlags({ ...FEATURE_FLAG_DEFAULTS, errorBoundaries: false });

beforeEach(() => {
  localStorage.clear();
  resetCaughtErrorsForTests();
  // React reports the caught render error on the console.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("route-level fallback", () => {
  it("shows an admin with errorBoundaries off the raw error, message and stack", async () => {
    flagsOff();
    await act(async () => void renderAt({ isAdmin: true }));
    expect(await screen.findByRole("heading", { name: "Raw error" })).toBeTruthy();
    expect(screen.getByText("Error: Render failed on purpose")).toBeTruthy();
    expect(screen.getByTestId("raw-error").querySelector("pre")?.textContent).toContain("Boom");
    expect(screen.queryByRole("heading", { name: TEXT.musicStoppedTitle })).toBeNull();
  });

  it("shows a member with errorBoundaries off the friendly fallback", async () => {
    flagsOff();
    await act(async () => void renderAt({ isAdmin: false }));
    expect(screen.getByRole("heading", { name: TEXT.musicStoppedTitle })).toBeTruthy();
    expect(screen.queryByTestId("raw-error")).toBeNull();
  });

  it("shows an admin with errorBoundaries on (the default) the friendly fallback", async () => {
    await act(async () => void renderAt({ isAdmin: true }));
    expect(screen.getByRole("heading", { name: TEXT.musicStoppedTitle })).toBeTruthy();
    expect(screen.queryByTestId("raw-error")).toBeNull();
  });

  it("follows the flag live: turned back on, the fallback returns", async () => {
    flagsOff();
    await act(async () => void renderAt({ isAdmin: true }));
    expect(screen.getByTestId("raw-error")).toBeTruthy();
    act(() => void writeFeatureFlags(FEATURE_FLAG_DEFAULTS));
    expect(screen.getByRole("heading", { name: TEXT.musicStoppedTitle })).toBeTruthy();
  });
});

describe("root fallback", () => {
  it("shows an admin with errorBoundaries off the raw error instead of SOMETHING WENT WRONG", async () => {
    flagsOff();
    await act(async () => void renderAt({ isAdmin: true }, "root"));
    expect(screen.getByText("Error: Root render failed")).toBeTruthy();
    expect(screen.queryByText(TEXT.somethingWentWrong)).toBeNull();
  });

  it("shows a visitor (no viewer) the fallback", async () => {
    flagsOff();
    await act(async () => void renderAt(null, "root"));
    expect(screen.getByText(TEXT.somethingWentWrong)).toBeTruthy();
  });
});

describe("the server's render", () => {
  it("is the friendly fallback even for an admin whose stored flag is off (flags live in the browser)", async () => {
    flagsOff();
    // React's server render has no error boundaries: a server-side error is a loader's, as here.
    const viewer = { isAdmin: true };
    const failing = () => {
      throw new Error("Loader failed on purpose");
    };
    const routes = [{ id: "root", path: "/", loader: () => ({ viewer }), element: <OutletHost />, children: [{ index: true, loader: failing, element: <div />, errorElement: <RouteErrorFallback /> }] }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
    expect(html).toContain(TEXT.musicStoppedTitle);
    expect(html).not.toContain("Raw error");
  });
});
