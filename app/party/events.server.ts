/**
 * A room's ordered event log (issue 14, ADR 0092): what every browser in the
 * room is sent, numbered 1, 2, 3... per party.
 *
 * An event is written by the transaction that makes the change it announces:
 * it bumps parties.event_seq (which takes the room's row lock until commit,
 * so the room's transactions commit in seq order), keeps the event in
 * party_events (a browser that reconnects, or a server whose listening
 * connection dropped, reads what it missed there) and NOTIFYs PARTY_CHANNEL,
 * which PostgreSQL delivers to every server instance only if and when the
 * transaction commits. A rolled-back change announces nothing and uses no seq.
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "~/platform/db/schema";

export interface PartyEvent {
  partyId: string;
  seq: number;
  type: string;
  data: Record<string, unknown>;
  /** ISO server time at which the event was written. */
  at: string;
}

/** A NOTIFY that carries only where to read the event (it was too large to carry it). */
export interface PartyEventRef {
  partyId: string;
  seq: number;
  ref: true;
}

export const PARTY_CHANNEL = "party_events";

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; below this the
 * event itself travels, above it a reference, and listeners read the row.
 */
export const PARTY_NOTIFY_MAX_BYTES = 7000;

/** Default page of a replay; a longer gap is read in several pages. */
export const PARTY_EVENTS_PAGE = 500;

// Both sides format the time alike, so a live event and its replay compare equal.
const ISO_AT = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * In the caller's transaction: takes the next seq of the room, stores the
 * event and notifies PARTY_CHANNEL (delivered on commit). One statement, so
 * the room's row lock is held no longer than the change itself needs.
 *
 * `data` travels as JSON: what subscribers receive is JSON.parse(JSON.stringify(data)),
 * which is what this returns too.
 */
export async function emitPartyEvent(tx: Kysely<DB>, partyId: string, type: string, data: Record<string, unknown>): Promise<PartyEvent> {
  const json = JSON.stringify(data);
  // The notification is built by the database because seq and time are only
  // known there; `::json` (not jsonb) keeps the caller's text, keys in order.
  // clock_timestamp(), not now(): a transaction that waited for the room's lock
  // gets a later seq, and its time should not read earlier than its predecessor's.
  const result = await sql<{ seq: number; at: string }>`
    with bumped as (
      update parties set event_seq = event_seq + 1 where id = ${partyId} returning event_seq
    ), inserted as (
      insert into party_events (party_id, seq, type, data, created_at)
      select ${partyId}::uuid, event_seq, ${type}, ${json}::jsonb, clock_timestamp() from bumped
      returning seq, ${ISO_AT("created_at")} as at
    ), payload as (
      select seq, at,
        json_build_object('partyId', ${partyId}::text, 'seq', seq, 'type', ${type}::text, 'data', ${json}::json, 'at', at)::text as event
      from inserted
    )
    select seq, at,
      pg_notify(${PARTY_CHANNEL}, case
        when octet_length(event) < ${PARTY_NOTIFY_MAX_BYTES} then event
        else json_build_object('partyId', ${partyId}::text, 'seq', seq, 'ref', true)::text
      end)
    from payload
  `.execute(tx);
  const row = result.rows[0];
  if (!row) throw new Error(`There is no party ${partyId} to emit "${type}" in.`);
  return { partyId, seq: Number(row.seq), type, data: JSON.parse(json) as Record<string, unknown>, at: row.at };
}

/** The room's events after `afterSeq`, in order, at most `limit` of them (the primary key's range). */
export async function eventsAfter(db: Kysely<DB>, partyId: string, afterSeq: number, limit = PARTY_EVENTS_PAGE): Promise<PartyEvent[]> {
  const rows = await db
    .selectFrom("party_events")
    .select(["seq", "type", "data", ISO_AT("created_at").as("at")])
    .where("party_id", "=", partyId)
    .where("seq", ">", afterSeq)
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ partyId, seq: Number(row.seq), type: row.type, data: row.data, at: row.at }));
}

/** A NOTIFY payload on PARTY_CHANNEL: the event, or a reference to read it; undefined if it is neither. */
export function parsePartyNotification(payload: string): PartyEvent | PartyEventRef | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const message = value as Record<string, unknown>;
  if (typeof message.partyId !== "string" || typeof message.seq !== "number" || !Number.isSafeInteger(message.seq)) return undefined;
  if (message.ref === true) return { partyId: message.partyId, seq: message.seq, ref: true };
  if (typeof message.type !== "string" || typeof message.at !== "string" || !message.data || typeof message.data !== "object") return undefined;
  return { partyId: message.partyId, seq: message.seq, type: message.type, data: message.data as Record<string, unknown>, at: message.at };
}
