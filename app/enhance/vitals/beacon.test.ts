import { describe, expect, it } from "vitest";
import { BeaconQueue, encodeBeacon, isReportable, MAX_QUEUED, type BeaconEntry } from "./beacon";
import { BEACON_BATCH_SIZE, MAX_BEACON_ENTRIES, rateVital, roundVital } from "./metrics";

const view = (route: string): BeaconEntry => ({ kind: "view", route });

describe("encodeBeacon", () => {
  it("writes views and metrics as form fields the endpoint's schema reads", () => {
    const body = encodeBeacon([
      view("routes/catalogue/song"),
      { kind: "vital", route: "routes/catalogue/song", metric: "LCP", value: 1834.6 },
      view("routes/home/landing"),
      { kind: "vital", route: "routes/catalogue/song", metric: "CLS", value: 0.123456 },
    ]);
    expect([...body]).toEqual([
      ["views[0]", "routes/catalogue/song"],
      ["vitals[0].route", "routes/catalogue/song"],
      ["vitals[0].metric", "LCP"],
      ["vitals[0].value", "1835"],
      ["views[1]", "routes/home/landing"],
      ["vitals[1].route", "routes/catalogue/song"],
      ["vitals[1].metric", "CLS"],
      ["vitals[1].value", "0.1235"],
    ]);
    // What sendBeacon sends for a URLSearchParams body: a urlencoded form.
    expect(body.toString()).toContain("views%5B0%5D=routes%2Fcatalogue%2Fsong");
  });
});

describe("isReportable", () => {
  it("takes route ids of this app's shape and finite, non-negative values", () => {
    expect(isReportable(view("routes/catalogue/song"))).toBe(true);
    expect(isReportable(view("routes/membership/apply:join/writer"))).toBe(true);
    expect(isReportable(view("unknown"))).toBe(false);
    expect(isReportable(view("/song/123"))).toBe(false);
    expect(isReportable(view(`routes/${"a".repeat(200)}`))).toBe(false);
    expect(isReportable({ kind: "vital", route: "routes/home/landing", metric: "INP", value: Number.NaN })).toBe(false);
    expect(isReportable({ kind: "vital", route: "routes/home/landing", metric: "INP", value: -1 })).toBe(false);
  });
});

describe("BeaconQueue", () => {
  function harness(accept: () => boolean = () => true) {
    const sent: URLSearchParams[] = [];
    const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
    const queue = new BeaconQueue({
      send: (body) => {
        const ok = accept();
        if (ok) sent.push(body);
        return ok;
      },
      setTimer: (callback, ms) => {
        const timer = { callback, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer) => {
        (timer as { cleared: boolean }).cleared = true;
      },
    });
    return { queue, sent, timers };
  }

  it("waits a few seconds for company before sending a lone entry", () => {
    const { queue, sent, timers } = harness();
    queue.push(view("routes/home/landing"));
    queue.push(view("routes/catalogue/song"));
    expect(sent).toHaveLength(0);
    expect(timers).toHaveLength(1);
    timers[0]!.callback();
    expect(sent).toHaveLength(1);
    expect([...sent[0]!.values()]).toEqual(["routes/home/landing", "routes/catalogue/song"]);
    expect(queue.size).toBe(0);
  });

  it("sends a full batch at once, and never more than a batch per beacon (well under the endpoint's cap)", () => {
    const { queue, sent, timers } = harness();
    for (let i = 0; i < BEACON_BATCH_SIZE; i++) queue.push(view("routes/home/landing"));
    expect(sent).toHaveLength(1);
    expect([...sent[0]!.keys()]).toHaveLength(BEACON_BATCH_SIZE);
    expect(timers[0]!.cleared).toBe(true);
    expect(BEACON_BATCH_SIZE).toBeLessThanOrEqual(MAX_BEACON_ENTRIES);
  });

  it("flushes everything waiting in batches when the page is hidden, and nothing when nothing waits", () => {
    // A browser that refused beacons for a while: 25 entries wait.
    let refuse = true;
    const { queue, sent } = harness(() => !refuse);
    for (let i = 0; i < 25; i++) queue.push(view("routes/home/landing"));
    expect(queue.size).toBe(25);
    refuse = false;
    queue.flush();
    expect(sent.map((body) => [...body.keys()].length)).toEqual([10, 10, 5]);
    expect(queue.size).toBe(0);
    queue.flush();
    expect(sent).toHaveLength(3);
  });

  it("keeps what the browser refused for the next flush, and never more than MAX_QUEUED entries", () => {
    const { queue, sent } = harness(() => false);
    for (let i = 0; i < MAX_QUEUED + 30; i++) queue.push(view("routes/home/landing"));
    expect(sent).toHaveLength(0);
    expect(queue.size).toBe(MAX_QUEUED);
  });

  it("drops entries that are not reportable instead of sending a beacon the endpoint would refuse", () => {
    const { queue, timers } = harness();
    queue.push(view("unknown"));
    expect(queue.size).toBe(0);
    expect(timers).toHaveLength(0);
  });
});

describe("ratings and rounding", () => {
  it("follows Google's thresholds: up to the first is good, up to the second needs improvement", () => {
    expect(rateVital("LCP", 2500)).toBe("good");
    expect(rateVital("LCP", 2501)).toBe("needs-improvement");
    expect(rateVital("LCP", 4001)).toBe("poor");
    expect(rateVital("INP", 200)).toBe("good");
    expect(rateVital("INP", 500)).toBe("needs-improvement");
    expect(rateVital("CLS", 0.1)).toBe("good");
    expect(rateVital("CLS", 0.26)).toBe("poor");
    expect(rateVital("TTFB", 1800)).toBe("needs-improvement");
    expect(rateVital("TTFB", 1801)).toBe("poor");
  });
  it("rounds milliseconds to whole numbers and CLS to 4 decimals", () => {
    expect(roundVital("TTFB", 12.5)).toBe(13);
    expect(roundVital("CLS", 0.00004)).toBe(0);
  });
});
