-- Codes that confirm a new e-mail address or phone number of a signed-in
-- account (AuthClient.requestContactChange / confirmContactChange): sent to
-- the NEW address, so it is proven before it becomes the account's.
alter table auth.one_time_codes drop constraint if exists one_time_codes_purpose_check;
alter table auth.one_time_codes
  add constraint one_time_codes_purpose_check
  check (purpose in ('confirmation', 'login', 'recovery', 'email_change', 'phone_change'));
