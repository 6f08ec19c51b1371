-- Featured members and the curated landing page (issue 12 §2 and §3,
-- docs/decisions/0081-member-featuring-and-showcase-curation.md).
--
-- profiles.featured_at: when an admin featured the member (null = not
-- featured). Featured members come first in the directory with a badge.
--
-- showcase_tracks:
--   landing_position  where the track stands on the landing page (1 = first;
--                     null = not on it). Unique when set: a deferrable unique
--                     constraint (NULLs never collide), checked at the end of
--                     each statement, so one UPDATE can renumber the whole
--                     list. Every change to the list takes one advisory lock
--                     (public.showcase_landing_lock) and renumbers 1..n in
--                     the same transaction (app/admin/showcase.server.ts).
--   hidden_at/by      an admin hid the track: it leaves the public profile,
--                     the landing page and every listing; its member still
--                     sees it on /showcase, marked. A hidden track is never on
--                     the landing page (the check below).

alter table public.profiles add column if not exists featured_at timestamptz;

-- The directory's featured strip: only featured, listed profiles (a handful).
create index if not exists profiles_featured_idx
  on public.profiles (featured_at desc, user_id)
  where featured_at is not null and public_profile and role is not null and display_name is not null;

alter table public.showcase_tracks add column if not exists landing_position smallint;
alter table public.showcase_tracks add column if not exists hidden_at timestamptz;
alter table public.showcase_tracks add column if not exists hidden_by uuid references auth.users (id) on delete set null;

do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'showcase_tracks_landing_position_key') then
    alter table public.showcase_tracks
      add constraint showcase_tracks_landing_position_key unique (landing_position) deferrable initially immediate;
  end if;
  if not exists (select 1 from pg_constraint where conname = 'showcase_tracks_landing_position_check') then
    alter table public.showcase_tracks
      add constraint showcase_tracks_landing_position_check check (landing_position is null or landing_position between 1 and 100);
  end if;
  if not exists (select 1 from pg_constraint where conname = 'showcase_tracks_hidden_not_on_landing') then
    alter table public.showcase_tracks
      add constraint showcase_tracks_hidden_not_on_landing check (hidden_at is null or landing_position is null);
  end if;
end
$$;

-- The admin list's "hidden" filter.
create index if not exists showcase_tracks_hidden_idx on public.showcase_tracks (hidden_at desc) where hidden_at is not null;

-- Serialises every change to the landing page's list until the transaction ends.
create or replace function public.showcase_landing_lock() returns void
language sql volatile as $$
  select pg_advisory_xact_lock(hashtextextended('showcase_tracks:landing', 0));
$$;
