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
  it("takes an SMTP URL only with the smtp or smtps scheme", () => {
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.com:465" }).SMTP_URL).toBe("smtps://u:p@mail.example.com:465");
    expect(parseEnv({ SMTP_URL: "smtp://mail.example.com:587" }).SMTP_URL).toBe("smtp://mail.example.com:587");
    expect(() => parseEnv({ SMTP_URL: "https://mail.example.com" })).toThrow(/SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });
  it("takes Twilio's three credentials together or not at all, naming what is missing", () => {
    const all = { TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15005550006" };
    expect(parseEnv(all)).toMatchObject(all);
    expect(parseEnv({}).TWILIO_ACCOUNT_SID).toBeUndefined();
    const partial = () => parseEnv({ TWILIO_ACCOUNT_SID: "AC1" });
    expect(partial).toThrow(EnvError);
    expect(partial).toThrow(/TWILIO_AUTH_TOKEN: TWILIO_AUTH_TOKEN is required when TWILIO_ACCOUNT_SID is set/);
    expect(partial).toThrow(/TWILIO_FROM: TWILIO_FROM is required/);
    expect(() => parseEnv({ TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15005550006" })).toThrow(/TWILIO_ACCOUNT_SID is required when TWILIO_AUTH_TOKEN and TWILIO_FROM are set/);
  });
  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SENTRY_DSN: "" }).databaseKind).toBe("pglite");
  });
});
