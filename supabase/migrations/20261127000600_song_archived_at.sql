-- When a song was archived (issue 12 §5, ADR 0083). Until now the archive
-- showed updated_at as the archiving date, which any later edit of an
-- archived song moved. archived_at is kept by a trigger, so every writer
-- (archiveSong in app/admin/archive.server.ts, the demo seed, an import)
-- gets it right without knowing about it: set when a song becomes archived,
-- cleared when it leaves the archive, untouched by other edits.

alter table public.songs add column if not exists archived_at timestamptz;

-- Songs archived before this column existed: their last change is the best
-- record of their archiving there is.
update public.songs set archived_at = updated_at where status = 'archived' and archived_at is null;

create or replace function public.songs_keep_archived_at() returns trigger
language plpgsql as $$
begin
  if new.status = 'archived' then
    if tg_op = 'INSERT' then
      -- A song inserted already archived (the demo seed, an import) may say when.
      new.archived_at := coalesce(new.archived_at, new.updated_at, now());
    elsif old.status is distinct from 'archived' then
      new.archived_at := now();
    end if;
  else
    new.archived_at := null;
  end if;
  return new;
end
$$;

drop trigger if exists songs_keep_archived_at on public.songs;
create trigger songs_keep_archived_at
  before insert or update of status, archived_at on public.songs
  for each row execute function public.songs_keep_archived_at();

-- The archive lists archived songs newest archived first, and counts by date.
create index if not exists songs_archived_newest_idx on public.songs (archived_at desc, id) where status = 'archived';
