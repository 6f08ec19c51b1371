-- Pitching metadata on songs (issue 11: the A&R desk's facets; PRODUCT-NOTES
-- "Catalogue and pitching"): the vocal a song carries and whether its lyrics
-- are explicit. Nullable vocal type: a song whose vocal nobody recorded has
-- none, and passes no vocal-type filter. The facets themselves (counts,
-- postings) are generated from app/catalog/facets.ts in a later migration.
alter table public.songs add column if not exists vocal_type text
  check (vocal_type in ('female', 'male', 'duet', 'group', 'instrumental'));
alter table public.songs add column if not exists explicit boolean not null default false;
