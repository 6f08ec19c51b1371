/**
 * A weekly chart rendered on the server as accessible SVG (works without
 * JavaScript): role="img" named by its <title> and described by its <desc>,
 * and the figures themselves in a table inside <details> for anyone who would
 * rather read them. Bars for counts per week, a line for a level over time.
 * The SVG scales with its box (viewBox), so a 320 px screen never scrolls sideways.
 */
import { useId } from "react";
import { barGeometry, DEFAULT_FRAME, describeSeries, labelledSlots, lineGeometry } from "./geometry";
import * as styles from "./charts.css";

const weekLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const weekLabelLong = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const numberFormat = new Intl.NumberFormat("en-GB");

export interface WeeklyChartProps {
  title: string;
  /** Week starts (YYYY-MM-DD, Mondays UTC), oldest first. */
  weeks: readonly string[];
  values: readonly number[];
  /** What is counted, plural ("applications", "plays"). */
  unit: string;
  kind: "per-week" | "level";
  /** The column heading of the figures table. */
  valueHeading: string;
}

const compact = (value: number) => (value >= 10_000 ? `${Math.round(value / 1000)}k` : value >= 1000 ? `${(value / 1000).toFixed(1).replace(/\.0$/, "")}k` : String(value));

export function WeeklyChart({ title, weeks, values, unit, kind, valueHeading }: WeeklyChartProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const labels = weeks.map((week) => weekLabel.format(new Date(`${week}T00:00:00Z`)));
  const description = describeSeries(values, labels, unit, kind);
  const frame = DEFAULT_FRAME;
  const geometry = kind === "per-week" ? barGeometry(values, frame) : lineGeometry(values, frame);
  const shown = new Set(labelledSlots(weeks.length));
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg className={styles.svg} viewBox={`0 0 ${frame.width} ${frame.height}`} role="img" aria-labelledby={`${titleId} ${descId}`} focusable="false">
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        {geometry.ticks.map((tick) => (
          <g key={tick.value} aria-hidden="true">
            <line className={styles.gridLine} x1={geometry.plot.left} x2={geometry.plot.right} y1={tick.y} y2={tick.y} />
            <text className={styles.axisText} x={geometry.plot.left - 6} y={tick.y} dy="0.32em" textAnchor="end">
              {compact(tick.value)}
            </text>
          </g>
        ))}
        <line className={styles.axisLine} x1={geometry.plot.left} x2={geometry.plot.right} y1={geometry.baseline} y2={geometry.baseline} aria-hidden="true" />
        {"bars" in geometry
          ? geometry.bars.map((bar) => (
              <rect key={bar.index} className={styles.bar} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={2} aria-hidden="true" />
            ))
          : (
            <g aria-hidden="true">
              <path className={styles.area} d={geometry.area} />
              <path className={styles.line} d={geometry.line} />
              {geometry.points.map((point, index) => (
                <circle key={index} className={styles.point} cx={point.x} cy={point.y} r={3} />
              ))}
            </g>
          )}
        {geometry.centres.map((x, index) =>
          shown.has(index) ? (
            <text key={index} className={styles.axisText} x={x} y={geometry.baseline + 16} textAnchor="middle" aria-hidden="true">
              {labels[index]}
            </text>
          ) : null,
        )}
      </svg>
      <p className={styles.summary}>{description}</p>
      <details className={styles.details}>
        <summary>
          The figures<span className="visually-hidden">: {title}</span>
        </summary>
        <table className={styles.figuresTable}>
          <caption className="visually-hidden">{title}, by week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">{valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={week}>
                <th scope="row">
                  <time dateTime={week}>{weekLabelLong.format(new Date(`${week}T00:00:00Z`))}</time>
                </th>
                <td>{numberFormat.format(values[index] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
