-- Split sheets' version (issue 13, ADR 0090). Saving a split sheet replaces
-- its rows and clears every confirmation; a confirmation names the rows it
-- saw by id AND the version it saw, both checked in the transaction that
-- holds the camp song's row lock, so an edit and a confirmation racing never
-- leave a confirmation on rows the confirming member did not see, and two
-- people saving the sheet at once cannot silently overwrite each other.
-- Runs unchanged on PGlite (PG 18), PostgreSQL 15 and Supabase.

alter table public.camp_songs add column if not exists split_version integer not null default 0;
