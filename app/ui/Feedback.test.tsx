// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Alert } from "./Alert";
import { PageLoadingIndicator, Spinner } from "./Spinner";

afterEach(cleanup);

describe("Spinner", () => {
  it("shows the visible text 'Loading...' in a polite status region", () => {
    render(<Spinner />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("Loading...");
    expect(status.getAttribute("aria-live")).toBe("polite");
  });

  it("PageLoadingIndicator renders only while active", () => {
    const { rerender, container } = render(<PageLoadingIndicator active={false} />);
    expect(container.innerHTML).toBe("");
    rerender(<PageLoadingIndicator active />);
    expect(screen.getByRole("status").textContent).toBe("Loading...");
  });
});

describe("Alert", () => {
  it("uses role=status by default and role=alert when destructive", () => {
    const { rerender } = render(<Alert title="Heads up">Saved as draft</Alert>);
    expect(screen.getByRole("status").textContent).toContain("Saved as draft");
    rerender(
      <Alert variant="destructive" title="Upload failed">
        Try again
      </Alert>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Upload failed");
    expect(screen.queryByRole("status")).toBeNull();
  });
});
