/**
 * The overview's "Speed and visits" (SPEC §7 "speed insights and analytics",
 * ADR 0096): charts of page views and of each web vital's 75th percentile per
 * route, then every route's figures in a table with their ratings. Server
 * rendered; works without JavaScript.
 */
import { VITAL_LABELS, VITAL_METRICS, VITAL_THRESHOLDS, RATING_LABELS, type VitalMetric } from "~/enhance/vitals/metrics";
import { EmptyState } from "~/layout/EmptyState";
import * as page from "~/layout/page.css";
import { RouteBarsChart } from "./charts/RouteBarsChart";
import * as chartStyles from "./charts/charts.css";
import { CHART_ROUTES, formatVital, VITALS_TEXT, type RouteVitals } from "./statistics-vitals";
import * as styles from "./statistics-vitals.css";

const numberFormat = new Intl.NumberFormat("en-GB");

export function RouteVitalsSection({ routes }: { routes: readonly RouteVitals[] }) {
  if (routes.length === 0) {
    return (
      <EmptyState icon="file" title="No visits yet" headingLevel={3}>
        {VITALS_TEXT.empty}
      </EmptyState>
    );
  }
  const viewed = routes.filter((route) => route.views > 0).slice(0, CHART_ROUTES);
  return (
    <>
      <div className={chartStyles.grid}>
        {viewed.length > 0 ? (
          <RouteBarsChart
            title={VITALS_TEXT.viewsChart}
            summary="Page views in the last 28 days, the most viewed routes first."
            rows={viewed.map((route) => ({ label: route.pattern, value: route.views }))}
            format={(value) => numberFormat.format(Math.round(value))}
          />
        ) : null}
        {VITAL_METRICS.map((metric) => {
          const measured = routes.filter((route) => route.vitals[metric]).slice(0, CHART_ROUTES);
          if (measured.length === 0) return null;
          const [good, poor] = VITAL_THRESHOLDS[metric];
          return (
            <RouteBarsChart
              key={metric}
              title={`${metric} per route (75th percentile)`}
              summary={`${VITAL_LABELS[metric].name}, 75th percentile per route; good up to ${formatVital(metric, good)}, poor above ${formatVital(metric, poor)}.`}
              rows={measured.map((route) => ({ label: route.pattern, value: route.vitals[metric]!.p75, rating: route.vitals[metric]!.rating }))}
              format={(value) => formatVital(metric, value)}
              thresholds={VITAL_THRESHOLDS[metric]}
            />
          );
        })}
      </div>
      <div className={page.tableWrap} role="region" aria-label={VITALS_TEXT.tableCaption} tabIndex={0}>
        <table className={page.table} data-testid="route-vitals">
          <caption>{VITALS_TEXT.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">Route</th>
              <th scope="col">Page views</th>
              {VITAL_METRICS.map((metric) => (
                <th scope="col" key={metric}>
                  <abbr title={VITAL_LABELS[metric].name}>{metric}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {routes.map((route) => (
              <tr key={route.routeId} data-route-id={route.routeId}>
                <th scope="row">
                  <span className={styles.routeCell}>
                    <code>{route.pattern}</code>
                    <span className={styles.routeId}>{route.routeId}</span>
                  </span>
                </th>
                <td className={styles.figure} data-views>
                  {numberFormat.format(route.views)}
                </td>
                {VITAL_METRICS.map((metric) => (
                  <VitalCell key={metric} metric={metric} route={route} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function VitalCell({ metric, route }: { metric: VitalMetric; route: RouteVitals }) {
  const summary = route.vitals[metric];
  if (!summary) return <td className={styles.rating}>{VITALS_TEXT.noData}</td>;
  return (
    <td data-metric={metric} data-rating={summary.rating}>
      <span className={styles.figure}>{formatVital(metric, summary.p75)}</span>
      <span className={styles.rating}>
        <span className={`${styles.marker} ${styles.ratingMarker[summary.rating]}`} aria-hidden="true" />
        {`${RATING_LABELS[summary.rating]}, ${numberFormat.format(summary.samples)} ${summary.samples === 1 ? "sample" : "samples"}`}
      </span>
    </td>
  );
}
