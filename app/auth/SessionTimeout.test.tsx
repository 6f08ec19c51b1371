// @vitest-environment happy-dom
/**
 * The session-timeout host's clock in the browser: when the warning shows, how
 * it counts down, what counts as activity, and how it signs out. (Continue
 * Session talks to the server; the end-to-end suite covers its success against
 * the real one, these tests its failure.)
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TEXT } from "~/shared/constants";
import { toast } from "~/toast/store";
import { SessionTimeout, formatCountdown, keepAliveThrottleMs } from "./SessionTimeout";

const MINUTE = 60_000;
const state = { idleTimeoutMs: 15 * MINUTE, warningMs: 2 * MINUTE, absoluteTimeoutMs: 120 * MINUTE, absoluteRemainingMs: 120 * MINUTE };

let signOuts: Record<string, string>[] = [];
/** Keep-alive posts the host made (the server side is covered by integration and end-to-end tests). */
let pings: string[] = [];
/** When the server would end the session; its keep-alive answers count down to it. */
let serverDeadline = 0;
/** Set by a test to answer 'Continue Session' (intent=extend) differently. */
let extendAnswer: (() => Response) | null = null;

function renderHost(overrides: Partial<typeof state> = {}) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <SessionTimeout state={{ ...state, ...overrides }} /> },
      { path: "/auth", element: <p>Sign-in page</p> },
      {
        path: "/auth/sign-out",
        action: async ({ request }) => {
          signOuts.push(Object.fromEntries(await request.formData()) as Record<string, string>);
          return new Response(null, { status: 302, headers: { Location: "/auth" } });
        },
      },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  signOuts = [];
  pings = [];
  extendAnswer = null;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    pings.push(`${url} ${String(init.body)}`);
    if (extendAnswer && String(init.body) === "intent=extend") return extendAnswer();
    const body = { ok: true, absoluteRemainingMs: Math.max(0, serverDeadline - Date.now()) };
    return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  });
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
  serverDeadline = Date.now() + state.absoluteRemainingMs;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("formatCountdown", () => {
  it("shows m:ss, rounding up to the next second", () => {
    expect(formatCountdown(120_000)).toBe("2:00");
    expect(formatCountdown(119_001)).toBe("2:00");
    expect(formatCountdown(61_000)).toBe("1:01");
    expect(formatCountdown(9_000)).toBe("0:09");
    expect(formatCountdown(-5)).toBe("0:00");
  });
});

describe("SessionTimeout", () => {
  it("warns 2 minutes before the idle timeout and counts down every second", async () => {
    renderHost();
    await advance(13 * MINUTE - 1000);
    expect(screen.queryByRole("dialog")).toBeNull();
    await advance(2000);
    const dialog = screen.getByRole("dialog", { name: "Session Timeout Warning" });
    expect(dialog.textContent).toContain("Your session will expire due to inactivity in:");
    expect(dialog.textContent).toContain("Would you like to continue your session?");
    expect(screen.getByRole("timer").textContent).toBe("1:59");
    await advance(1000);
    expect(screen.getByRole("timer").textContent).toBe("1:58");
    expect(screen.getByRole("button", { name: "Continue Session" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign Out" })).toBeTruthy();
  });

  it.each(["mousedown", "keypress", "scroll", "touchstart", "click"])("restarts the idle timer on %s", async (event) => {
    renderHost();
    await advance(12 * MINUTE);
    fireEvent(window, new Event(event));
    await advance(12 * MINUTE);
    expect(screen.queryByRole("dialog")).toBeNull();
    await advance(1 * MINUTE + 1000);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("tells the server about activity at most once a minute", async () => {
    renderHost();
    fireEvent(window, new Event("mousedown"));
    expect(pings).toEqual([]);
    await advance(MINUTE);
    fireEvent(window, new Event("mousedown"));
    fireEvent(window, new Event("keypress"));
    await advance(10_000);
    fireEvent(window, new Event("scroll"));
    expect(pings).toEqual(["/auth/keep-alive intent=ping"]);
  });

  it("pings a quarter of the idle timeout apart when that is under a minute", async () => {
    expect(keepAliveThrottleMs(15 * MINUTE)).toBe(MINUTE);
    expect(keepAliveThrottleMs(2 * MINUTE)).toBe(30_000);
    renderHost({ idleTimeoutMs: 2 * MINUTE, warningMs: 30_000 });
    fireEvent(window, new Event("mousedown"));
    expect(pings).toEqual([]);
    await advance(30_000);
    fireEvent(window, new Event("mousedown"));
    expect(pings).toEqual(["/auth/keep-alive intent=ping"]);
    await advance(10_000);
    fireEvent(window, new Event("keypress"));
    expect(pings).toEqual(["/auth/keep-alive intent=ping"]);
    await advance(20_000);
    fireEvent(window, new Event("click"));
    expect(pings).toEqual(["/auth/keep-alive intent=ping", "/auth/keep-alive intent=ping"]);
  });

  it("does not ping for an idle person when the warning opens (that would extend an idle session)", async () => {
    renderHost();
    await advance(13 * MINUTE + 1000);
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(pings).toEqual([]);
  });

  it("sends activity the throttle held back once, as the warning opens", async () => {
    renderHost();
    await advance(30_000);
    // Within the throttle window: remembered, not sent yet.
    fireEvent.mouseDown(window);
    await advance(0);
    expect(pings).toEqual([]);
    await advance(13 * MINUTE - 30_000 + 31_000);
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(pings).toEqual(["/auth/keep-alive intent=ping"]);
    await advance(5000);
    expect(pings).toEqual(["/auth/keep-alive intent=ping"]);
  });

  it.each([
    ["a 401 with ok: false", () => new Response(JSON.stringify({ ok: false, reason: "expired", redirectTo: "/auth" }), { status: 401, headers: { "Content-Type": "application/json" } })],
    ["a 500 that is not JSON", () => new Response("<h1>Server error</h1>", { status: 500, headers: { "Content-Type": "text/html" } })],
  ])("shows 'Session Extension Failed' and signs out when Continue Session gets %s", async (_label, answer) => {
    const failed = vi.spyOn(toast, "error");
    extendAnswer = answer;
    const router = renderHost();
    await advance(13 * MINUTE + 1000);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Continue Session" }));
    });
    await advance(0);
    expect(pings).toContain("/auth/keep-alive intent=extend");
    expect(failed).toHaveBeenCalledWith(TEXT.sessionExtensionFailed, { title: TEXT.sessionExtensionFailedTitle });
    expect(signOuts).toEqual([{}]);
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("ignores activity while the warning is up: only its buttons decide", async () => {
    renderHost();
    await advance(13 * MINUTE + 1000);
    fireEvent(window, new Event("keypress"));
    await advance(1000);
    expect(screen.getByRole("timer").textContent).toBe("1:58");
  });

  it("signs out with reason idle when the countdown reaches zero", async () => {
    const router = renderHost();
    await advance(15 * MINUTE + 1000);
    expect(signOuts).toEqual([{ reason: "idle" }]);
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("signs out with reason absolute at the maximum duration, however active the person is", async () => {
    serverDeadline = Date.now() + 20 * MINUTE;
    renderHost({ absoluteRemainingMs: 20 * MINUTE });
    for (let i = 0; i < 4; i++) {
      await advance(5 * MINUTE);
      fireEvent(window, new Event("mousedown"));
    }
    await advance(1000);
    expect(signOuts).toEqual([{ reason: "absolute" }]);
  });

  it("signs out (no reason: a plain sign-out) from the warning's Sign Out button", async () => {
    renderHost();
    await advance(13 * MINUTE + 1000);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
    });
    expect(signOuts).toEqual([{}]);
  });
});
