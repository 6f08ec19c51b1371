/**
 * The demo credentials file: a password we generated is written (the operator
 * has no other way to learn it); one the operator set in DEMO_PASSWORD is
 * never written or printed (the process test checks the log).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readDemoPassword, writeDemoCredentials } from "~/startup/boot.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hf-demo-credentials-"));
  dirs.push(dir);
  return dir;
}

describe("demo credentials", () => {
  it("writes a generated password, readable only by the server's user, and reads it back on restart", () => {
    const dir = dataDir();
    writeDemoCredentials(dir, "generated-Abc123");
    const file = path.join(dir, "demo-credentials.txt");
    expect(fs.readFileSync(file, "utf8")).toContain("password: generated-Abc123");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readDemoPassword(dir)).toBe("generated-Abc123");
  });

  it("never writes a password the operator set", () => {
    const dir = dataDir();
    writeDemoCredentials(dir, undefined);
    const text = fs.readFileSync(path.join(dir, "demo-credentials.txt"), "utf8");
    expect(text).toContain("admin@demo.hitfactory.test");
    expect(text).toMatch(/password: the value of DEMO_PASSWORD/);
    expect(readDemoPassword(dir)).toBeUndefined();
  });
});
