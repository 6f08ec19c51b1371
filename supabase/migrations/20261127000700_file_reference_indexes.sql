-- /admin/files (issue 12 §6, ADR 0084) asks, a thousand stored paths at a
-- time, which rows use each file (app/files/references.server.ts). The
-- showcase, application and submission tracks already have unique
-- (audio_bucket, audio_path) indexes and song_versions one on audio_path;
-- these give the other registered columns one, so that question stays an
-- index lookup at 100,000 songs instead of a scan of the table per page.
-- Runs unchanged on PGlite, PostgreSQL 15 and Supabase.
create index if not exists songs_audio_path_idx on public.songs (audio_path);
create index if not exists songs_artwork_path_idx on public.songs (artwork_path) where artwork_path is not null;
create index if not exists profiles_avatar_url_idx on public.profiles (avatar_url) where avatar_url is not null;
