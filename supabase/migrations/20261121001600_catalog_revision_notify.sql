-- Each catalogue revision is also announced (NOTIFY catalog_revision, payload
-- the new revision), so a process that owns its database, the embedded PGlite
-- default, keeps the revision in memory instead of reading it on every request
-- (app/catalog/search-cache.server.ts, docs/decisions/0056-postings.md).
-- Notifications are delivered on commit, in commit order; never for a rollback.
create or replace function public.catalog_revision_bump() returns trigger
language plpgsql as $$
declare
  current bigint;
begin
  update public.catalog_revision set revision = revision + 1 where id returning revision into current;
  perform pg_notify('catalog_revision', current::text);
  return null;
end
$$;
