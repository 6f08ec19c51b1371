/**
 * The reporter's queue and the beacon's body, as plain code with its clock
 * and its sender passed in (unit-tested in beacon.test.ts; report.client.ts
 * wires it to the page).
 *
 * Page views and metrics wait in one queue and leave in small batches: when
 * BEACON_BATCH_SIZE entries are waiting, a few seconds after the first one
 * was queued, and whenever the page is hidden or left (the caller's flush).
 * The body is an ordinary form (application/x-www-form-urlencoded, what the
 * server's input check lets through), read by the endpoint's zod schema:
 *
 *   views[0]=routes/catalogue/song
 *   vitals[0].route=routes/catalogue/song  vitals[0].metric=LCP  vitals[0].value=1834
 */
import { BEACON_BATCH_SIZE, isRouteIdShape, roundVital, type VitalMetric } from "./metrics";

export type BeaconEntry = { kind: "view"; route: string } | { kind: "vital"; route: string; metric: VitalMetric; value: number };

/** How long a lone entry waits for company before it is sent anyway. */
export const FLUSH_DELAY_MS = 5_000;
/** A browser refusing beacons (its quota is full) must not make the queue grow without end. */
export const MAX_QUEUED = 100;

/** The form body of one beacon. */
export function encodeBeacon(entries: readonly BeaconEntry[]): URLSearchParams {
  const body = new URLSearchParams();
  let views = 0;
  let vitals = 0;
  for (const entry of entries) {
    if (entry.kind === "view") {
      body.append(`views[${views++}]`, entry.route);
    } else {
      const at = `vitals[${vitals++}]`;
      body.append(`${at}.route`, entry.route);
      body.append(`${at}.metric`, entry.metric);
      body.append(`${at}.value`, String(roundVital(entry.metric, entry.value)));
    }
  }
  return body;
}

/** Whether an entry is worth sending: a route id of this app's shape and, for a metric, a finite value. */
export function isReportable(entry: BeaconEntry): boolean {
  if (!isRouteIdShape(entry.route)) return false;
  return entry.kind === "view" || (Number.isFinite(entry.value) && entry.value >= 0);
}

export interface BeaconQueueOptions {
  /** Hands one body to the browser (navigator.sendBeacon); false when it refused it. */
  send: (body: URLSearchParams) => boolean;
  batchSize?: number;
  delayMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class BeaconQueue {
  private readonly queue: BeaconEntry[] = [];
  private timer: unknown = null;
  private readonly batchSize: number;
  private readonly delayMs: number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: BeaconQueueOptions) {
    this.batchSize = options.batchSize ?? BEACON_BATCH_SIZE;
    this.delayMs = options.delayMs ?? FLUSH_DELAY_MS;
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  get size(): number {
    return this.queue.length;
  }

  push(entry: BeaconEntry): void {
    if (!isReportable(entry)) return;
    this.queue.push(entry);
    if (this.queue.length > MAX_QUEUED) this.queue.splice(0, this.queue.length - MAX_QUEUED);
    if (this.queue.length >= this.batchSize) this.flush();
    else if (this.timer === null) this.timer = this.setTimer(() => this.flush(), this.delayMs);
  }

  /** Sends everything waiting, a batch per beacon; what the browser refuses waits for the next flush. */
  flush(): void {
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.batchSize);
      if (!this.options.send(encodeBeacon(batch))) break;
      this.queue.splice(0, batch.length);
    }
  }
}
