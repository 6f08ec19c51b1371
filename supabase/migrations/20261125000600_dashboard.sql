-- The dashboard's "new in the catalogue since your last visit" (ADR 0069).
--
-- A visit is a run of dashboard views with less than 30 minutes between one
-- and the next. dashboard_last_view_at is the latest view; dashboard_new_since
-- is the cutoff the current visit shows songs after: the last view of the
-- visit before it, or null while the person is still on their first visit
-- (the dashboard then shows the newest songs, labelled as such). Both are
-- moved by one UPDATE per view (app/dashboard/visits.server.ts), so reloading
-- the page within a visit keeps the list instead of emptying it.
--
-- Columns on profiles (one row per user, read by its unique user_id index):
-- no table, no extra index. The songs are read through
-- songs_catalogue_newest_idx (created_at desc, id desc where status = 'catalogue').
alter table public.profiles add column if not exists dashboard_last_view_at timestamptz;
alter table public.profiles add column if not exists dashboard_new_since timestamptz;
