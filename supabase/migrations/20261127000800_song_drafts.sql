-- Draft songs (issue 12 §7, ADR 0085): audio an admin uploaded in bulk on
-- /admin/audio becomes a song with status 'draft'. Drafts stay out of the
-- public catalogue, the search, its facets and counts without any change
-- there: every listing, search trigger and count reads status = 'catalogue'
-- only. Publishing turns a draft into a catalogue song; deleting a draft
-- removes the row (and the app removes its file).
-- Runs unchanged on PGlite (PG 18), PostgreSQL 15 and Supabase.

-- songs.status also allows 'draft'. The status check was declared inline in
-- 20261121001000_songs.sql, so its name is PostgreSQL's (songs_status_check);
-- it is found by the column it checks, not by that name, and replaced.
do $$
declare
  existing record;
begin
  for existing in
    select c.conname
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
     where c.conrelid = 'public.songs'::regclass
       and c.contype = 'c'
       and a.attname = 'status'
       and cardinality(c.conkey) = 1
  loop
    execute format('alter table public.songs drop constraint %I', existing.conname);
  end loop;
end
$$;

alter table public.songs add constraint songs_status_check check (status in ('catalogue', 'archived', 'draft'));

-- What a draft carries beyond the song: who uploaded which file, the artist
-- its tags named (a hint for the credits, never a credit by itself), and the
-- catalogue fields its tags did not give (stored as placeholders so the
-- song's NOT NULL columns hold, and asked for again before publishing).
create table if not exists public.song_drafts (
  song_id uuid primary key references public.songs (id) on delete cascade,
  uploaded_by uuid references auth.users (id) on delete set null,
  uploaded_by_name text not null default '' check (char_length(uploaded_by_name) <= 200),
  source_file_name text not null check (char_length(source_file_name) between 1 and 255),
  tag_artist text check (char_length(tag_artist) <= 200),
  missing text[] not null default '{}' check (missing <@ array['genre', 'bpm', 'musical_key']::text[]),
  created_at timestamptz not null default now()
);

create index if not exists song_drafts_newest_idx on public.song_drafts (created_at desc, song_id);
create index if not exists songs_draft_idx on public.songs (created_at desc, id) where status = 'draft';

alter table public.song_drafts enable row level security;

-- A placeholder field stops being missing once someone changes it (the
-- catalogue editor, /admin/catalog/:songId, edits drafts too).
create or replace function public.song_drafts_clear_missing() returns trigger
language plpgsql as $$
begin
  update public.song_drafts d
     set missing = array(
           select m from unnest(d.missing) as m
            where not ((m = 'genre' and new.genre is distinct from old.genre)
                    or (m = 'bpm' and new.bpm is distinct from old.bpm)
                    or (m = 'musical_key' and new.musical_key is distinct from old.musical_key)))
   where d.song_id = new.id and cardinality(d.missing) > 0;
  return null;
end
$$;

drop trigger if exists songs_draft_clear_missing on public.songs;
create trigger songs_draft_clear_missing
  after update of genre, bpm, musical_key on public.songs
  for each row when (new.status = 'draft')
  execute function public.song_drafts_clear_missing();
