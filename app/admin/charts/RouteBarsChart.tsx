/**
 * A per-route chart of the overview's speed and visits (ADR 0096), rendered
 * on the server as accessible SVG like WeeklyChart: role="img" named by its
 * <title> and described by its <desc>, which says every figure the bars show
 * (the table under the charts has them all, with their ratings). Bars are
 * coloured by Google's rating when the chart is a web vital, and the good and
 * poor thresholds are dashed lines; the rating is never told by colour alone.
 */
import { useId } from "react";
import type { VitalRating } from "~/enhance/vitals/metrics";
import * as vitalsStyles from "../statistics-vitals.css";
import * as styles from "./charts.css";
import { routeBarsGeometry, shortenLabel } from "./route-bars";

export interface RouteBarsChartProps {
  title: string;
  /** One sentence the SVG's <desc> starts with (what is measured, the thresholds). */
  summary: string;
  rows: readonly { label: string; value: number; rating?: VitalRating }[];
  format: (value: number) => string;
  /** Google's good and poor limits, for a web vital. */
  thresholds?: readonly [number, number];
}

export function RouteBarsChart({ title, summary, rows, format, thresholds }: RouteBarsChartProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const geometry = routeBarsGeometry(
    rows.map((row) => row.value),
    thresholds ? [...thresholds] : [],
  );
  const description = `${summary} ${rows.map((row) => `${row.label}: ${format(row.value)}${row.rating ? ` (${row.rating.replace("-", " ")})` : ""}`).join("; ")}.`;
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg className={styles.svg} viewBox={`0 0 ${geometry.width} ${geometry.height}`} role="img" aria-labelledby={`${titleId} ${descId}`} focusable="false">
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        {geometry.ticks.map((tick) => (
          <g key={tick.value} aria-hidden="true">
            <line className={styles.gridLine} x1={tick.x} x2={tick.x} y1={geometry.plot.top} y2={geometry.plot.bottom} />
            <text className={styles.axisText} x={tick.x} y={geometry.plot.bottom + 14} textAnchor="middle">
              {format(tick.value).replace(" ms", "")}
            </text>
          </g>
        ))}
        {geometry.bars.map((bar) => {
          const row = rows[bar.index]!;
          return (
            <g key={bar.index} aria-hidden="true">
              <text className={vitalsStyles.barLabel} x={geometry.plot.left} y={bar.labelY}>
                {shortenLabel(row.label)}
              </text>
              <text className={vitalsStyles.barValue} x={geometry.plot.right} y={bar.labelY} textAnchor="end">
                {format(row.value)}
              </text>
              <rect className={vitalsStyles.ratingFill[row.rating ?? "none"]} x={bar.x} y={bar.y} width={Math.max(bar.width, 1)} height={bar.height} rx={2} />
            </g>
          );
        })}
        {geometry.thresholds.map((line) => (
          <line key={line.value} className={vitalsStyles.threshold} x1={line.x} x2={line.x} y1={geometry.plot.top} y2={geometry.plot.bottom} aria-hidden="true" />
        ))}
      </svg>
      {thresholds ? (
        <p className={vitalsStyles.legend}>
          Dashed lines: good up to {format(thresholds[0])}, poor above {format(thresholds[1])}.
        </p>
      ) : null}
    </figure>
  );
}
