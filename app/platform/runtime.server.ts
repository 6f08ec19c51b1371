/**
 * The process-wide services opened once at startup (database, configuration,
 * later the auth and storage adapters).
 *
 * Kept on globalThis because server.ts and the Remix server bundle are two
 * module graphs: a plain module variable would exist twice.
 */
import type { Env } from "./env.server";
import type { Database, OpenDatabase } from "./db/connect.server";
import type { MessagePort } from "./messages/port";

export interface Runtime {
  env: Env;
  database: OpenDatabase;
  sessionSecret: string;
  /** Outgoing e-mail and SMS (codes, notices): a real transport or DATA_DIR/messages (messages/index.server.ts). */
  messages: MessagePort;
  /** Demo password in force (from DEMO_PASSWORD or generated), embedded default only. */
  demoPassword?: string;
}

const KEY = Symbol.for("hit-factory.runtime");
type Holder = { [KEY]?: Runtime };

export function setRuntime(runtime: Runtime | undefined) {
  (globalThis as Holder)[KEY] = runtime;
}

export function getRuntime(): Runtime {
  const runtime = (globalThis as Holder)[KEY];
  if (!runtime) throw new Error("The runtime is not started: call boot() before serving requests.");
  return runtime;
}

export function hasRuntime(): boolean {
  return Boolean((globalThis as Holder)[KEY]);
}

/** The product database (Kysely). */
export function db(): Database {
  return getRuntime().database.db;
}

/** The outgoing-message port (e-mail and SMS). */
export function messages(): MessagePort {
  return getRuntime().messages;
}
