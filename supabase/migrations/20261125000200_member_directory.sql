-- The member directory (/members) at 10,000 members and more (issue 10,
-- docs/decisions/0062-member-directory.md).
--
-- Every directory query starts from the same "listed" rows: a public profile
-- of a member (role accepted_member, accepted_ar or admin: applicants have
-- no role) that has a name. The indexes below are partial on exactly that
-- predicate, so they hold only the rows the directory can show, and each
-- query of app/members/members.server.ts repeats it word for word (the
-- planner uses a partial index only when the query implies its predicate).
--
--   sort by name (A-Z, the default)      profiles_directory_name_idx, read in order
--   name search: the start of a name     profiles_directory_name_prefix_idx (text_pattern_ops:
--                                        LIKE 'abc%' on any collation)
--   name search: any part of a name      profiles_directory_name_trgm_idx (pg_trgm on
--                                        lower(display_name); the whole-table index of
--                                        /search on display_name is four times the cost
--                                        to the planner, which then walks the table instead)
--   newest / longest-standing members    profiles_directory_since_idx, read forwards or backwards
--   skill and genre filters              GIN on the text[] columns (skills @> array['producer'])
--   location filter (any part)           GIN pg_trgm on lower(location)

-- INCLUDE display_name: a deep page is found by an index-only scan (the planner
-- needs the column lower() reads), then only its 24 rows are read from the table.
create index if not exists profiles_directory_name_idx
  on public.profiles (lower(display_name), user_id) include (display_name)
  where public_profile and role is not null and display_name is not null;

create index if not exists profiles_directory_name_prefix_idx
  on public.profiles (lower(display_name) text_pattern_ops)
  where public_profile and role is not null and display_name is not null;

create index if not exists profiles_directory_name_trgm_idx
  on public.profiles using gin (lower(display_name) gin_trgm_ops)
  where public_profile and role is not null and display_name is not null;

create index if not exists profiles_directory_since_idx
  on public.profiles (created_at, user_id)
  where public_profile and role is not null and display_name is not null;

create index if not exists profiles_directory_skills_idx
  on public.profiles using gin (skills)
  where public_profile and role is not null and display_name is not null;

create index if not exists profiles_directory_genres_idx
  on public.profiles using gin (genres)
  where public_profile and role is not null and display_name is not null;

create index if not exists profiles_directory_location_trgm_idx
  on public.profiles using gin (lower(location) gin_trgm_ops)
  where public_profile and role is not null and display_name is not null;

-- A member page lists the catalogue songs that credit the member:
-- song_credits_member_idx (migration 20261121001000) answers that already.
