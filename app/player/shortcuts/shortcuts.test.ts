// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { PLAYER_SHORTCUTS, SHORTCUTS_LIST_ATTRIBUTE, isTypingTarget, otherModalOpen, shortcutFor, shortcutToRun, type KeyPress, type ShortcutContext } from "./shortcuts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  isComposing: false,
  defaultPrevented: false,
  ...extra,
});

const context = (extra: Partial<ShortcutContext> = {}): ShortcutContext => ({
  trackLoaded: true,
  enabled: true,
  otherModalOpen: false,
  target: document.body,
  ...extra,
});

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the key map", () => {
  it("is YouTube's: k, j, l, Shift+N, Shift+P, m and ?", () => {
    expect(shortcutFor(press("k"))?.action).toBe("togglePlay");
    expect(shortcutFor(press("j"))?.action).toBe("seekBackward");
    expect(shortcutFor(press("l"))?.action).toBe("seekForward");
    expect(shortcutFor(press("N", { shiftKey: true }))?.action).toBe("next");
    expect(shortcutFor(press("P", { shiftKey: true }))?.action).toBe("previous");
    expect(shortcutFor(press("m"))?.action).toBe("toggleMute");
    expect(shortcutFor(press("?", { shiftKey: true }))?.action).toBe("showShortcuts");
    expect(shortcutFor(press("?"))?.action).toBe("showShortcuts");
  });

  it("ignores Caps Lock but not Shift", () => {
    expect(shortcutFor(press("K"))?.action).toBe("togglePlay");
    expect(shortcutFor(press("n", { shiftKey: true }))?.action).toBe("next");
    expect(shortcutFor(press("K", { shiftKey: true }))).toBeNull();
    expect(shortcutFor(press("n"))).toBeNull();
    expect(shortcutFor(press("p"))).toBeNull();
  });

  it("leaves every other key alone", () => {
    for (const key of [" ", "Enter", "Escape", "ArrowLeft", "a", "/", "0", "Tab"]) expect(shortcutFor(press(key))).toBeNull();
  });

  it("lists each action once, with the keys to show", () => {
    const actions = PLAYER_SHORTCUTS.map((shortcut) => shortcut.action);
    expect(new Set(actions).size).toBe(actions.length);
    expect(PLAYER_SHORTCUTS.find((shortcut) => shortcut.action === "next")?.keys).toEqual(["Shift", "N"]);
  });
});

describe("isTypingTarget", () => {
  const make = (html: string) => {
    document.body.innerHTML = html;
    return document.body.querySelector("[data-target]")!;
  };

  it("is true in text fields, selects and editable content", () => {
    for (const html of [
      '<input data-target type="search">',
      "<input data-target>",
      '<input data-target type="email">',
      '<input data-target type="number">',
      "<textarea data-target></textarea>",
      "<select data-target><option>a</option></select>",
      '<div contenteditable="true"><p data-target>text</p></div>',
      '<div data-target role="combobox"></div>',
    ]) {
      expect(isTypingTarget(make(html)), html).toBe(true);
    }
  });

  it("is false on buttons, links, sliders, checkboxes and the page itself", () => {
    for (const html of [
      "<button data-target>x</button>",
      '<a data-target href="/">x</a>',
      '<input data-target type="range">',
      '<input data-target type="checkbox" role="switch">',
      '<input data-target type="radio">',
      '<div contenteditable="false"><p data-target>text</p></div>',
    ]) {
      expect(isTypingTarget(make(html)), html).toBe(false);
    }
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});

describe("shortcutToRun", () => {
  it("runs a shortcut with a track loaded, from anywhere but a text field", () => {
    expect(shortcutToRun(press("k"), context())?.action).toBe("togglePlay");
    document.body.innerHTML = "<button>x</button>";
    expect(shortcutToRun(press("m"), context({ target: document.querySelector("button") }))?.action).toBe("toggleMute");
  });

  it("never while typing", () => {
    document.body.innerHTML = '<input type="search" name="q">';
    expect(shortcutToRun(press("k"), context({ target: document.querySelector("input") }))).toBeNull();
  });

  it("never with Ctrl, Meta or Alt (the browser's and the system's keys), nor mid-composition", () => {
    for (const modifier of ["ctrlKey", "metaKey", "altKey", "isComposing"] as const) {
      expect(shortcutToRun(press("k", { [modifier]: true }), context()), modifier).toBeNull();
    }
  });

  it("never once something else took the key (the player's own K with focus in it)", () => {
    expect(shortcutToRun(press("k", { defaultPrevented: true }), context())).toBeNull();
  });

  it("never without a track, when turned off, or under another modal dialog", () => {
    expect(shortcutToRun(press("k"), context({ trackLoaded: false }))).toBeNull();
    expect(shortcutToRun(press("?"), context({ trackLoaded: false }))).toBeNull();
    expect(shortcutToRun(press("k"), context({ enabled: false }))).toBeNull();
    expect(shortcutToRun(press("N", { shiftKey: true }), context({ enabled: false }))).toBeNull();
    expect(shortcutToRun(press("?"), context({ enabled: false }))).toBeNull();
    expect(shortcutToRun(press("k"), context({ otherModalOpen: true }))).toBeNull();
  });

  it("repeats seeks while held, but not toggles", () => {
    expect(shortcutToRun(press("l", { repeat: true }), context())?.action).toBe("seekForward");
    expect(shortcutToRun(press("j", { repeat: true }), context())?.action).toBe("seekBackward");
    expect(shortcutToRun(press("k", { repeat: true }), context())).toBeNull();
    expect(shortcutToRun(press("m", { repeat: true }), context())).toBeNull();
  });
});

describe("otherModalOpen", () => {
  it("sees another modal dialog, but not the shortcuts list or a non-modal one", () => {
    expect(otherModalOpen(document)).toBe(false);
    document.body.innerHTML = `<div role="dialog" aria-modal="true"><div ${SHORTCUTS_LIST_ATTRIBUTE}></div></div>`;
    expect(otherModalOpen(document)).toBe(false);
    document.body.innerHTML += '<div role="dialog" aria-modal="false"></div>';
    expect(otherModalOpen(document)).toBe(false);
    document.body.innerHTML += '<div role="alertdialog" aria-modal="true"><p>Your session is about to end</p></div>';
    expect(otherModalOpen(document)).toBe(true);
  });
});
