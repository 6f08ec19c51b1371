// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Slider, clamp } from "./Slider";

afterEach(cleanup);

describe("clamp", () => {
  it("maps NaN to min", () => {
    expect(clamp(Number.NaN, 2, 10)).toBe(2);
  });
  it("raises values below min", () => {
    expect(clamp(-5, 0, 1)).toBe(0);
  });
  it("lowers values above max", () => {
    expect(clamp(1.7, 0, 1)).toBe(1);
  });
  it("keeps values inside the range", () => {
    expect(clamp(0.42, 0, 1)).toBe(0.42);
    expect(clamp(0, 0, 1)).toBe(0);
    expect(clamp(1, 0, 1)).toBe(1);
  });
});

describe("Slider", () => {
  it("renders a labelled native range input with aria-valuetext", () => {
    render(<Slider label="Volume" min={0} max={1} step={0.01} value={0.5} onChange={() => {}} valueText="50%" />);
    const input = screen.getByLabelText("Volume");
    expect(input.getAttribute("type")).toBe("range");
    expect(input.getAttribute("aria-valuetext")).toBe("50%");
    expect(input.getAttribute("step")).toBe("0.01");
    expect(document.querySelector("label")?.textContent).toBe("Volume");
  });

  it("uses aria-label instead of a visible label when hideLabel is set", () => {
    render(<Slider label="Seek" min={0} max={100} value={10} onChange={() => {}} hideLabel />);
    expect(document.querySelector("label")).toBeNull();
    expect(screen.getByRole("slider").getAttribute("aria-label")).toBe("Seek");
  });

  it("clamps an out-of-range value when rendering", () => {
    render(<Slider label="Volume" min={0} max={1} step={0.01} value={3} onChange={() => {}} />);
    const input = screen.getByLabelText("Volume") as HTMLInputElement;
    expect(Number(input.value)).toBe(1);
    // The track fill is derived from the clamped value, not the raw one.
    expect(input.style.getPropertyValue("--hf-slider-fill")).toBe("100%");
  });

  it("clamps before calling onChange", () => {
    const onChange = vi.fn();
    render(<Slider label="Seek" min={10} max={20} value={15} onChange={onChange} />);
    const input = screen.getByLabelText("Seek") as HTMLInputElement;

    // The DOM sanitises range values itself, so report raw values directly:
    // this is what the component sees if the input ever hands it one.
    const report = (raw: string) => {
      Object.defineProperty(input, "value", { configurable: true, get: () => raw, set: () => {} });
      fireEvent.change(input);
    };
    report("250");
    expect(onChange).toHaveBeenLastCalledWith(20);
    report("-3");
    expect(onChange).toHaveBeenLastCalledWith(10);
    report("");
    expect(onChange).toHaveBeenLastCalledWith(10);
    report("12.5");
    expect(onChange).toHaveBeenLastCalledWith(12.5);
    expect(onChange).toHaveBeenCalledTimes(4);
  });
});
