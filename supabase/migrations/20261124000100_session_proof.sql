-- When the person behind a session last proved control of their e-mail or
-- phone with a one-time code (a recovery or a code sign-in). A password may be
-- changed without the current one only within 10 minutes of that, in that
-- session (app/auth/password-change.server.ts).
alter table public.session_activity add column if not exists code_verified_at timestamptz;
