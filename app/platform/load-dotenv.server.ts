/**
 * Loads a local `.env` file when present (never committed), before the
 * environment is validated. Variables already set win.
 */
import fs from "node:fs";

if (fs.existsSync(".env") && typeof process.loadEnvFile === "function") {
  const before = { ...process.env };
  process.loadEnvFile(".env");
  Object.assign(process.env, before);
}
