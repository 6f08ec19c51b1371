/**
 * The statistics object (SPEC §3) on the overview. Rendered on the server with
 * the figures of this request (so a page load without JavaScript is always
 * fresh); with JavaScript it refetches /api/admin/statistics every
 * STATISTICS_REFRESH_MS (SPEC §9) and says 'Failed to fetch statistics'
 * (SPEC §8) in an alert when a fetch fails, keeping the last figures it had.
 */
import { useEffect, useState } from "react";
import * as page from "~/layout/page.css";
import { Alert } from "~/ui/Alert";
import { isStatistics, OVERVIEW_TEXT, STATISTIC_LABELS, STATISTICS_ENDPOINT, STATISTICS_KEYS, STATISTICS_REFRESH_MS, type Statistics } from "./statistics";
import * as styles from "./statistics.css";

const numberFormat = new Intl.NumberFormat("en-GB");
const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

async function fetchStatistics(): Promise<Statistics> {
  const response = await fetch(STATISTICS_ENDPOINT, { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" });
  if (!response.ok) throw new Error(`statistics: ${response.status}`);
  const body: unknown = await response.json();
  if (!isStatistics(body)) throw new Error("statistics: not a statistics object");
  return body;
}

export function StatisticsPanel({ initial }: { initial: Statistics | null }) {
  const [statistics, setStatistics] = useState<Statistics | null>(initial);
  const [failed, setFailed] = useState(initial === null);

  useEffect(() => {
    let cancelled = false;
    const timer = window.setInterval(() => {
      fetchStatistics().then(
        (fresh) => {
          if (cancelled) return;
          setStatistics(fresh);
          setFailed(false);
        },
        () => {
          if (!cancelled) setFailed(true);
        },
      );
    }, STATISTICS_REFRESH_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, []);

  return (
    <div className={styles.stack}>
      {failed ? <Alert variant="destructive">{OVERVIEW_TEXT.statisticsFailed}</Alert> : null}
      {statistics ? (
        <>
          <dl className={page.statGrid}>
            {STATISTICS_KEYS.map((key) => (
              <div key={key} className={page.stat}>
                <dt className={page.statLabel}>
                  <span>{STATISTIC_LABELS[key].label}</span>
                  <span className={styles.hint}>{STATISTIC_LABELS[key].hint}</span>
                </dt>
                <dd className={page.statValue} data-statistic={key}>
                  {numberFormat.format(statistics[key])}
                </dd>
              </div>
            ))}
          </dl>
          <p className={styles.updated}>
            {OVERVIEW_TEXT.lastUpdated}: <time dateTime={statistics.lastUpdated}>{timeFormat.format(new Date(statistics.lastUpdated))} UTC</time>
          </p>
        </>
      ) : null}
    </div>
  );
}
