-- Alternate versions of a catalogue song (issue 12 §4, docs/decisions/0082-admin-catalogue.md):
-- an instrumental, an a cappella, a clean edit and the stems, at most one of
-- each kind per song, each one audio file in the 'audio' bucket with its
-- storage_objects row, like the song's own audio. A version goes with its song
-- (on delete cascade); the app removes the file after the row's transaction
-- commits (app/catalog/versions.server.ts), so no row ever points at a missing
-- file. /admin/files counts song_versions.audio_path as a reference.
create table if not exists public.song_versions (
  id uuid primary key default gen_random_uuid(),
  song_id uuid not null references public.songs (id) on delete cascade,
  kind text not null check (kind in ('instrumental', 'acappella', 'clean', 'stems')),
  audio_path text not null check (char_length(audio_path) between 1 and 500),
  duration_seconds double precision not null check (duration_seconds > 0 and duration_seconds <= 3600),
  size_bytes bigint not null check (size_bytes > 0),
  created_at timestamptz not null default now(),
  unique (song_id, kind)
);

create unique index if not exists song_versions_audio_path_idx on public.song_versions (audio_path);

alter table public.song_versions enable row level security;
