-- Briefs (issue 11, item 5): an approved A&R posts a request ("uptempo pop,
-- female vocal, by Friday") that members answer with a catalogue song they
-- are credited on, or with a new submission; the A&R listens to the answers
-- and rates each with the feedback scale (app/shortlists/ratings.ts).
-- docs/decisions/0076-briefs.md
--
-- The limits mirror app/briefs/brief-schema.ts (the zod schemas): the
-- database refuses what the forms refuse, whoever writes.

create table if not exists public.briefs (
  id uuid primary key default gen_random_uuid(),
  -- The A&R who posted it; their briefs go with their account.
  ar_id uuid not null references auth.users (id) on delete cascade,
  -- Who the brief is for, as members read it (a label, a publisher, an artist's
  -- team): named by the A&R when posting, never their e-mail address.
  company text not null check (char_length(company) between 1 and 120),
  title text not null check (char_length(title) between 3 and 120),
  body text not null check (char_length(body) between 1 and 2000),
  genre text check (genre is null or char_length(genre) between 1 and 60),
  -- The last day answers are taken (inclusive), in UTC; null: until closed.
  deadline date,
  status text not null default 'open' check (status in ('open', 'closed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The A&R's list: their briefs, newest first.
create index if not exists briefs_ar_created_idx on public.briefs (ar_id, created_at desc, id desc);
-- The members' list and the dashboard: open briefs only.
create index if not exists briefs_open_idx on public.briefs (deadline asc nulls last, created_at desc) where status = 'open';

alter table public.briefs enable row level security;

create table if not exists public.brief_answers (
  id uuid primary key default gen_random_uuid(),
  brief_id uuid not null references public.briefs (id) on delete cascade,
  member_id uuid not null references auth.users (id) on delete cascade,
  -- Exactly one of the two: a catalogue song the member is credited on, or a
  -- submission they sent for this brief (submitted in the same transaction).
  song_id uuid references public.songs (id) on delete cascade,
  submission_id uuid references public.submissions (id) on delete cascade,
  note text not null default '' check (char_length(note) <= 1000),
  -- The brief's A&R's feedback (FEEDBACK_RATINGS); members see only that it was heard.
  rating text check (rating in ('keeper', 'maybe', 'needs_work', 'pass')),
  rated_at timestamptz,
  created_at timestamptz not null default now(),
  constraint brief_answers_one_source check ((song_id is null) <> (submission_id is null)),
  constraint brief_answers_rated_together check ((rating is null) = (rated_at is null)),
  -- One answer per member per brief per song; a submission answers one brief once.
  constraint brief_answers_song_key unique (brief_id, member_id, song_id),
  constraint brief_answers_submission_key unique (submission_id)
);

-- The A&R's answers page, in the order they came.
create index if not exists brief_answers_brief_idx on public.brief_answers (brief_id, created_at, id);
-- A member's own answers (the brief page, the dashboard's counts).
create index if not exists brief_answers_member_idx on public.brief_answers (member_id, brief_id);
-- Foreign keys are not indexed by PostgreSQL: deleting a song finds its answers here.
create index if not exists brief_answers_song_idx on public.brief_answers (song_id) where song_id is not null;

alter table public.brief_answers enable row level security;

-- Song submissions (20261126000600) name the brief they answer; the key waited
-- for this table. A deleted brief leaves the submission, answering nothing.
alter table public.submissions
  add constraint submissions_brief_id_fkey foreign key (brief_id) references public.briefs (id) on delete set null;
-- (submissions_brief_idx, made with the table, indexes the key.)
