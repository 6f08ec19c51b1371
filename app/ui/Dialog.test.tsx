// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "./Dialog";

afterEach(cleanup);

function Harness({ onClose, withInitialFocus = false }: { onClose?: () => void; withInitialFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const secondRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        onClose={close}
        title="Session Timeout Warning"
        description="Your session will expire soon."
        initialFocusRef={withInitialFocus ? secondRef : undefined}
      >
        <button type="button">First</button>
        <button type="button" ref={secondRef}>
          Second
        </button>
        <button type="button" onClick={close}>
          Last
        </button>
      </Dialog>
    </>
  );
}

function openDialog() {
  const trigger = screen.getByRole("button", { name: "Open" });
  trigger.focus();
  fireEvent.click(trigger);
  return { trigger, dialog: screen.getByRole("dialog") };
}

describe("Dialog", () => {
  it("renders nothing while closed", () => {
    render(<Harness />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is labelled, described and modal, portalled into body", () => {
    render(<Harness />);
    const { dialog } = openDialog();
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent).toBe("Session Timeout Warning");
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Your session will expire soon.",
    );
    expect(dialog.parentElement?.parentElement).toBe(document.body);
  });

  it("moves focus to the first focusable element on open", () => {
    render(<Harness />);
    openDialog();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "First" }));
  });

  it("prefers initialFocusRef", () => {
    render(<Harness withInitialFocus />);
    openDialog();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Second" }));
  });

  it("Escape calls onClose and focus returns to the trigger", () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const { trigger, dialog } = openDialog();
    expect(document.activeElement).not.toBe(trigger);

    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(trigger);
  });

  it("traps Tab: last wraps to first, Shift+Tab on first wraps to last", () => {
    render(<Harness />);
    openDialog();
    const first = screen.getByRole("button", { name: "First" });
    const last = screen.getByRole("button", { name: "Last" });

    last.focus();
    const tab = fireEvent.keyDown(last, { key: "Tab" });
    expect(tab).toBe(false); // default prevented
    expect(document.activeElement).toBe(first);

    fireEvent.keyDown(first, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it("leaves Tab alone between inner elements", () => {
    render(<Harness />);
    openDialog();
    const first = screen.getByRole("button", { name: "First" });
    expect(fireEvent.keyDown(first, { key: "Tab" })).toBe(true);
  });

  it("closes on an overlay click but not on a click inside the panel", () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const { dialog } = openDialog();

    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();

    const overlay = dialog.parentElement!;
    fireEvent.mouseDown(overlay);
    fireEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("locks body scroll while open and restores it on close", () => {
    document.body.style.overflow = "auto";
    render(<Harness />);
    openDialog();
    expect(document.body.style.overflow).toBe("hidden");
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    });
    expect(document.body.style.overflow).toBe("auto");
    document.body.style.overflow = "";
  });
});
