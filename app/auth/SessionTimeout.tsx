/**
 * Session-timeout protection in the browser (SPEC §2 "Session dialog", §4).
 * The server enforces the timeouts on every request (session.server.ts); this
 * host only warns, counts down and offers to extend, so with JavaScript the
 * person hears about it before it happens.
 *
 *  - Idle timer: restarts on mousedown, keypress, scroll, touchstart or click.
 *    Activity also reaches the server (a throttled POST to /auth/keep-alive),
 *    so reading a long page without navigating keeps the server's clock in step.
 *  - The warning dialog opens `warningMs` before the idle timeout and counts
 *    down m:ss every second; while it shows, only its buttons count.
 *  - Continue Session refreshes the session on the server and restarts the
 *    idle clock ('Session Extended'); on failure 'Session Extension Failed',
 *    then sign-out. Sign Out signs out. At zero: signed out with reason idle;
 *    at the absolute limit: reason absolute. Both land on /auth.
 */
import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { TEXT } from "~/shared/constants";
import { toast } from "~/toast/store";
import { Button } from "~/ui/Button";
import { Dialog } from "~/ui/Dialog";
import type { ClientSessionState } from "./session-state";
import * as styles from "./SessionTimeout.css";

export const ACTIVITY_EVENTS = ["mousedown", "keypress", "scroll", "touchstart", "click"] as const;
/** At most one keep-alive POST per minute of activity (more often when the idle timeout is short). */
export const KEEP_ALIVE_THROTTLE_MS = 60_000;

/**
 * A quarter of the idle timeout, at most a minute: with a short idle timeout a
 * fixed minute would let the server's idle clock run out while the person is
 * active on one page.
 */
export function keepAliveThrottleMs(idleTimeoutMs: number): number {
  return Math.min(KEEP_ALIVE_THROTTLE_MS, idleTimeoutMs / 4);
}

type KeepAliveAnswer = { ok: true; absoluteRemainingMs: number } | { ok: false; reason: string; redirectTo: string };

export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

async function postKeepAlive(intent: "ping" | "extend"): Promise<KeepAliveAnswer> {
  const response = await fetch("/auth/keep-alive", {
    method: "POST",
    body: new URLSearchParams({ intent }),
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  return (await response.json()) as KeepAliveAnswer;
}

export function SessionTimeout({ state }: { state: ClientSessionState }) {
  const { idleTimeoutMs, warningMs, absoluteRemainingMs } = state;
  const navigate = useNavigate();
  const location = useLocation();
  const signOutFetcher = useFetcher();
  const [warning, setWarning] = useState<{ open: boolean; remainingMs: number }>({ open: false, remainingMs: warningMs });
  const [extending, setExtending] = useState(false);
  const continueRef = useRef<HTMLButtonElement>(null);

  const lastActivity = useRef(Date.now());
  const lastPing = useRef(Date.now());
  const absoluteDeadline = useRef(Date.now() + absoluteRemainingMs);
  const warningOpen = useRef(false);
  const ended = useRef(false);

  // Kept in refs so the timers below are set up once, not on every render.
  const submitSignOut = useRef(signOutFetcher.submit);
  submitSignOut.current = signOutFetcher.submit;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const signOut = useCallback((reason?: "idle" | "absolute") => {
    if (ended.current) return;
    ended.current = true;
    warningOpen.current = false;
    setWarning((w) => ({ ...w, open: false }));
    submitSignOut.current(reason ? { reason } : {}, { method: "post", action: "/auth/sign-out" });
  }, []);

  /** `sentAt`: the server measured the time left when it got the request, not when we read the answer. */
  const followServer = useCallback((answer: KeepAliveAnswer, sentAt: number) => {
    if (answer.ok) {
      absoluteDeadline.current = sentAt + answer.absoluteRemainingMs;
      return true;
    }
    // The server already ended the session (and set the toast): show /auth.
    ended.current = true;
    navigateRef.current(answer.redirectTo);
    return false;
  }, []);

  // Every page the server served was activity on its clock too.
  useEffect(() => {
    lastActivity.current = Date.now();
    lastPing.current = Date.now();
    absoluteDeadline.current = Date.now() + absoluteRemainingMs;
  }, [location.key, absoluteRemainingMs]);

  const ping = useCallback(() => {
    const now = Date.now();
    lastPing.current = now;
    postKeepAlive("ping").then((answer) => followServer(answer, now), () => undefined);
  }, [followServer]);

  useEffect(() => {
    const throttleMs = keepAliveThrottleMs(idleTimeoutMs);
    const onActivity = () => {
      if (warningOpen.current || ended.current) return;
      const now = Date.now();
      lastActivity.current = now;
      if (now - lastPing.current >= throttleMs) ping();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { capture: true, passive: true });
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [idleTimeoutMs, ping]);

  useEffect(() => {
    const tick = () => {
      if (ended.current) return;
      const now = Date.now();
      if (now >= absoluteDeadline.current) return signOut("absolute");
      const idleLeft = lastActivity.current + idleTimeoutMs - now;
      if (idleLeft <= 0) return signOut("idle");
      const open = idleLeft <= warningMs;
      // Bring the server's clock in step as the warning opens, but only with real
      // activity it has not heard of (the throttle held it back): a ping for an
      // idle person would extend an idle session.
      if (open && !warningOpen.current && lastActivity.current > lastPing.current) ping();
      warningOpen.current = open;
      setWarning((current) =>
        current.open === open && (!open || formatCountdown(current.remainingMs) === formatCountdown(idleLeft))
          ? current
          : { open, remainingMs: idleLeft },
      );
    };
    const timer = window.setInterval(tick, 1000);
    // Marks the page as watched (tests and debugging can tell when the clock runs).
    document.body.dataset.sessionTimer = "on";
    return () => {
      window.clearInterval(timer);
      delete document.body.dataset.sessionTimer;
    };
  }, [idleTimeoutMs, warningMs, signOut, ping]);

  const continueSession = useCallback(async () => {
    if (extending) return;
    setExtending(true);
    try {
      const sentAt = Date.now();
      const answer = await postKeepAlive("extend");
      if (!answer.ok) throw new Error(answer.reason);
      followServer(answer, sentAt);
      lastActivity.current = Date.now();
      lastPing.current = Date.now();
      warningOpen.current = false;
      setWarning({ open: false, remainingMs: warningMs });
      toast.info(TEXT.sessionExtended, { title: TEXT.sessionExtendedTitle });
    } catch {
      toast.error(TEXT.sessionExtensionFailed, { title: TEXT.sessionExtensionFailedTitle });
      signOut();
    } finally {
      setExtending(false);
    }
  }, [extending, followServer, signOut, warningMs]);

  return (
    <Dialog
      open={warning.open}
      // Escape or a click outside means the person is here: keep the session.
      onClose={continueSession}
      title={TEXT.sessionWarningTitle}
      description={TEXT.sessionWarningText}
      initialFocusRef={continueRef}
    >
      <p className={styles.countdown} role="timer" aria-label="Time left">
        {formatCountdown(warning.remainingMs)}
      </p>
      <p>{TEXT.sessionWarningQuestion}</p>
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => signOut()}>
          {TEXT.signOut}
        </Button>
        <Button ref={continueRef} variant="uber" onClick={continueSession} aria-disabled={extending || undefined}>
          {TEXT.continueSession}
        </Button>
      </div>
    </Dialog>
  );
}
