// @vitest-environment happy-dom
/**
 * SPEC §2's cursor rules: large screens with a mouse only, never on the
 * excluded paths, under reduced motion or at the low level; and what counts
 * as clickable.
 */
import { describe, expect, it } from "vitest";
import { deviceProfile, type DeviceInputs } from "../device/performance-level";
import { CURSOR_EXCLUDED_PREFIXES, cursorApplies, isClickable } from "./cursor-rules";

const desktopInputs: DeviceInputs = { width: 1280, cores: 8, effectiveType: "4g", prefersReducedMotion: false, finePointer: true };
const device = (inputs: Partial<DeviceInputs> = {}) => deviceProfile({ ...desktopInputs, ...inputs });

describe("cursorApplies", () => {
  it("shows on a large screen with a mouse, on ordinary pages", () => {
    for (const pathname of ["/", "/music-catalog", "/song/1", "/dashboard", "/members", "/party"]) {
      expect(cursorApplies({ pathname, device: device() }), pathname).toBe(true);
    }
  });

  it("is off at 767 px or less, on from 768 px", () => {
    expect(cursorApplies({ pathname: "/", device: device({ width: 767 }) })).toBe(false);
    expect(cursorApplies({ pathname: "/", device: device({ width: 390 }) })).toBe(false);
    expect(cursorApplies({ pathname: "/", device: device({ width: 768 }) })).toBe(true);
  });

  it("is off on the excluded paths, as a literal prefix (SPEC §2)", () => {
    expect(CURSOR_EXCLUDED_PREFIXES).toEqual(["/auth", "/admin", "/ar", "/application", "/member-application"]);
    for (const pathname of ["/auth", "/auth/sign-out", "/admin", "/admin/flags", "/ar", "/ar/dashboard", "/application", "/applications", "/member-application"]) {
      expect(cursorApplies({ pathname, device: device() }), pathname).toBe(false);
    }
    // A prefix elsewhere in the path does not count.
    expect(cursorApplies({ pathname: "/members/auth", device: device() })).toBe(true);
  });

  it("is off on touch screens (no fine pointer with hover)", () => {
    expect(cursorApplies({ pathname: "/", device: device({ finePointer: false }) })).toBe(false);
  });

  it("is off under prefers-reduced-motion and at the low level, on at medium", () => {
    expect(cursorApplies({ pathname: "/", device: device({ prefersReducedMotion: true }) })).toBe(false);
    expect(cursorApplies({ pathname: "/", device: { mobile: false, finePointer: true, reduceMotion: false, level: "low" } })).toBe(false);
    // A desktop window with the CI machine's 2 cores is medium: the cursor stays.
    expect(device({ cores: 2 }).level).toBe("medium");
    expect(cursorApplies({ pathname: "/", device: device({ cores: 2 }) })).toBe(true);
  });
});

describe("isClickable", () => {
  function render(html: string) {
    document.body.innerHTML = html;
    return (selector: string) => document.querySelector(selector)!;
  }
  const noPointer = () => "auto";

  it("links, buttons and clickable items, and what is inside them", () => {
    const get = render(`
      <a id="link" href="/x"><span id="in-link">x</span></a>
      <button id="button"><svg id="in-button"></svg></button>
      <div id="role" role="button">r</div>
      <label id="label">l <input id="text" type="text"></label>
      <details><summary id="summary">s</summary></details>
      <select id="select"><option>o</option></select>
      <input id="submit" type="submit"><input id="checkbox" type="checkbox"><input id="radio" type="radio">
      <input id="file" type="file"><input id="input-button" type="button">
      <div id="data" data-clickable><p id="in-data">d</p></div>`);
    for (const id of ["link", "in-link", "button", "in-button", "role", "label", "summary", "select", "submit", "checkbox", "radio", "file", "input-button", "data", "in-data"]) {
      expect(isClickable(get(`#${id}`), noPointer), id).toBe(true);
    }
  });

  it("not plain text, text fields, anchors without href or disabled controls", () => {
    const get = render(`
      <p id="text">t</p><input id="field" type="text"><textarea id="area"></textarea>
      <a id="anchor">no href</a><button id="disabled" disabled><span id="in-disabled">x</span></button>`);
    for (const id of ["text", "field", "area", "anchor", "disabled", "in-disabled"]) expect(isClickable(get(`#${id}`), noPointer), id).toBe(false);
    expect(isClickable(null)).toBe(false);
    expect(isClickable(document.createTextNode("x"))).toBe(false);
  });

  it("anything whose computed cursor is pointer", () => {
    const get = render(`<div id="card">c</div>`);
    expect(isClickable(get("#card"), () => "pointer")).toBe(true);
    expect(isClickable(get("#card"), () => "default")).toBe(false);
  });
});
