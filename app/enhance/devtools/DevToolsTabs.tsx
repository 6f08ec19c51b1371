/**
 * What each tab of the developer tools shows. Each subscribes only to what it
 * reads: the stores of log-store.ts, the router's matches, the player's
 * state; the playback time re-renders one leaf (PlayerTime), not the panel.
 */
import { useMatches, useLocation } from "@remix-run/react";
import { useSyncExternalStore } from "react";
import { displayUrl, logStore, networkStore, type LogEntry, type NetworkEntry } from "~/enhance/debug/log-store";
import { usePlayerSelector, usePlayerTime } from "~/player/context";
import { Button } from "~/ui/Button";
import * as styles from "./devtools.css";
import { currentNavigationEntry, loaderTimingGroups } from "./loader-timings";
import { REDACTED, isSecretParam, redactUrl } from "~/platform/http/redact-url";

const useLogs = () => useSyncExternalStore(logStore.subscribe, logStore.getSnapshot, logStore.getSnapshot);
const useRequests = () => useSyncExternalStore(networkStore.subscribe, networkStore.getSnapshot, networkStore.getSnapshot);

const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", fractionalSecondDigits: 3, hour12: false });
const formatTime = (epochMs: number) => clock.format(new Date(epochMs));
export const formatMs = (ms: number | null) => (ms === null ? "pending" : `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`);

function Toolbar({ count, limit, noun, onClear }: { count: number; limit: number; noun: string; onClear: () => void }) {
  return (
    <div className={styles.toolbar}>
      <p className={styles.muted}>
        {count} {noun} (at most {limit}), newest first
      </p>
      <Button size="sm" variant="outline" onClick={onClear} disabled={count === 0}>
        Clear {noun}
      </Button>
    </div>
  );
}

function levelClass(level: LogEntry["level"]) {
  if (level === "error") return `${styles.badge} ${styles.badgeError}`;
  if (level === "warn") return `${styles.badge} ${styles.badgeWarn}`;
  return styles.badge;
}

export function LogsTab() {
  const logs = useLogs();
  return (
    <>
      <Toolbar count={logs.length} limit={logStore.limit} noun="logs" onClear={() => logStore.clear()} />
      {logs.length === 0 ? (
        <p className={styles.muted}>Nothing logged yet. Debug lines, console warnings and errors, and uncaught errors show here.</p>
      ) : (
        <ol className={styles.entries} aria-label="Logs">
          {[...logs].reverse().map((entry) => (
            <li key={entry.id} className={styles.entry} data-testid="devtools-log">
              <span className={styles.entryLine}>
                <span className={levelClass(entry.level)}>{entry.level}</span>
                <span className={styles.mono}>{entry.source}</span>
                <time className={`${styles.mono} ${styles.muted}`} dateTime={new Date(entry.time).toISOString()}>
                  {formatTime(entry.time)}
                </time>
              </span>
              <span className={styles.mono}>{entry.message}</span>
              {entry.details ? <pre className={styles.detail}>{entry.details}</pre> : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function statusText(request: NetworkEntry) {
  if (request.error) return `failed: ${request.error}`;
  return request.status === null ? "pending" : String(request.status);
}

export function NetworkTab() {
  const requests = useRequests();
  return (
    <>
      <Toolbar count={requests.length} limit={networkStore.limit} noun="requests" onClear={() => networkStore.clear()} />
      {requests.length === 0 ? (
        <p className={styles.muted}>No requests yet. Requests made with fetch (client-side navigations, data, the player&apos;s audio URLs) show here.</p>
      ) : (
        <ol className={styles.entries} aria-label="Requests">
          {[...requests].reverse().map((request) => (
            <li key={request.id} className={styles.entry} data-testid="devtools-request">
              <span className={styles.entryLine}>
                <span className={styles.badge}>{request.method}</span>
                <span className={styles.mono} data-testid="devtools-request-status">
                  {statusText(request)}
                </span>
                <span className={`${styles.mono} ${styles.muted}`}>{formatMs(request.durationMs)}</span>
              </span>
              <span className={styles.mono} data-testid="devtools-request-url">
                {request.url}
              </span>
              {request.serverTiming ? <span className={`${styles.mono} ${styles.muted}`}>Server-Timing: {request.serverTiming}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/**
 * A route's params as the panel shows them: a capability in the path (a shortlist share's token,
 * a calendar feed's) is "[redacted]" here as in the Path line above, and so is any param whose
 * name says it is a secret.
 */
export function shownParams(params: Record<string, string | undefined>, pathname: string): Record<string, string | undefined> {
  const secretPath = redactUrl(pathname) !== pathname;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value !== undefined && (isSecretParam(name) || (secretPath && pathname.includes(value) && !redactUrl(pathname).includes(value))) ? REDACTED : value,
    ]),
  );
}

export function RouteTab() {
  const location = useLocation();
  const matches = useMatches();
  return (
    <>
      <dl className={styles.facts}>
        <dt>Path</dt>
        <dd className={styles.mono} data-testid="devtools-path">
          {displayUrl(location.pathname + location.search, window.location.origin)}
        </dd>
      </dl>
      <h3 className={styles.sectionTitle}>Matched routes</h3>
      <ol className={styles.entries} aria-label="Matched routes">
        {matches.map((match) => (
          <li key={match.id} className={styles.entry} data-testid="devtools-route">
            <span className={styles.mono}>{match.id}</span>
            <span className={`${styles.mono} ${styles.muted}`}>
              {Object.keys(match.params).length === 0 ? "no params" : `params ${JSON.stringify(shownParams(match.params, location.pathname))}`}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

export function TimingsTab() {
  const requests = useRequests();
  const groups = loaderTimingGroups(currentNavigationEntry(), requests, (url) => displayUrl(url, window.location.href));
  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.muted}>Each loader&apos;s duration on the server (its Server-Timing), newest first.</p>
        <Button size="sm" variant="outline" onClick={() => networkStore.clear()} disabled={requests.length === 0}>
          Clear requests
        </Button>
      </div>
      {groups.length === 0 ? (
        <p className={styles.muted}>No loader timings yet: navigate, and each request&apos;s loaders show here.</p>
      ) : (
        <ol className={styles.entries} aria-label="Loader timings">
          {groups.map((group) => (
            <li key={group.key} className={styles.entry} data-testid="devtools-timing">
              <span className={styles.entryLine}>
                <span className={styles.badge}>{group.kind}</span>
                <span className={styles.mono}>{group.url}</span>
                {group.status ? <span className={`${styles.mono} ${styles.muted}`}>{group.status}</span> : null}
              </span>
              <ul className={styles.entries}>
                {group.loaders.map((loader, index) => (
                  <li key={`${loader.routeId}-${index}`} className={styles.entryLine}>
                    <span className={styles.mono}>{loader.routeId}</span>
                    <span className={`${styles.mono} ${styles.muted}`}>{formatMs(loader.durationMs)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

const formatSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/** The one part that re-renders several times a second while audio plays. */
function PlayerTime() {
  const time = usePlayerTime();
  const duration = usePlayerSelector((state) => state.duration);
  return (
    <dd className={styles.mono} data-testid="devtools-player-time">
      {formatSeconds(time)} / {duration > 0 ? formatSeconds(duration) : "unknown"}
    </dd>
  );
}

export function PlayerTab() {
  const track = usePlayerSelector((state) => state.track);
  const playing = usePlayerSelector((state) => state.playing);
  const volume = usePlayerSelector((state) => state.volume);
  const muted = usePlayerSelector((state) => state.muted);
  const index = usePlayerSelector((state) => state.currentIndex);
  const length = usePlayerSelector((state) => state.playlist.length);
  return (
    <dl className={styles.facts}>
      <dt>Track</dt>
      <dd data-testid="devtools-player-track">{track ? `${track.title} (${track.artist}) · ${track.id}` : "none"}</dd>
      <dt>Playing</dt>
      <dd>{playing ? "yes" : "no"}</dd>
      <dt>Time</dt>
      <PlayerTime />
      <dt>Volume</dt>
      <dd>
        {Math.round(volume * 100)}%{muted ? " (muted)" : ""}
      </dd>
      <dt>Playlist</dt>
      <dd>{length === 0 ? "empty" : `track ${index + 1} of ${length}`}</dd>
    </dl>
  );
}
