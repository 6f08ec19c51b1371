/**
 * The live room in the browser: the loader's snapshot, kept current by the
 * room's event stream (EventSource reconnects by itself and resumes from the
 * last seq it saw, Last-Event-ID). A newer snapshot (a revalidation) replaces
 * the state; an older one is ignored.
 */
import { useEffect, useReducer, useRef, useState } from "react";
import { partyEventsPath } from "./constants";
import { applyEvent, ROOM_EVENT_TYPES, type RoomEvent, type RoomState } from "./room-state";
import { createDebug } from "~/enhance/debug/debug";

/** The event stream's life and each event's type and seq (never its content), for the dev tools and debug=1. */
const debugStream = createDebug("party");

type Action = { kind: "event"; event: RoomEvent } | { kind: "snapshot"; state: RoomState };

/**
 * "closed": the server answered the stream with no room to follow (204 for an
 * ended party, 404 for a removed listener) and EventSource gave up for good;
 * the page's loader says what happened.
 */
export type Connection = "connecting" | "open" | "reconnecting" | "closed";

export function useRoom(partyId: string, snapshot: RoomState, viewerId: string, enabled: boolean) {
  const [state, dispatch] = useReducer((current: RoomState, action: Action) => {
    if (action.kind === "snapshot") return action.state.seq > current.seq ? action.state : current;
    return applyEvent(current, action.event, viewerId);
  }, snapshot);
  const [connection, setConnection] = useState<Connection>("connecting");
  const startSeq = useRef(snapshot.seq);

  useEffect(() => dispatch({ kind: "snapshot", state: snapshot }), [snapshot]);

  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(`${partyEventsPath(partyId)}?after=${startSeq.current}`);
    const onEvent = (message: MessageEvent<string>) => {
      try {
        dispatch({ kind: "event", event: JSON.parse(message.data) as RoomEvent });
        debugStream("event", { type: message.type, seq: message.lastEventId });
      } catch {
        // A malformed frame is skipped; the next one carries on.
        debugStream("malformed event skipped", { type: message.type });
      }
    };
    for (const type of ROOM_EVENT_TYPES) source.addEventListener(type, onEvent as EventListener);
    source.onopen = () => {
      debugStream("event stream open", { partyId });
      setConnection("open");
    };
    source.onerror = () => {
      // CONNECTING: EventSource retries by itself. CLOSED: it never will (a 204, a 404, a wrong type).
      const closed = source.readyState === EventSource.CLOSED;
      debugStream(closed ? "event stream closed by the server" : "event stream lost, reconnecting", { partyId });
      setConnection(closed ? "closed" : "reconnecting");
    };
    return () => source.close();
  }, [partyId, enabled]);

  return { state, connection };
}
