/**
 * The room as the browser holds it (ADR 0092): the page's snapshot, then each
 * server-sent event applied in seq order. Pure, so the reducer is tested
 * apart from React; browser-safe.
 */
import type { Timeline } from "./sync";

export interface QueueItemView {
  id: string;
  kind: "song" | "showcase" | "submission";
  /** The song, showcase track or submission it plays. */
  sourceId: string;
  title: string;
  artist: string;
  durationMs: number;
  addedById: string | null;
  addedBy: string;
  round: number;
  position: number;
  startedAt: string | null;
}

export interface MessageView {
  id: string;
  userId: string;
  name: string;
  kind: "chat" | "reaction";
  body: string;
  at: string;
}

export interface ListenerView {
  userId: string;
  name: string;
  playback: "ready" | "buffering";
  present: boolean;
}

/** A song the room may add (a search result). */
export interface SourceOptionView {
  kind: "song" | "showcase" | "submission";
  id: string;
  title: string;
  artist: string;
  durationMs: number;
}

/** One song of an ended party's outcome. */
export interface ResultView {
  itemId: string;
  rank: number;
  title: string;
  artist: string;
  kind: "song" | "showcase" | "submission";
  sourceId: string;
  keepers: number;
  maybes: number;
  passes: number;
  score: number;
  shortlisted: boolean;
}

export interface RoomState {
  seq: number;
  status: "scheduled" | "live" | "ended";
  hostId: string | null;
  hostName: string;
  coHostId: string | null;
  coHostName: string | null;
  hostAwaySince: string | null;
  timeline: Timeline;
  current: QueueItemView | null;
  upNext: QueueItemView[];
  played: QueueItemView[];
  messages: MessageView[];
  listeners: ListenerView[];
  /** The viewer was removed by the host (the page then reloads to say so). */
  removed: boolean;
}

export interface RoomEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

const MESSAGES_KEPT = 100;

export function applyEvent(state: RoomState, event: RoomEvent, viewerId: string): RoomState {
  // Each event once, in order: a replay after a reconnect may repeat the last few.
  if (event.seq <= state.seq) return state;
  const next: RoomState = { ...state, seq: event.seq };
  const data = event.data;
  switch (event.type) {
    case "timeline":
      next.timeline = data.timeline as Timeline;
      break;
    case "queue":
      next.current = (data.current as QueueItemView | null) ?? null;
      next.upNext = (data.upNext as QueueItemView[]) ?? [];
      next.played = (data.played as QueueItemView[]) ?? [];
      break;
    case "message":
      next.messages = [...state.messages, data.message as MessageView].slice(-MESSAGES_KEPT);
      break;
    case "message-removed":
      next.messages = state.messages.filter((m) => m.id !== data.messageId);
      break;
    case "listener": {
      const listener = data.listener as ListenerView;
      const others = state.listeners.filter((l) => l.userId !== listener.userId);
      next.listeners = listener.present ? [...others, listener] : others;
      if (listener.present && state.listeners.some((l) => l.userId === listener.userId)) {
        next.listeners = state.listeners.map((l) => (l.userId === listener.userId ? listener : l));
      }
      break;
    }
    case "listener-removed":
      next.listeners = state.listeners.filter((l) => l.userId !== data.userId);
      if (data.userId === viewerId) next.removed = true;
      break;
    case "hosts":
      next.hostId = (data.hostId as string | null) ?? null;
      next.hostName = (data.hostName as string) ?? "";
      next.coHostId = (data.coHostId as string | null) ?? null;
      next.coHostName = (data.coHostName as string | null) ?? null;
      next.hostAwaySince = (data.hostAwaySince as string | null) ?? null;
      break;
    case "status":
      next.status = data.status as RoomState["status"];
      break;
  }
  return next;
}

export function roleIn(state: Pick<RoomState, "hostId" | "coHostId">, viewerId: string): "host" | "cohost" | "guest" {
  return state.hostId === viewerId ? "host" : state.coHostId === viewerId ? "cohost" : "guest";
}

/** Every event type the server sends (EventSource needs a listener per named event). */
export const ROOM_EVENT_TYPES = ["timeline", "queue", "message", "message-removed", "listener", "listener-removed", "hosts", "status"] as const;
