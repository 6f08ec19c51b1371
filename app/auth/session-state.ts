/** What the browser's session-timeout host receives from the root loader (SPEC §3 session settings). No tokens. */
export interface ClientSessionState {
  idleTimeoutMs: number;
  warningMs: number;
  absoluteTimeoutMs: number;
  /** Time left before the absolute timeout, measured when the page was served. */
  absoluteRemainingMs: number;
}
