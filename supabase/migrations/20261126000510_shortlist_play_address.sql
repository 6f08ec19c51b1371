-- Faked plays on shared shortlists (docs/decisions/0074-shortlists-and-share-links.md):
-- a counted play records an HMAC (hex) of the network address that reported it, so
-- counted plays can be capped per link, song, address and day (PLAYS_PER_ADDRESS_PER_DAY).
-- Never the address itself. Null on rows not counted (or counted before this column).
alter table public.shortlist_plays add column if not exists address_key text
  check (address_key is null or address_key ~ '^[0-9a-f]{64}$');

create index if not exists shortlist_plays_address_idx on public.shortlist_plays (share_id, song_id, address_key, day)
  where counted_at is not null;
