// @vitest-environment happy-dom
/**
 * The developer tools panel: keyboard operation and focus (toggle, tabs with
 * arrow keys, Escape back to the toggle), and what the tabs show (the logs
 * and requests recorded, the matched routes and their params, the player).
 */
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDebug } from "~/enhance/debug/debug";
import { logStore, networkStore } from "~/enhance/debug/log-store";
import { PlayerController } from "~/player/controller";
import { PlayerProvider } from "~/player/context";
import DevToolsPanel from "./DevToolsPanel";

let player: PlayerController;

function renderPanel(path = "/song/s-42") {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        element: (
          <PlayerProvider controller={player}>
            <DevToolsPanel />
          </PlayerProvider>
        ),
        children: [{ id: "routes/catalogue/song", path: "song/:songId", element: null }],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

const toggle = () => screen.getByRole("button", { name: "Dev tools" });
const open = () => act(() => fireEvent.click(toggle()));

beforeAll(() => {
  // The server the page's fetch reaches, stood in for before the panel wraps fetch.
  window.fetch = (async () =>
    new Response("{}", { status: 200, headers: { "Server-Timing": 'loader;desc="routes/members/directory";dur=8.2' } })) as typeof fetch;
});

beforeEach(() => {
  sessionStorage.clear();
  logStore.clear();
  networkStore.clear();
  player = new PlayerController(async () => null, () => undefined);
});
afterEach(cleanup);

describe("DevToolsPanel", () => {
  it("opens from its toggle with focus on the selected tab, and Escape closes it back to the toggle", () => {
    renderPanel();
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    open();
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    const panel = screen.getByRole("region", { name: "Developer tools" });
    expect(toggle().getAttribute("aria-controls")).toBe(panel.id);
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Logs" }));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("region", { name: "Developer tools" })).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  it("moves between tabs with the arrow keys, Home and End (one tab in the Tab order)", () => {
    renderPanel();
    open();
    const tab = (name: string) => screen.getByRole("tab", { name });
    fireEvent.keyDown(tab("Logs"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Network"));
    expect(tab("Network").getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("tab").filter((t) => t.tabIndex === 0)).toEqual([tab("Network")]);
    fireEvent.keyDown(tab("Network"), { key: "End" });
    expect(document.activeElement).toBe(tab("Player"));
    fireEvent.keyDown(tab("Player"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Logs"));
    fireEvent.keyDown(tab("Logs"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(tab("Player"));
    fireEvent.keyDown(tab("Player"), { key: "Home" });
    expect(document.activeElement).toBe(tab("Logs"));
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(tab("Logs").id);
  });

  it("shows logged lines (the page load's navigation among them) and clears them", () => {
    renderPanel();
    act(() => createDebug("player")("load", { track: "t1" }));
    open();
    const logs = screen.getByRole("list", { name: "Logs" });
    expect(within(logs).getByText("load")).toBeTruthy();
    expect(within(logs).getByText("page loaded at /song/s-42")).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Clear logs" })));
    expect(screen.queryByRole("list", { name: "Logs" })).toBeNull();
    expect(logStore.getSnapshot()).toEqual([]);
  });

  it("lists the requests fetch made, with status, and their loader timings", async () => {
    renderPanel();
    open();
    act(() => fireEvent.click(screen.getByRole("tab", { name: "Network" })));
    // The panel started capture when it mounted: the page's fetch now records.
    await act(async () => void (await window.fetch("/members.data")));
    const requests = screen.getByRole("list", { name: "Requests" });
    expect(within(requests).getByText("/members.data")).toBeTruthy();
    expect(within(requests).getByTestId("devtools-request-status").textContent).toBe("200");
    act(() => fireEvent.click(screen.getByRole("tab", { name: "Loader timings" })));
    const timings = screen.getByRole("list", { name: "Loader timings" });
    expect(within(timings).getByText("routes/members/directory")).toBeTruthy();
    expect(within(timings).getByText("8.2 ms")).toBeTruthy();
  });

  it("shows the path, the matched route ids and their params", () => {
    renderPanel("/song/s-42?debug=1");
    open();
    act(() => fireEvent.click(screen.getByRole("tab", { name: "Route" })));
    expect(screen.getByTestId("devtools-path").textContent).toBe("/song/s-42?debug=1");
    expect(screen.getAllByTestId("devtools-route").map((route) => route.textContent)).toEqual([
      "rootparams {\"songId\":\"s-42\"}",
      "routes/catalogue/songparams {\"songId\":\"s-42\"}",
    ]);
  });

  it("shows the player's track, state, volume and place in the playlist", () => {
    renderPanel();
    open();
    act(() => fireEvent.click(screen.getByRole("tab", { name: "Player" })));
    expect(screen.getByTestId("devtools-player-track").textContent).toBe("none");
    const track = (id: string, title: string) => ({ id, url: `/a/${id}.mp3`, title, artist: "Ellie Hart" });
    act(() => player.playTrack(track("t2", "Second"), [track("t1", "First"), track("t2", "Second")]));
    act(() => player.setVolume(0.5));
    expect(screen.getByTestId("devtools-player-track").textContent).toBe("Second (Ellie Hart) · t2");
    expect(screen.getByText("track 2 of 2")).toBeTruthy();
    expect(screen.getByText("50%")).toBeTruthy();
    expect(screen.getByText("yes")).toBeTruthy();
  });

  it("remembers open and the tab for this tab's session (a full page load reopens it)", () => {
    const first = renderPanel();
    open();
    act(() => fireEvent.click(screen.getByRole("tab", { name: "Route" })));
    first.unmount();
    renderPanel();
    expect(screen.getByRole("tab", { name: "Route" }).getAttribute("aria-selected")).toBe("true");
  });
});
