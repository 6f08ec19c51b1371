import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Reads a secret kept in DATA_DIR, generating it on first use. Lets the
 * embedded default run with zero configuration while keeping sessions valid
 * across restarts.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* not created yet */
  }
  const secret = crypto.randomBytes(bytes).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** A random human-typeable password for the demo accounts. */
export function generateDemoPassword(): string {
  return "hf-" + crypto.randomBytes(9).toString("base64url");
}
