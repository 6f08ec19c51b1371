/**
 * The Server-Timing header (W3C Server Timing; RFC 9110 field syntax), written
 * by the server for each loader's duration and read back by the developer
 * tools from the navigation entry and from each .data response.
 *
 *   Server-Timing: loader;desc="root";dur=1.2, loader;desc="routes/catalogue/song";dur=3.2
 *
 * Metric names are tokens; descriptions are quoted strings (route ids hold
 * "/" and ":", which a token may not). Only what the caller passes goes in:
 * the server passes route ids and durations, never a URL, a parameter or a
 * value from the request, so no secret can reach the header.
 */

export interface TimingMetric {
  name: string;
  description?: string;
  /** Milliseconds. */
  durationMs?: number;
}

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function isToken(text: string): boolean {
  return TOKEN.test(text);
}

/** A quoted-string: backslash-escapes quotes and backslashes; drops control characters a header may not carry. */
function quoted(text: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${text.replace(/[\u0000-\u001f\u007f]/g, "").replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Durations to 0.1 ms: finer says nothing on a busy server, and the header stays short. */
const formatDuration = (ms: number) => String(Math.max(0, Math.round(ms * 10) / 10));

export function formatServerTiming(metrics: readonly TimingMetric[]): string {
  return metrics
    .filter((metric) => isToken(metric.name))
    .map((metric) => {
      let entry = metric.name;
      if (metric.description !== undefined) entry += `;desc=${quoted(metric.description)}`;
      if (metric.durationMs !== undefined && Number.isFinite(metric.durationMs)) entry += `;dur=${formatDuration(metric.durationMs)}`;
      return entry;
    })
    .join(", ");
}

/**
 * The metrics of a Server-Timing header value (several headers joined by
 * commas read the same). Tolerant: an entry it cannot read is skipped.
 */
export function parseServerTiming(header: string | null | undefined): TimingMetric[] {
  if (!header) return [];
  const metrics: TimingMetric[] = [];
  // Split on commas outside quoted strings.
  const entries: string[] = [];
  let current = "";
  let inQuotes = false;
  for (let i = 0; i < header.length; i += 1) {
    const c = header[i]!;
    if (inQuotes && c === "\\") {
      current += c + (header[i + 1] ?? "");
      i += 1;
      continue;
    }
    if (c === '"') inQuotes = !inQuotes;
    if (c === "," && !inQuotes) {
      entries.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  entries.push(current);
  for (const entry of entries) {
    const parts = entry.match(/(?:[^;"]|"(?:\\.|[^"\\])*")+/g)?.map((part) => part.trim()) ?? [];
    const name = parts.shift();
    if (!name || !isToken(name)) continue;
    const metric: TimingMetric = { name };
    for (const part of parts) {
      const eq = part.indexOf("=");
      if (eq === -1) continue;
      const key = part.slice(0, eq).trim().toLowerCase();
      let value = part.slice(eq + 1).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1).replace(/\\(.)/g, "$1");
      // The first of each parameter counts (the specification's rule).
      if (key === "desc" && metric.description === undefined) metric.description = value;
      if (key === "dur" && metric.durationMs === undefined && Number.isFinite(Number(value)) && value !== "") metric.durationMs = Number(value);
    }
    metrics.push(metric);
  }
  return metrics;
}
