-- Plays of catalogue songs, and the weekly counts the admin overview charts
-- (issue 12 §1, ADR 0079). Runs unchanged on PGlite, PostgreSQL 15 and Supabase.

-- One row per counted play: the floating player reports a catalogue song once
-- it has played 30 s (or the whole song, when shorter), and the server counts
-- it unless the same listener counted the same song a moment ago
-- (app/admin/plays.server.ts).
create table if not exists public.song_plays (
  id bigint generated always as identity primary key,
  song_id uuid not null references public.songs (id) on delete cascade,
  -- The signed-in listener; null for an anonymous visitor of the public catalogue
  -- (and when the account is deleted later: the play still happened).
  listener_id uuid references auth.users (id) on delete set null,
  -- Who listened, for the repeat window only: "user:<id>" or an HMAC of the
  -- network address ("addr:<hex>"), never an address in clear.
  listener_key text not null check (char_length(listener_key) between 1 and 100),
  played_at timestamptz not null default now(),
  -- The UTC day of the play (what a per-day report groups by).
  day date generated always as ((played_at at time zone 'UTC')::date) stored
);

-- The repeat window: this listener's latest play of this song.
create index if not exists song_plays_listener_song_idx on public.song_plays (listener_key, song_id, played_at desc);
-- A song's plays (its history, the cascade on delete).
create index if not exists song_plays_song_idx on public.song_plays (song_id, played_at desc);

alter table public.song_plays enable row level security;

-- Featured catalogue songs, counted by the statistics without reading every song.
create index if not exists songs_featured_catalogue_idx on public.songs (id) where featured and status = 'catalogue';

-- ---------------------------------------------------------------------------
-- Weekly counts, kept by statement-level triggers, so the overview's charts
-- read at most 4 x 12 small rows instead of grouping 100,000 songs or plays
-- on every request. Weeks start on Monday, 00:00 UTC.
--   applications  applications submitted that week (an event: a later decision or deletion does not undo it)
--   members       people who became members that week (a profile given a role; an event)
--   plays         counted plays that week (exact: a deleted song's plays leave with it)
--   catalogue     songs that entered (+) and left (-) the public catalogue that week;
--                 the catalogue's size at the end of a week is today's size minus the later weeks' changes
create table if not exists public.admin_weekly_counts (
  metric text not null check (metric in ('applications', 'members', 'plays', 'catalogue')),
  -- The Monday (UTC) that starts the week.
  week date not null check (extract(isodow from week) = 1),
  count integer not null,
  primary key (metric, week)
);

alter table public.admin_weekly_counts enable row level security;

create or replace function public.utc_week(ts timestamptz) returns date
language sql immutable parallel safe
as $$ select date_trunc('week', ts at time zone 'UTC')::date $$;

-- Adds a set of (metric, week, delta) rows; zero rows are kept out.
create or replace function public.admin_weekly_counts_apply(changes jsonb) returns void
language sql as $$
  insert into public.admin_weekly_counts as c (metric, week, count)
  select r->>'metric', (r->>'week')::date, sum((r->>'delta')::int)::int
    from jsonb_array_elements(changes) r
   group by 1, 2
  having sum((r->>'delta')::int) <> 0
  on conflict (metric, week) do update set count = c.count + excluded.count;
  delete from public.admin_weekly_counts where count = 0;
$$;

-- Plays: +1 per inserted play, -1 per deleted play, in the week it was played.
create or replace function public.song_plays_weekly_insert() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'plays', 'week', w, 'delta', n))
       from (select public.utc_week(played_at) as w, count(*) as n from new_plays group by 1) g),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.song_plays_weekly_delete() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'plays', 'week', w, 'delta', -n))
       from (select public.utc_week(played_at) as w, count(*) as n from old_plays group by 1) g),
    '[]'::jsonb));
  return null;
end
$$;

drop trigger if exists song_plays_weekly_insert on public.song_plays;
create trigger song_plays_weekly_insert after insert on public.song_plays
  referencing new table as new_plays
  for each statement execute function public.song_plays_weekly_insert();

drop trigger if exists song_plays_weekly_delete on public.song_plays;
create trigger song_plays_weekly_delete after delete on public.song_plays
  referencing old table as old_plays
  for each statement execute function public.song_plays_weekly_delete();

-- The catalogue: a song inserted into the catalogue counts in the week of its
-- created_at (imported history keeps its dates); a song that enters or leaves
-- it later (published, archived, restored, deleted) counts in the week it happens.
create or replace function public.songs_weekly_insert() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'catalogue', 'week', w, 'delta', n))
       from (select public.utc_week(created_at) as w, count(*) as n from new_songs where status = 'catalogue' group by 1) g),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.songs_weekly_delete() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'catalogue', 'week', public.utc_week(now()), 'delta', -n))
       from (select count(*) as n from old_songs where status = 'catalogue') g where n > 0),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.songs_weekly_update() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'catalogue', 'week', public.utc_week(now()), 'delta', d))
       from (select case when n.status = 'catalogue' then 1 else -1 end as d
               from old_songs o join new_songs n on n.id = o.id
              where (o.status = 'catalogue') <> (n.status = 'catalogue')) g),
    '[]'::jsonb));
  return null;
end
$$;

drop trigger if exists songs_weekly_insert on public.songs;
create trigger songs_weekly_insert after insert on public.songs
  referencing new table as new_songs
  for each statement execute function public.songs_weekly_insert();

drop trigger if exists songs_weekly_delete on public.songs;
create trigger songs_weekly_delete after delete on public.songs
  referencing old table as old_songs
  for each statement execute function public.songs_weekly_delete();

drop trigger if exists songs_weekly_update on public.songs;
create trigger songs_weekly_update after update on public.songs
  referencing old table as old_songs new table as new_songs
  for each statement execute function public.songs_weekly_update();

-- Applications: one count in the week an application is submitted (inserted
-- already submitted, or its submitted_at set or changed by a resubmission).
create or replace function public.applications_weekly_insert() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'applications', 'week', w, 'delta', n))
       from (select public.utc_week(submitted_at) as w, count(*) as n from new_applications where submitted_at is not null group by 1) g),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.applications_weekly_update() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'applications', 'week', w, 'delta', n))
       from (select public.utc_week(n.submitted_at) as w, count(*) as n
               from old_applications o join new_applications n on n.id = o.id
              where n.submitted_at is not null and n.submitted_at is distinct from o.submitted_at
              group by 1) g),
    '[]'::jsonb));
  return null;
end
$$;

drop trigger if exists applications_weekly_insert on public.applications;
create trigger applications_weekly_insert after insert on public.applications
  referencing new table as new_applications
  for each statement execute function public.applications_weekly_insert();

drop trigger if exists applications_weekly_update on public.applications;
create trigger applications_weekly_update after update on public.applications
  referencing old table as old_applications new table as new_applications
  for each statement execute function public.applications_weekly_update();

-- Members: one count in the week a person becomes a member (a profile created
-- with a role counts in the week of its created_at; a role given later, now).
create or replace function public.profiles_weekly_insert() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'members', 'week', w, 'delta', n))
       from (select public.utc_week(created_at) as w, count(*) as n from new_profiles where role is not null group by 1) g),
    '[]'::jsonb));
  return null;
end
$$;

create or replace function public.profiles_weekly_update() returns trigger
language plpgsql as $$
begin
  perform public.admin_weekly_counts_apply(coalesce(
    (select jsonb_agg(jsonb_build_object('metric', 'members', 'week', public.utc_week(now()), 'delta', n))
       from (select count(*) as n
               from old_profiles o join new_profiles n on n.id = o.id
              where o.role is null and n.role is not null) g where n > 0),
    '[]'::jsonb));
  return null;
end
$$;

drop trigger if exists profiles_weekly_insert on public.profiles;
create trigger profiles_weekly_insert after insert on public.profiles
  referencing new table as new_profiles
  for each statement execute function public.profiles_weekly_insert();

drop trigger if exists profiles_weekly_update on public.profiles;
create trigger profiles_weekly_update after update on public.profiles
  referencing old table as old_profiles new table as new_profiles
  for each statement execute function public.profiles_weekly_update();

-- What was stored before this migration.
insert into public.admin_weekly_counts (metric, week, count)
select metric, week, count(*)::int from (
  select 'catalogue' as metric, public.utc_week(created_at) as week from public.songs where status = 'catalogue'
  union all select 'applications', public.utc_week(submitted_at) from public.applications where submitted_at is not null
  union all select 'members', public.utc_week(created_at) from public.profiles where role is not null
) d group by metric, week
on conflict (metric, week) do nothing;
