/**
 * The layers of DESIGN.md §2: a request walks route -> area -> platform, so
 * platform/ (adapters to the outside) never imports a product area, routes,
 * routing or startup. Read from the source: an import that breaks the rule
 * fails here with its file and line.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(__dirname, "../../app");
/** What platform code may import from app/ (besides itself). */
const PLATFORM_MAY_IMPORT = new Set(["platform", "shared"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level folder of app/ an import specifier points into, or null for a package. */
function appFolderOf(specifier: string, fromFile: string): string | null {
  let target: string;
  if (specifier.startsWith("~/")) target = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const relative = path.relative(APP, target);
  return relative.startsWith("..") ? null : relative.split(path.sep)[0]!;
}

describe("layering", () => {
  it("platform/ imports nothing but platform/ and shared/ from the app", () => {
    const problems: string[] = [];
    for (const file of sourceFiles(path.join(APP, "platform"))) {
      const source = fs.readFileSync(file, "utf8");
      // Whole statements, so multi-line imports count too.
      for (const match of source.matchAll(/\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']/g)) {
        const specifier = match[1] ?? match[2]!;
        const folder = appFolderOf(specifier, file);
        if (folder && !PLATFORM_MAY_IMPORT.has(folder.replace(/\.(ts|tsx)$/, ""))) {
          const line = source.slice(0, match.index).split("\n").length;
          problems.push(`${path.relative(APP, file)}:${line} imports ${specifier}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("can tell a breach (the check itself works)", () => {
    expect(appFolderOf("~/auth/users.server", path.join(APP, "platform/auth/local.server.ts"))).toBe("auth");
    expect(appFolderOf("../../demo/seed.server", path.join(APP, "platform/db/x.ts"))).toBe("demo");
    expect(appFolderOf("./passwords.server", path.join(APP, "platform/auth/local.server.ts"))).toBe("platform");
    expect(appFolderOf("kysely", path.join(APP, "platform/auth/local.server.ts"))).toBeNull();
  });
});
