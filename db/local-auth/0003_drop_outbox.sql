-- Messages are no longer kept in the database: they go through the messages
-- port (app/platform/messages), to a real transport or, with none configured,
-- to DATA_DIR/messages/outbox.jsonl (0600) and the server log. No page lists
-- them: the table fed /auth/outbox, which showed codes to whoever asked for
-- one (docs/decisions/0034-messages-port.md). Its rows held live codes in
-- clear text, so they go with it.
drop table if exists auth.outbox;
