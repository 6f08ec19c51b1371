import { describe, expect, it } from "vitest";
import { hasEnableSwFlag, isIosDevice, serviceWorkerDecision, type ServiceWorkerEnvironment } from "./sw-rules";

const UA = {
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  iPadOld: "Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1",
  iPod: "Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1",
  // iPadOS 13+ Safari and a real Mac send the same user agent.
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  chromeIos: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  android: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  windows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

const env = (overrides: Partial<ServiceWorkerEnvironment>): ServiceWorkerEnvironment => ({
  userAgent: UA.windows,
  maxTouchPoints: 0,
  standalone: false,
  search: "",
  dev: false,
  ...overrides,
});

describe("isIosDevice", () => {
  it.each([
    ["iPhone", UA.iPhone, 5, true],
    ["old iPad", UA.iPadOld, 5, true],
    ["iPod touch", UA.iPod, 5, true],
    ["Chrome on iPhone (WebKit all the same)", UA.chromeIos, 5, true],
    ["iPadOS reporting as a Mac, with touch points", UA.mac, 5, true],
    ["a real Mac (no touch points)", UA.mac, 0, false],
    ["a Mac with one touch point reported (no iPad reports one)", UA.mac, 1, false],
    ["Android with touch", UA.android, 5, false],
    ["Windows with a touch screen", UA.windows, 10, false],
  ])("%s: %s", (_name, userAgent, touchPoints, expected) => {
    expect(isIosDevice(userAgent, touchPoints)).toBe(expected);
  });
});

describe("hasEnableSwFlag", () => {
  it.each([
    ["?enable-sw", true],
    ["?enable-sw=", true],
    ["?enable-sw=1", true],
    ["?enable-sw=true", true],
    ["?enable-sw=TRUE", true],
    ["?search=x&enable-sw", true],
    ["enable-sw=1", true],
    ["?enable-sw=0", false],
    ["?enable-sw=false", false],
    ["?enable-sw=yes-please", false],
    ["?enable-sw-extra=1", false],
    ["?enable_sw=1", false],
    ["?x=enable-sw", false],
    ["", false],
  ])("%s -> %s", (search, expected) => {
    expect(hasEnableSwFlag(search)).toBe(expected);
  });
});

describe("serviceWorkerDecision (SPEC §1)", () => {
  it("is on for desktop and Android browsers", () => {
    expect(serviceWorkerDecision(env({}))).toEqual({ on: true });
    expect(serviceWorkerDecision(env({ userAgent: UA.android, maxTouchPoints: 5 }))).toEqual({ on: true });
    expect(serviceWorkerDecision(env({ userAgent: UA.mac }))).toEqual({ on: true });
  });

  it("is off on iOS in the browser, on iPhone and on iPadOS alike", () => {
    expect(serviceWorkerDecision(env({ userAgent: UA.iPhone, maxTouchPoints: 5 }))).toEqual({ on: false, reason: "ios-browser" });
    expect(serviceWorkerDecision(env({ userAgent: UA.mac, maxTouchPoints: 5 }))).toEqual({ on: false, reason: "ios-browser" });
  });

  it("is on on iOS when the query string carries the enable-sw flag", () => {
    expect(serviceWorkerDecision(env({ userAgent: UA.iPhone, maxTouchPoints: 5, search: "?enable-sw" }))).toEqual({ on: true });
    expect(serviceWorkerDecision(env({ userAgent: UA.iPhone, maxTouchPoints: 5, search: "?enable-sw=false" }))).toEqual({
      on: false,
      reason: "ios-browser",
    });
  });

  it("stays on on iOS for a browser that carried the flag before, until enable-sw=0", () => {
    const iPhone = { userAgent: UA.iPhone, maxTouchPoints: 5 };
    expect(serviceWorkerDecision(env({ ...iPhone, optedIn: true }))).toEqual({ on: true });
    expect(serviceWorkerDecision(env({ ...iPhone, optedIn: true, search: "?q=x" }))).toEqual({ on: true });
    for (const search of ["?enable-sw=0", "?enable-sw=false", "?enable-sw=no"]) {
      expect(serviceWorkerDecision(env({ ...iPhone, optedIn: true, search })), search).toEqual({ on: false, reason: "ios-browser" });
    }
    expect(serviceWorkerDecision(env({ ...iPhone, optedIn: false }))).toEqual({ on: false, reason: "ios-browser" });
  });

  it("is on on iOS in standalone mode (added to the home screen)", () => {
    expect(serviceWorkerDecision(env({ userAgent: UA.iPhone, maxTouchPoints: 5, standalone: true }))).toEqual({ on: true });
  });

  it("is off in the Vite dev server, whatever the device", () => {
    expect(serviceWorkerDecision(env({ dev: true }))).toEqual({ on: false, reason: "dev-server" });
    expect(serviceWorkerDecision(env({ dev: true, userAgent: UA.iPhone, search: "?enable-sw" }))).toEqual({ on: false, reason: "dev-server" });
  });
});
