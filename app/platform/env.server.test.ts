import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./.data");
    expect(env.databaseKind).toBe("pglite");
    expect(env.backend).toBe("local");
  });
  it("chooses PostgreSQL and Supabase from their variables", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://u:p@127.0.0.1:5432/db",
      SUPABASE_URL: "https://abc.supabase.co",
      SUPABASE_ANON_KEY: "anon",
    });
    expect(env.databaseKind).toBe("postgres");
    expect(env.backend).toBe("supabase");
  });
  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "not-a-port" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => parseEnv({ SUPABASE_URL: "https://abc.supabase.co" })).toThrow(/SUPABASE_ANON_KEY/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ DATABASE_URL: "nope" })).toThrow(/DATABASE_URL/);
  });
  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SENTRY_DSN: "" }).databaseKind).toBe("pglite");
  });
});
