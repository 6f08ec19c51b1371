-- The audit log as the overview lists it (ADR 0079): newest first by id (the
-- keyset of "Older entries"), filtered by who, what action or what kind of
-- record. These indexes follow that order exactly, so a filtered page reads
-- its 25 entries from the index instead of sorting every match, and the "who"
-- menu finds each actor with one index probe (a loose index scan), however
-- long the log grows.
create index if not exists admin_audit_log_actor_id_idx on public.admin_audit_log (actor_id, id desc);
create index if not exists admin_audit_log_action_id_idx on public.admin_audit_log (action, id desc);
create index if not exists admin_audit_log_target_id_idx on public.admin_audit_log (target_type, target_id, id desc);
create index if not exists admin_audit_log_target_type_id_idx on public.admin_audit_log (target_type, id desc);
