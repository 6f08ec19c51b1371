/**
 * Runs a db:* script body, turning the errors a person can fix (bad
 * configuration, a server holding the data dir) into one clear line instead
 * of a stack trace.
 */
import { EnvError } from "../app/platform/env.server";
import { DataDirLockedError } from "../app/platform/db/data-dir-lock.server";

export async function runScript(body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
