// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BUTTON_VARIANTS } from "~/shared/constants";
import { Button, buttonClass } from "./Button";
import * as styles from "./Button.css";

afterEach(cleanup);

describe("buttonClass", () => {
  it("defaults to the default variant and size", () => {
    expect(buttonClass().split(" ")).toEqual([styles.base, styles.variants.default, styles.sizes.default]);
  });

  it("has a distinct class for every SPEC variant", () => {
    const classes = BUTTON_VARIANTS.map((variant) => buttonClass({ variant }));
    expect(new Set(classes).size).toBe(BUTTON_VARIANTS.length);
  });

  it("appends the caller's className", () => {
    expect(buttonClass({ variant: "uber", size: "xl", className: "extra" }).split(" ")).toEqual([
      styles.base,
      styles.variants.uber,
      styles.sizes.xl,
      "extra",
    ]);
  });
});

describe("Button", () => {
  it('renders type="button" with the variant and size classes', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} variant="destructive" size="sm">
        Delete
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Delete" });
    expect(ref.current).toBe(button);
    expect(button.getAttribute("type")).toBe("button");
    expect(button.classList.contains(styles.variants.destructive)).toBe(true);
    expect(button.classList.contains(styles.sizes.sm)).toBe(true);
    expect(button.classList.contains(styles.variants.default)).toBe(false);
  });

  it("lets a submit type through", () => {
    render(<Button type="submit">Save</Button>);
    expect(screen.getByRole("button", { name: "Save" }).getAttribute("type")).toBe("submit");
  });

  it("ignores clicks while aria-disabled but stays focusable", () => {
    const onClick = vi.fn();
    render(
      <Button aria-disabled="true" onClick={onClick}>
        Publish
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Publish" });
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.hasAttribute("disabled")).toBe(false);
  });

  it("calls onClick when enabled", () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Play</Button>);
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
