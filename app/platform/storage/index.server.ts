/**
 * The storage adapter of this process, chosen by configuration like auth:
 * Supabase Storage when SUPABASE_URL and SUPABASE_ANON_KEY are set, else local
 * files under DATA_DIR/storage.
 */
import path from "node:path";
import type { Env } from "../env.server";
import { getRuntime, type Runtime } from "../runtime.server";
import { LocalStorage } from "./local.server";
import { SupabaseStorage } from "./supabase.server";

export type AppStorage = LocalStorage | SupabaseStorage;

export { LocalStorage } from "./local.server";
export { SupabaseStorage } from "./supabase.server";
export type { StoragePort, StoredObjectInfo, ByteRange } from "./port";
export { parseStorageUrl } from "./parse-url";

export function localStorageRoot(dataDir: string): string {
  return path.join(dataDir, "storage");
}

export function createStorage(env: Env, sessionSecret: string): AppStorage {
  if (env.backend === "supabase" && env.SUPABASE_URL && env.SUPABASE_ANON_KEY) {
    return new SupabaseStorage({ url: env.SUPABASE_URL, key: env.SUPABASE_SERVICE_ROLE_KEY ?? env.SUPABASE_ANON_KEY });
  }
  return new LocalStorage({ root: localStorageRoot(env.dataDir), secret: sessionSecret });
}

// One adapter per runtime (tests publish a new runtime per database).
const adapters = new WeakMap<Runtime, AppStorage>();

export function storage(): AppStorage {
  const runtime = getRuntime();
  let adapter = adapters.get(runtime);
  if (!adapter) {
    adapter = createStorage(runtime.env, runtime.sessionSecret);
    adapters.set(runtime, adapter);
  }
  return adapter;
}
