/** The sizes /admin/files shows (binary multiples) and the listing order both storage adapters walk in. */
import { describe, expect, it } from "vitest";
import { humanSize } from "~/files/files-text";
import { compareObjectPaths, listPrefixProblem } from "~/platform/storage/paths";

describe("humanSize", () => {
  it("shows bytes, then KB, MB, GB with one decimal below 100", () => {
    expect(humanSize(0)).toBe("0 B");
    expect(humanSize(1023)).toBe("1023 B");
    expect(humanSize(1024)).toBe("1 KB");
    expect(humanSize(3000)).toBe("2.9 KB");
    expect(humanSize(150 * 1024)).toBe("150 KB");
    expect(humanSize(5.25 * 1024 * 1024)).toBe("5.3 MB");
    expect(humanSize(2 * 1024 ** 3)).toBe("2 GB");
    expect(humanSize(-1)).toBe("–");
    expect(humanSize(Number.NaN)).toBe("–");
  });
});

describe("compareObjectPaths", () => {
  it("orders folder by folder, a folder's objects before a longer name beside it", () => {
    const paths = ["b", "a-b", "a/z", "a/b/c", "A", "a"];
    expect([...paths].sort(compareObjectPaths)).toEqual(["A", "a", "a/b/c", "a/z", "a-b", "b"]);
    expect(compareObjectPaths("x/y", "x/y")).toBe(0);
  });

  it("accepts a prefix ending in / or in part of a name, and refuses what could leave a bucket", () => {
    for (const ok of ["", "catalogue/", "catalogue/ab", "a"]) expect(listPrefixProblem(ok), ok).toBeNull();
    for (const bad of ["../", "/", "/etc", "a//", "a/../b", "a\u0000", "a\\b"]) expect(listPrefixProblem(bad), bad).not.toBeNull();
  });
});
