// @vitest-environment happy-dom
/**
 * The room hook's connection state, with the browser's EventSource replaced
 * at its boundary by a stand-in the test drives: frames arrive in order, a
 * dropped stream is "reconnecting" (EventSource retries by itself), and a
 * stream the server closed for good (204 for an ended party, 404 for a
 * removed listener: readyState CLOSED) is "closed", never "reconnecting".
 */
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RoomState } from "./room-state";
import { useRoom } from "./useRoom";

class StandInEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: StandInEventSource | null = null;
  readyState = StandInEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closedByPage = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    StandInEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closedByPage = true;
    this.readyState = StandInEventSource.CLOSED;
  }
  open() {
    this.readyState = StandInEventSource.OPEN;
    this.onopen?.();
  }
  send(type: string, seq: number, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify({ seq, type, data }), lastEventId: String(seq) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

const snapshot: RoomState = {
  seq: 7,
  status: "live",
  hostId: "host",
  hostName: "Host",
  coHostId: null,
  coHostName: null,
  hostAwaySince: null,
  timeline: { itemId: null, playing: false, positionMs: 0, anchorMs: 0 },
  current: null,
  upNext: [],
  played: [],
  messages: [],
  listeners: [],
  removed: false,
};

const original = globalThis.EventSource;
beforeEach(() => {
  (globalThis as { EventSource: unknown }).EventSource = StandInEventSource;
});
afterEach(() => {
  cleanup();
  (globalThis as { EventSource: unknown }).EventSource = original;
  StandInEventSource.last = null;
});

describe("useRoom", () => {
  it("resumes after the snapshot's seq and applies the stream's events", () => {
    const { result } = renderHook(() => useRoom("p1", snapshot, "me", true));
    const source = StandInEventSource.last!;
    expect(source.url).toMatch(/\?after=7$/);
    expect(result.current.connection).toBe("connecting");
    act(() => source.open());
    expect(result.current.connection).toBe("open");
    act(() => source.send("status", 8, { status: "ended" }));
    expect(result.current.state.seq).toBe(8);
    expect(result.current.state.status).toBe("ended");
  });

  it("says 'reconnecting' while EventSource retries, and 'closed' when the server closed the stream for good", () => {
    const { result } = renderHook(() => useRoom("p1", snapshot, "me", true));
    const source = StandInEventSource.last!;
    act(() => source.open());
    act(() => source.fail(StandInEventSource.CONNECTING));
    expect(result.current.connection).toBe("reconnecting");
    act(() => source.open());
    expect(result.current.connection).toBe("open");
    act(() => source.fail(StandInEventSource.CLOSED));
    expect(result.current.connection).toBe("closed");
  });

  it("opens no stream when disabled (an ended party, before hydration) and closes it on unmount", () => {
    renderHook(() => useRoom("p1", snapshot, "me", false));
    expect(StandInEventSource.last).toBeNull();
    const { unmount } = renderHook(() => useRoom("p2", snapshot, "me", true));
    const source = StandInEventSource.last!;
    unmount();
    expect(source.closedByPage).toBe(true);
  });
});
