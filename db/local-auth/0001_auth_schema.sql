-- The embedded auth schema: the parts of Supabase's `auth` schema this product
-- uses, with the same names, so product tables reference auth.users(id) on
-- both the embedded default and a Supabase project. Applied only when the local
-- auth adapter runs; a Supabase project has the real schema.
create schema if not exists auth;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text,
  phone text,
  encrypted_password text,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  email_confirmed_at timestamptz,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_or_phone check (email is not null or phone is not null)
);

create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;
create unique index if not exists users_phone_key on auth.users (phone) where phone is not null;
