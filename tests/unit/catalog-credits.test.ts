import { describe, expect, it } from "vitest";
import { artistLine, creditsProblem } from "~/catalog/credits";
import type { Credit } from "~/catalog/types";

const credit = (name: string, split: number, role: Credit["role"] = "writer"): Credit => ({ memberId: null, name, role, split });

describe("credit splits", () => {
  it("accepts splits that sum to exactly 100, with two decimals", () => {
    expect(creditsProblem([credit("A", 100)])).toBeNull();
    expect(creditsProblem([credit("A", 33.33), credit("B", 33.33), credit("C", 33.34)])).toBeNull();
    expect(creditsProblem([credit("A", 60), credit("B", 40, "producer"), credit("B", 0, "artist")])).toBeNull();
  });

  it("names the problem otherwise", () => {
    expect(creditsProblem([])).toBe("A song needs at least one credit.");
    expect(creditsProblem([credit("A", 60), credit("B", 30)])).toBe("The splits add up to 90%, not 100%.");
    expect(creditsProblem([credit("A", 120), credit("B", -20)])).toBe("The split of A must be between 0 and 100.");
    expect(creditsProblem([credit("A", 33.333), credit("B", 66.667)])).toBe("The split of A can have at most two decimals.");
    expect(creditsProblem([credit("A", Number.NaN)])).toMatch(/between 0 and 100/);
  });

  it("shows artist credits as the artist, else writers", () => {
    expect(artistLine([credit("Ann", 50), credit("Bo", 50, "producer")])).toBe("Ann");
    expect(artistLine([credit("Ann", 50), credit("Bo", 50, "producer"), credit("Cee", 0, "artist")])).toBe("Cee");
    expect(artistLine([credit("Bo", 100, "producer")])).toBe("Bo");
  });
});
