-- Member profiles (SPEC section 3) plus what a public profile needs.
-- One row per auth user; the role is null while a signed-up user is still applying.
create table if not exists public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  role text check (role in ('accepted_ar', 'accepted_member', 'admin')),
  display_name text check (char_length(display_name) <= 100),
  public_profile boolean not null default false,
  is_admin boolean not null default false,
  has_seen_decision_banner boolean not null default false,
  onboarding_completed boolean not null default false,
  onboarding_skipped boolean not null default false,
  onboarding_current_step integer not null default 0 check (onboarding_current_step between 0 and 7),
  onboarding_started_at timestamptz,
  onboarding_completed_at timestamptz,
  first_login_after_acceptance timestamptz,
  bio text check (char_length(bio) <= 1000),
  avatar_url text,
  location text check (char_length(location) <= 100),
  skills text[] not null default '{}',
  genres text[] not null default '{}',
  links jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index if not exists profiles_public_idx on public.profiles (public_profile) where public_profile;

-- Row-level security on every public table: a Supabase project that exposes
-- PostgREST leaks nothing. The app's own connection enforces access in code.
alter table public.profiles enable row level security;
