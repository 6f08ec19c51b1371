/**
 * fetch for the hosted auth API that retries gateway failures (SPEC §8: 502,
 * 503 and 504 are retryable) with back-off from 200 ms doubling, giving up
 * once the next wait would pass 30 s in total (SPEC §9).
 */
import { REFRESH_RETRY_INITIAL_MS, REFRESH_RETRY_MAX_MS } from "~/shared/constants";
import { RETRYABLE_STATUSES } from "./port";

export interface RetryOptions {
  initialDelayMs?: number;
  maxTotalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRetryingFetch(options: RetryOptions = {}): typeof fetch {
  const initial = options.initialDelayMs ?? REFRESH_RETRY_INITIAL_MS;
  const budget = options.maxTotalMs ?? REFRESH_RETRY_MAX_MS;
  const sleep = options.sleep ?? defaultSleep;
  const inner = options.fetch ?? fetch;

  return async function retryingFetch(input, init) {
    const startedAt = Date.now();
    let delay = initial;
    // Request bodies here are JSON strings, so the same init can be sent again.
    for (;;) {
      const response = await inner(input, init);
      if (!RETRYABLE_STATUSES.includes(response.status)) return response;
      if (Date.now() - startedAt + delay > budget) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay);
      delay *= 2;
    }
  } as typeof fetch;
}
