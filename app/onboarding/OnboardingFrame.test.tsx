// @vitest-environment happy-dom
/**
 * The onboarding dialogs in a data router (no server): what they render, the
 * page made inert behind them, Escape posting the same form as the close
 * control, nothing on /auth paths, and the confetti's timing and its
 * reduced-motion rule.
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { tourView, welcomeView } from "./views";
import { OnboardingFrame } from "./OnboardingFrame";
import { REDUCED_MOTION_QUERY, playConfetti } from "./confetti";
import type { OnboardingView } from "./view";
import { loadOnboardingDialogs } from "./dialogs-loader";

// The dialogs are a lazily loaded chunk; loaded first, as the server and entry.client do, they render at once.
beforeAll(async () => {
  await loadOnboardingDialogs();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(onboarding: OnboardingView | null, path = "/dashboard") {
  const posted: Record<string, string>[] = [];
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <OnboardingFrame onboarding={onboarding}>
            <main>
              <h1>Page</h1>
              <a href="/members">Members</a>
            </main>
          </OnboardingFrame>
        ),
      },
      {
        path: "/onboarding",
        action: async ({ request }) => {
          posted.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
          return null;
        },
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { posted };
}

const frame = () => document.querySelector("[data-onboarding-frame]")!;

describe("the welcome modal", () => {
  it("is a labelled modal dialog before the page, which is inert behind it", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === REDUCED_MOTION_QUERY }));
    setup(welcomeView({ displayName: "Noah Kim", email: "noah@example.test", role: "accepted_member", isAdmin: false }));
    const dialog = screen.getByRole("dialog", { name: "Welcome, Noah Kim!" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(frame().hasAttribute("inert")).toBe(true);
    expect(dialog.compareDocumentPosition(frame()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("button", { name: "Take a Quick Tour" })).toBeTruthy();
  });

  it("Escape answers 'I'll explore on my own', back to this page", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === REDUCED_MOTION_QUERY }));
    const { posted } = setup(welcomeView({ displayName: "Noah Kim", email: "noah@example.test", role: "accepted_member", isAdmin: false }), "/members?skill=writer");
    const dialog = screen.getByRole("dialog");
    await act(async () => {
      fireEvent.keyDown(dialog, { key: "Escape" });
    });
    await vi.waitFor(() => expect(posted).toEqual([{ intent: "dismiss-welcome", returnTo: "/members?skill=writer" }]));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(frame().hasAttribute("inert")).toBe(false);
  });

  it("never shows on a path containing /auth", () => {
    setup(welcomeView({ displayName: "Noah Kim", email: "noah@example.test", role: "accepted_member", isAdmin: false }), "/auth");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(frame().hasAttribute("inert")).toBe(false);
  });
});

describe("the tour dialog", () => {
  it("shows the step with its progress; Escape skips, saving the step", async () => {
    const { posted } = setup(tourView(2), "/profile");
    const dialog = screen.getByRole("dialog", { name: "Your Profile" });
    expect(dialog.textContent).toContain("Step 3 of 8");
    const progress = screen.getByRole("progressbar", { name: "Tour progress" });
    expect(progress.getAttribute("aria-valuenow")).toBe("3");
    expect(screen.getByRole("button", { name: "Previous" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Skip tour" })).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(dialog, { key: "Escape" });
    });
    await vi.waitFor(() => expect(posted).toEqual([{ intent: "skip", step: "2", returnTo: "/profile" }]));
  });

  it("the first step has no Previous; the last has 'Complete Tour' and no Skip tour", () => {
    setup(tourView(0));
    expect(screen.queryByRole("button", { name: "Previous" })).toBeNull();
    cleanup();
    setup(tourView(7));
    expect(screen.getByRole("button", { name: "Complete Tour" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Skip tour" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  });
});

describe("confetti", () => {
  it("starts after 0.5 s, plays 3 s, and can be stopped", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    const stopBurst = vi.fn();
    const burst = vi.fn(() => stopBurst);
    const stop = playConfetti({ load: async () => burst });
    await vi.advanceTimersByTimeAsync(499);
    expect(burst).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(burst).toHaveBeenCalledWith(3000);
    stop();
    expect(stopBurst).toHaveBeenCalled();
  });

  it("is never loaded under prefers-reduced-motion", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === REDUCED_MOTION_QUERY }));
    const load = vi.fn();
    playConfetti({ load });
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).not.toHaveBeenCalled();
  });

  it("is never loaded when the app reduces motion (SPEC §4: data-motion on <html>)", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    const load = vi.fn();
    document.documentElement.dataset.motion = "reduced";
    try {
      playConfetti({ load });
      await vi.advanceTimersByTimeAsync(5000);
    } finally {
      delete document.documentElement.dataset.motion;
    }
    expect(load).not.toHaveBeenCalled();
  });

  it("is never loaded on a low-level device, before the enhancement layer has written anything (a phone on 3G)", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    const load = vi.fn();
    vi.stubGlobal("innerWidth", 390);
    vi.stubGlobal("navigator", { ...navigator, hardwareConcurrency: 8, connection: { effectiveType: "3g" } });
    playConfetti({ load });
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).not.toHaveBeenCalled();
  });

  it("motion reduction that starts during the delay stops it too", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    const load = vi.fn();
    playConfetti({ load });
    document.documentElement.dataset.motion = "reduced";
    try {
      await vi.advanceTimersByTimeAsync(5000);
    } finally {
      delete document.documentElement.dataset.motion;
    }
    expect(load).not.toHaveBeenCalled();
  });

  it("a failed load is only a warning", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    playConfetti({ load: () => Promise.reject(new Error("offline")) });
    await vi.advanceTimersByTimeAsync(600);
    expect(warn).toHaveBeenCalledWith("confetti could not play:", "offline");
    warn.mockRestore();
  });
});
