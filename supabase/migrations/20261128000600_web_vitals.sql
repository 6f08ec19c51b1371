-- Page views and web vitals from real visits (SPEC §7 "speed insights and
-- analytics"; issue 15, ADR 0096). Runs unchanged on PGlite, PostgreSQL 15 and
-- Supabase.
--
-- What a row holds is the route's id (a pattern such as "routes/catalogue/song",
-- never a URL), a time and, for a metric, its name, value and rating: no user,
-- no address, no session, nothing that joins a row back to a person. Rows older
-- than 90 days are deleted by the server's housekeeping
-- (app/enhance/vitals/vitals.server.ts, pruneWebVitals).

create table if not exists public.web_page_views (
  id bigint generated always as identity primary key,
  route_id text not null check (char_length(route_id) between 1 and 120),
  viewed_at timestamptz not null default now()
);

create table if not exists public.web_vitals (
  id bigint generated always as identity primary key,
  route_id text not null check (char_length(route_id) between 1 and 120),
  metric text not null check (metric in ('LCP', 'INP', 'CLS', 'TTFB')),
  -- Milliseconds (LCP, INP, TTFB) or a unitless score (CLS).
  value double precision not null check (value >= 0 and value <= 120000),
  -- Google's thresholds, computed by the server from the value.
  rating text not null check (rating in ('good', 'needs-improvement', 'poor')),
  recorded_at timestamptz not null default now()
);

-- The admin overview reads the last 28 days grouped by route (and metric); the
-- housekeeping deletes by age. The time leads, so both are one range scan, and
-- the grouped columns ride in the index, so the overview never visits the table.
create index if not exists web_page_views_viewed_at_idx on public.web_page_views (viewed_at) include (route_id);
create index if not exists web_vitals_recorded_at_idx on public.web_vitals (recorded_at) include (route_id, metric, value);

-- Read and written by the server only (no policy: nothing for the public API).
alter table public.web_page_views enable row level security;
alter table public.web_vitals enable row level security;
