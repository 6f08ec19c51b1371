// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS } from "~/shared/constants";
import { getToasts, resetToastStoreForTests, toast } from "./store";
import type { Toast } from "./toast";
import { Toaster } from "./Toaster";

const flash: Toast = { id: "flash-1", type: "success", title: "Welcome", message: "Signed in", duration: TOAST_DURATION_MS };

beforeEach(() => {
  vi.useFakeTimers();
  resetToastStoreForTests();
});
afterEach(() => {
  cleanup();
  resetToastStoreForTests();
  vi.useRealTimers();
});

describe("Toaster on the server", () => {
  it("renders the flash toast in the HTML without a close button", () => {
    const html = renderToString(<Toaster initialToast={flash} />);
    expect(html).toContain('aria-label="Notifications"');
    expect(html).toContain('role="status"');
    expect(html).toContain("Welcome");
    expect(html).toContain("Signed in");
    expect(html).not.toContain("Close notification");
    // The server never touches the shared client store.
    expect(getToasts()).toEqual([]);
  });

  it("renders an empty live region without a flash toast", () => {
    const html = renderToString(<Toaster initialToast={null} />);
    expect(html).toContain('aria-live="polite"');
    expect(html).not.toContain("data-toast-type");
  });
});

describe("Toaster on the client", () => {
  it("hydrates the server toast, then adds the close button after mount", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Toaster initialToast={flash} />);
    document.body.appendChild(container);
    expect(container.querySelector('[aria-label="Close notification"]')).toBeNull();

    render(<Toaster initialToast={flash} />, { container, hydrate: true });
    expect(screen.getByText("Signed in")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close notification" })).toBeTruthy();
    expect(getToasts().map((t) => t.id)).toEqual(["flash-1"]);
  });

  it("pushes the initial toast into the store once per id", () => {
    const { rerender } = render(<Toaster initialToast={flash} />);
    act(() => toast.dismiss("flash-1"));
    // A revalidated loader returns an equal object: it must not come back.
    rerender(<Toaster initialToast={{ ...flash }} />);
    expect(screen.queryByText("Signed in")).toBeNull();
  });

  it("renders store toasts with a working close button", () => {
    render(<Toaster initialToast={null} />);
    act(() => {
      toast.warning("Storage almost full");
    });
    const item = screen.getByText("Storage almost full").closest("[data-toast-type]") as HTMLElement;
    expect(item.dataset.toastType).toBe("warning");
    fireEvent.click(within(item).getByRole("button", { name: "Close notification" }));
    expect(screen.queryByText("Storage almost full")).toBeNull();
  });

  it("never gives a loading toast a close button, and it stays until dismissed", () => {
    render(<Toaster initialToast={null} />);
    let id = "";
    act(() => {
      id = toast.loading("Uploading track...");
    });
    expect(screen.getByText("Uploading track...")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Close notification" })).toBeNull();

    act(() => vi.advanceTimersByTime(10 * TOAST_DURATION_MS));
    expect(screen.getByText("Uploading track...")).toBeTruthy();

    act(() => toast.dismiss(id));
    expect(screen.queryByText("Uploading track...")).toBeNull();
  });

  it("auto-dismisses a success toast after 3000 ms", () => {
    render(<Toaster initialToast={null} />);
    act(() => {
      toast.success("Profile saved");
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText("Profile saved")).toBeNull();
  });

  it("marks error toasts as alerts", () => {
    render(<Toaster initialToast={null} />);
    act(() => {
      toast.error("Upload failed");
    });
    expect(screen.getByRole("alert").textContent).toContain("Upload failed");
  });
});
