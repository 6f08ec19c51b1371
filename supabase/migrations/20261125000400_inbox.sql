-- The inbox (issue 10): notices that are not secrets (a member getting in
-- touch; later application decisions, offers, approvals, brief answers, camp
-- invitations) reach their recipient inside the app, with or without a mail
-- server. docs/decisions/0066-inbox.md
--
-- Codes, recovery links and anything else that proves who someone is never go
-- here: they go through the messages port to the recipient's own address.
create table if not exists public.notices (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references auth.users (id) on delete cascade,
  -- Who wrote it (a member getting in touch); null for the app's own notices
  -- and once the sender's account is gone.
  sender_id uuid references auth.users (id) on delete set null,
  -- The sender's name as it was when the notice was sent: it still reads
  -- "from Maya" after her account is deleted.
  sender_name text check (sender_name is null or char_length(sender_name) between 1 and 100),
  kind text not null check (kind in ('contact', 'decision', 'offer', 'approval', 'brief', 'camp', 'system')),
  subject text not null check (char_length(subject) between 1 and 200),
  body text not null check (char_length(body) between 1 and 4000),
  -- A path inside the app only: "/..." but never "//host" or "/\host" (a
  -- browser would leave the site), no scheme, no spaces or control characters.
  link text check (link is null or (char_length(link) <= 500 and link ~ '^/([^/\\[:space:][:cntrl:]][^\\[:space:][:cntrl:]]*)?$')),
  -- What makes a repeat the same notice (a double-submitted form): a hash the
  -- sender's side computes; see deliverNotice's `dedupe`.
  dedupe_key text check (dedupe_key is null or char_length(dedupe_key) between 1 and 100),
  read_at timestamptz,
  created_at timestamptz not null default now()
);

-- The inbox page: one person's notices, newest first (id breaks ties).
create index if not exists notices_recipient_created_idx on public.notices (recipient_id, created_at desc, id desc);
-- The header badge on every page: a count over the unread ones only.
create index if not exists notices_recipient_unread_idx on public.notices (recipient_id) where read_at is null;
-- Repeats within the dedupe window are found by sender and key.
create index if not exists notices_sender_dedupe_idx on public.notices (sender_id, dedupe_key, created_at desc) where dedupe_key is not null;

alter table public.notices enable row level security;
