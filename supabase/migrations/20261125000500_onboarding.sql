-- Onboarding per session (SPEC §4 "Onboarding"; docs/decisions/0068-tour-routes-and-no-js-tour.md).
-- The person's progress (step, completed, skipped, timestamps) lives on
-- public.profiles, as SPEC §3 lists it. What belongs to one signed-in
-- session lives here, beside that session's clock:
--   onboarding_welcome_shown_at  when the welcome modal was first shown in this
--                                session (it shows once per session);
--   onboarding_tour_active       the tour is running in this session: every page
--                                renders the overlay for the stored step, with
--                                or without JavaScript;
--   onboarding_requested_at      the person restarted the tour from their settings
--                                in this session: the welcome shows again even
--                                after the first-week window has closed.
-- session_activity already has row level security enabled (20261121000202).
alter table public.session_activity add column if not exists onboarding_welcome_shown_at timestamptz;
alter table public.session_activity add column if not exists onboarding_tour_active boolean not null default false;
alter table public.session_activity add column if not exists onboarding_requested_at timestamptz;
