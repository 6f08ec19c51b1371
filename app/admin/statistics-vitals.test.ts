import { describe, expect, it } from "vitest";
import { buildRouteVitals, formatVital } from "./statistics-vitals";

const patterns = new Map([
  ["routes/catalogue/song", "/song/:songId"],
  ["routes/home/landing", "/"],
]);

describe("buildRouteVitals", () => {
  it("joins page views and each metric's p75 per route, rated with Google's thresholds, most viewed first", () => {
    const routes = buildRouteVitals(
      [
        { route_id: "routes/home/landing", views: 12, metric: "LCP", p75: 1900.4, samples: 10 },
        { route_id: "routes/home/landing", views: 12, metric: "CLS", p75: 0.31, samples: 10 },
        { route_id: "routes/catalogue/song", views: 40, metric: "INP", p75: 260, samples: 7 },
        { route_id: "routes/catalogue/song", views: 40, metric: "TTFB", p75: 2100, samples: 9 },
        { route_id: "routes/members/directory", views: null, metric: "LCP", p75: 3000, samples: 2 },
      ],
      patterns,
    );
    expect(routes.map((route) => [route.pattern, route.views])).toEqual([
      ["/song/:songId", 40],
      ["/", 12],
      // A route with metrics but no page view in the window (its views fell out of it); no pattern known: its id.
      ["routes/members/directory", 0],
    ]);
    expect(routes[0]!.vitals).toEqual({ INP: { p75: 260, rating: "needs-improvement", samples: 7 }, TTFB: { p75: 2100, rating: "poor", samples: 9 } });
    expect(routes[1]!.vitals.LCP).toEqual({ p75: 1900, rating: "good", samples: 10 });
    expect(routes[1]!.vitals.CLS).toEqual({ p75: 0.31, rating: "poor", samples: 10 });
  });

  it("keeps a route with views and no metrics, and ignores metric names it does not know", () => {
    const routes = buildRouteVitals([{ route_id: "routes/home/landing", views: 3, metric: "FID", p75: 12, samples: 1 }], patterns);
    expect(routes).toEqual([{ routeId: "routes/home/landing", pattern: "/", views: 3, vitals: {} }]);
  });
});

describe("formatVital", () => {
  it("says milliseconds for times and two decimals for CLS", () => {
    expect(formatVital("LCP", 1834.4)).toBe("1,834 ms");
    expect(formatVital("CLS", 0.0812)).toBe("0.08");
  });
});
