/**
 * Configuration from the environment, validated once at startup.
 *
 * Every variable the product reads is declared here so a bad value fails fast
 * with a message naming the variable, instead of surfacing later as a
 * confusing runtime error deep inside a request.
 */
import { z } from "zod";
import path from "node:path";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, WARNING_BEFORE_IDLE_MS } from "../shared/constants";

const optionalUrl = z
  .string()
  .trim()
  .url()
  .optional()
  .or(z.literal("").transform(() => undefined));
const optionalText = z
  .string()
  .trim()
  .min(1)
  .optional()
  .or(z.literal("").transform(() => undefined));
const optionalSmtpUrl = z
  .string()
  .trim()
  .url()
  // zod runs a refinement even after .url() failed: parse defensively.
  .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), "SMTP_URL must be an smtp:// or smtps:// URL")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Twilio sends SMS only with all three; one or two set is a mistake, not a choice. */
const TWILIO_CREDENTIALS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./.data"),
    DATABASE_URL: optionalUrl,
    SUPABASE_URL: optionalUrl,
    SUPABASE_ANON_KEY: optionalText,
    SUPABASE_SERVICE_ROLE_KEY: optionalText,
    SESSION_SECRET: z
      .string()
      .min(32, "SESSION_SECRET must be at least 32 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DEMO_PASSWORD: z
      .string()
      .min(8, "DEMO_PASSWORD must be at least 8 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SENTRY_DSN: optionalUrl,
    /**
     * The site's address as members reach it (https://hitfactory.example), for links in e-mails.
     * Never taken from a request's Host header, which the sender of a form chooses. Unset: e-mails
     * name the page ("your inbox") without a link.
     */
    PUBLIC_ORIGIN: optionalUrl,
    /** E-mail transport (docs/decisions/0034-messages-port.md); unset: e-mail goes to DATA_DIR/messages/outbox.jsonl and the log. */
    SMTP_URL: optionalSmtpUrl,
    MAIL_FROM: optionalText,
    /** SMS transport (Twilio's Messages API); unset: SMS goes to DATA_DIR/messages/outbox.jsonl and the log. */
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM: optionalText,
    TWILIO_API_BASE: optionalUrl,
    /** Seed demo data into an empty embedded database at startup (default on). */
    SEED_DEMO: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    /** Mounts /__test/* routes that throw on purpose (end-to-end tests of the error screens). */
    ENABLE_TEST_ROUTES: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    /**
     * How many proxies in front of the app to trust for X-Forwarded-For (0 = none).
     * Trusting headers no proxy sets would let clients forge their address and
     * dodge per-address rate limits.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    LOG_REQUESTS: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    /** Server-enforced session timeouts (SPEC §9); shorter values are for tests. */
    SESSION_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(IDLE_TIMEOUT_MS),
    SESSION_ABSOLUTE_TIMEOUT_MS: z.coerce.number().int().positive().default(ABSOLUTE_TIMEOUT_MS),
    SESSION_WARNING_MS: z.coerce.number().int().nonnegative().default(WARNING_BEFORE_IDLE_MS),
  })
  .superRefine((env, ctx) => {
    const twilioSet = TWILIO_CREDENTIALS.filter((name) => env[name]);
    if (twilioSet.length > 0 && twilioSet.length < TWILIO_CREDENTIALS.length) {
      for (const name of TWILIO_CREDENTIALS.filter((n) => !env[n])) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [name],
          message: `${name} is required when ${twilioSet.join(" and ")} ${twilioSet.length > 1 ? "are" : "is"} set (Twilio needs all three)`,
        });
      }
    }
    if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SUPABASE_ANON_KEY"],
        message: "SUPABASE_ANON_KEY is required when SUPABASE_URL is set",
      });
    }
    if (env.SUPABASE_ANON_KEY && !env.SUPABASE_URL) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SUPABASE_URL"],
        message: "SUPABASE_URL is required when SUPABASE_ANON_KEY is set",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  /** DATA_DIR resolved to an absolute path. */
  dataDir: string;
  /** Which database the app talks to. */
  databaseKind: "pglite" | "postgres";
  /** Which auth and storage adapters run. */
  backend: "local" | "supabase";
};

export class EnvError extends Error {
  constructor(public readonly issues: { variable: string; message: string }[]) {
    super(
      "Invalid configuration:\n" +
        issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n"),
    );
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: issue.message,
      })),
    );
  }
  const env = result.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    databaseKind: env.DATABASE_URL ? "postgres" : "pglite",
    backend: env.SUPABASE_URL && env.SUPABASE_ANON_KEY ? "supabase" : "local",
  };
}

let cached: Env | undefined;

/** The process's validated environment (parsed on first use, at startup). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests swap configuration without touching process.env. */
export function setEnvForTests(env: Env | undefined) {
  cached = env;
}
