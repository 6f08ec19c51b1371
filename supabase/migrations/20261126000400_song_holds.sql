-- Holds (issue 11, the A&R desk; docs/decisions/0073-pitching-search-and-holds.md):
-- an approved A&R asks the publisher to keep a song for them (not pitch it
-- elsewhere) for a while; an admin grants it until a date or declines it.
--
-- status: requested (waiting for an admin), granted (until expires_at),
-- declined, released (the A&R let it go, or withdrew the request), expired
-- (a granted hold past expires_at, written when the song's holds are next
-- changed; reads treat a granted hold past its date as expired already).
create table if not exists public.song_holds (
  id uuid primary key default gen_random_uuid(),
  song_id uuid not null references public.songs (id) on delete cascade,
  ar_id uuid not null references auth.users (id) on delete cascade,
  status text not null default 'requested'
    check (status in ('requested', 'granted', 'declined', 'released', 'expired')),
  -- The A&R's note with the request (what for: artist, project); sanitised, at most 1000 characters.
  note text not null default '' check (char_length(note) <= 1000),
  -- The admin's answer (required when declining); at most 1000 characters.
  response_note text check (response_note is null or char_length(response_note) <= 1000),
  requested_at timestamptz not null default now(),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  expires_at timestamptz,
  released_at timestamptz,
  -- A request has no answer; a granted, declined or expired hold has its time (decided_by may
  -- go with the admin's account); a released one may have been withdrawn before any answer.
  constraint song_holds_answer check (
    (status <> 'requested' or decided_at is null) and (status not in ('granted', 'declined', 'expired') or decided_at is not null)),
  -- A granted hold (and one that ran out or was released after the grant) has an end after its grant.
  constraint song_holds_grant_end check (status not in ('granted', 'expired') or (expires_at is not null and expires_at > decided_at)),
  constraint song_holds_declined_note check (status <> 'declined' or char_length(coalesce(response_note, '')) > 0),
  constraint song_holds_released check ((status = 'released') = (released_at is not null))
);

-- One open hold (requested or granted) per song per A&R: a second request is refused.
create unique index if not exists song_holds_one_open_idx on public.song_holds (song_id, ar_id)
  where status in ('requested', 'granted');
-- A song is held for one A&R at a time: a second grant is refused (past-due grants are expired first).
create unique index if not exists song_holds_one_granted_idx on public.song_holds (song_id) where status = 'granted';
-- An A&R's holds (/ar/holds, the desk's summary), newest first.
create index if not exists song_holds_ar_idx on public.song_holds (ar_id, requested_at desc, id desc);
-- The admins' queue (/admin/holds), by status, oldest request first.
create index if not exists song_holds_status_idx on public.song_holds (status, requested_at, id);
-- The song page's holds.
create index if not exists song_holds_song_idx on public.song_holds (song_id, requested_at desc);

alter table public.song_holds enable row level security;

-- The pitching search's writer filter (app/catalog/search.server.ts writerSongs):
-- songs crediting a member, or a credit name, in a writing role. Partial on the
-- writing roles (the filter names them as literals), with the song id, so the
-- lookup reads the index alone.
create index if not exists song_credits_writer_member_idx on public.song_credits (member_id, song_id)
  where member_id is not null and role in ('writer', 'topliner', 'composer', 'lyricist');
create index if not exists song_credits_writer_name_idx on public.song_credits (lower(name), song_id)
  where role in ('writer', 'topliner', 'composer', 'lyricist');
