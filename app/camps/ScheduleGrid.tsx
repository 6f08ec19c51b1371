/**
 * The schedule page's grid (ADR 0087): per day, slots x rooms, each group
 * with its people (name, role), the seats used, a "Move to" and a "Remove"
 * form per person and an "Add" form per session; the people free in each
 * slot. Every change is a plain form post (works without JavaScript).
 *
 * With JavaScript, a person may also be dragged onto another session of the
 * same day (or picked up with Enter or Space and dropped with Enter or Space
 * on a session): it submits the same Move form, so the server checks it the
 * same way. The forms stay.
 */
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useState, type DragEvent, type KeyboardEvent } from "react";
import { Button } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";
import { campRoleLabel } from "./roles";
import { GROUP_INTENTS, GROUPS_TEXT as T } from "./groups-text";
import { freeInSlot, unavailableOn, type CampSchedule, type SchedulePerson, type ScheduleSession } from "./groups-view";
import * as styles from "./groups.css";

/** The error of the last post, and which form it belongs to. */
export interface LastError {
  key: string;
  messages: string[];
}

export const formKey = {
  add: (sessionId: string) => `add:${sessionId}`,
  move: (sessionId: string, memberId: string) => `move:${sessionId}:${memberId}`,
  remove: (sessionId: string, memberId: string) => `remove:${sessionId}:${memberId}`,
};

function Errors({ id, error, forKey }: { id: string; error: LastError | null; forKey: string }) {
  if (!error || error.key !== forKey) return null;
  return (
    <ul id={id} className={styles.errors}>
      {error.messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

interface Props {
  schedule: CampSchedule;
  action: string;
  error: LastError | null;
}

export function ScheduleGrid({ schedule, action, error }: Props) {
  const people = new Map(schedule.people.map((p) => [p.id, p]));
  const rooms = new Map(schedule.rooms.map((r) => [r.id, r]));
  const slots = new Map(schedule.slots.map((s) => [s.id, s]));
  const byKey = new Map(schedule.sessions.map((s) => [`${s.day}|${s.slotId}|${s.roomId}`, s]));
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const submit = useSubmit();
  const [carrying, setCarrying] = useState<{ memberId: string; fromSessionId: string; day: string } | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const mounted = useMounted();

  const moveTo = (toSessionId: string) => {
    if (!carrying || carrying.fromSessionId === toSessionId) return;
    const data = new FormData();
    data.set("intent", GROUP_INTENTS.move);
    data.set("memberId", carrying.memberId);
    data.set("fromSessionId", carrying.fromSessionId);
    data.set("toSessionId", toSessionId);
    setCarrying(null);
    setOver(null);
    submit(data, { method: "post", action, preventScrollReset: true });
  };

  const label = (s: ScheduleSession) => T.sessionOption(rooms.get(s.roomId)?.name ?? "", T.dayTitle(s.day), slots.get(s.slotId)?.startsAt ?? "");

  return (
    <div className={styles.stack}>
      {schedule.days.map((day) => {
        const daySessions = schedule.sessions.filter((s) => s.day === day);
        const away = unavailableOn(schedule, day);
        return (
          <div key={day} className={styles.stack}>
            <h2 id={`day-${day}`}>{T.dayTitle(day)}</h2>
            {away.length > 0 ? <p className={styles.unplaced}>{T.unavailableCount(away.length)}</p> : null}
            <div className={styles.gridWrap} role="region" aria-labelledby={`day-${day}`} tabIndex={0}>
              <table className={styles.grid}>
                <caption className="visually-hidden">{T.dayTitle(day)}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={styles.headCell}>
                      {T.slotHeader}
                    </th>
                    {schedule.rooms.map((room) => (
                      <th key={room.id} scope="col" className={styles.headCell}>
                        {T.roomHeader(room.name, room.capacity)}
                      </th>
                    ))}
                    <th scope="col" className={styles.headCell}>
                      {T.notPlaced}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {schedule.slots.map((slot) => {
                    const free = freeInSlot(schedule, day, slot.id);
                    return (
                      <tr key={slot.id}>
                        <th scope="row" className={styles.slotCell}>
                          {slot.startsAt}–{slot.endsAt}
                        </th>
                        {schedule.rooms.map((room) => {
                          const session = byKey.get(`${day}|${slot.id}|${room.id}`);
                          if (!session) return <td key={room.id} className={styles.cell} />;
                          const sameSlot = daySessions.filter((s) => s.slotId === slot.id && s.id !== session.id);
                          const otherSlots = daySessions.filter((s) => s.slotId !== slot.id);
                          const full = session.memberIds.length >= room.capacity;
                          const canDrop = carrying !== null && carrying.day === day && carrying.fromSessionId !== session.id;
                          return (
                            <td
                              key={room.id}
                              className={`${styles.cell} ${over === session.id ? styles.cellOver : ""}`}
                              data-session={session.id}
                              data-testid={`session-${day}-${slot.startsAt}-${room.name}`}
                              onDragOver={(event: DragEvent) => {
                                if (!canDrop) return;
                                event.preventDefault();
                                setOver(session.id);
                              }}
                              onDragLeave={() => setOver((current) => (current === session.id ? null : current))}
                              onDrop={(event: DragEvent) => {
                                event.preventDefault();
                                if (canDrop) moveTo(session.id);
                              }}
                            >
                              <p className={styles.seats}>{T.seatsUsed(session.memberIds.length, room.capacity)}</p>
                              {session.memberIds.length === 0 ? <p className={styles.unplaced}>{T.emptySession}</p> : null}
                              <ul className={styles.people}>
                                {session.memberIds.map((memberId) => {
                                  const person = people.get(memberId);
                                  const name = person?.name ?? "Member";
                                  const moveKey = formKey.move(session.id, memberId);
                                  const removeKey = formKey.remove(session.id, memberId);
                                  const selectId = `move-${session.id}-${memberId}`;
                                  return (
                                    <li
                                      key={memberId}
                                      className={styles.person}
                                      data-testid="placed-person"
                                      data-member={memberId}
                                      data-name={name}
                                      draggable={!busy}
                                      onDragStart={(event: DragEvent) => {
                                        event.dataTransfer.setData("text/plain", memberId);
                                        setCarrying({ memberId, fromSessionId: session.id, day });
                                      }}
                                      onDragEnd={() => setOver(null)}
                                    >
                                      <span className={styles.personName}>
                                        {name}
                                        {person ? <span className={styles.role}>{campRoleLabel(person.role)}</span> : null}
                                      </span>
                                      <Form method="post" action={action} preventScrollReset className={styles.inlineForm}>
                                        <input type="hidden" name="intent" value={GROUP_INTENTS.move} />
                                        <input type="hidden" name="memberId" value={memberId} />
                                        <input type="hidden" name="fromSessionId" value={session.id} />
                                        <span className={styles.smallLabel}>
                                          <label htmlFor={selectId}>{T.moveLabel(name)}</label>
                                          <select id={selectId} name="toSessionId" className={styles.select} aria-describedby={error?.key === moveKey ? `${selectId}-error` : undefined}>
                                            <optgroup label={T.sameSlotGroup}>
                                              {sameSlot.map((s) => (
                                                <option key={s.id} value={s.id}>
                                                  {label(s)}
                                                </option>
                                              ))}
                                            </optgroup>
                                            <optgroup label={T.otherSlotsGroup}>
                                              {otherSlots.map((s) => (
                                                <option key={s.id} value={s.id}>
                                                  {label(s)}
                                                </option>
                                              ))}
                                            </optgroup>
                                          </select>
                                        </span>
                                        <Button type="submit" variant="outline" disabled={busy}>
                                          {T.moveSubmit}
                                        </Button>
                                        <Errors id={`${selectId}-error`} error={error} forKey={moveKey} />
                                      </Form>
                                      <Form method="post" action={action} preventScrollReset className={styles.inlineForm}>
                                        <input type="hidden" name="intent" value={GROUP_INTENTS.remove} />
                                        <input type="hidden" name="memberId" value={memberId} />
                                        <input type="hidden" name="sessionId" value={session.id} />
                                        <Button type="submit" variant="ghost" disabled={busy} aria-label={T.removeLabel(name)}>
                                          {T.removeSubmit}
                                        </Button>
                                        <Errors id={`remove-${session.id}-${memberId}-error`} error={error} forKey={removeKey} />
                                      </Form>
                                      {mounted && carrying === null ? (
                                        <Button type="button" variant="ghost" onClick={() => setCarrying({ memberId, fromSessionId: session.id, day })}>
                                          {T.pickUp(name)}
                                        </Button>
                                      ) : null}
                                      {mounted && carrying?.memberId === memberId && carrying.fromSessionId === session.id ? (
                                        <Button type="button" variant="ghost" onClick={() => setCarrying(null)}>
                                          {T.putBack}
                                        </Button>
                                      ) : null}
                                    </li>
                                  );
                                })}
                              </ul>
                              {canDrop ? (
                                <Button type="button" variant="secondary" onClick={() => moveTo(session.id)} onKeyDown={(e: KeyboardEvent) => e.key === "Escape" && setCarrying(null)}>
                                  {T.dropHere(people.get(carrying.memberId)?.name ?? "Member", room.name)}
                                </Button>
                              ) : null}
                              <AddForm action={action} session={session} free={free} full={full} room={room.name} time={slot.startsAt} busy={busy} error={error} />
                            </td>
                          );
                        })}
                        <td className={styles.cell}>
                          <p className={styles.unplaced} data-testid={`free-${day}-${slot.startsAt}`}>
                            {free.length === 0 ? T.nobodyFree : free.map((p) => `${p.name} (${campRoleLabel(p.role)})`).join(", ")}
                          </p>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </div>
  );
}

function AddForm({
  action,
  session,
  free,
  full,
  room,
  time,
  busy,
  error,
}: {
  action: string;
  session: ScheduleSession;
  free: SchedulePerson[];
  full: boolean;
  room: string;
  time: string;
  busy: boolean;
  error: LastError | null;
}) {
  const key = formKey.add(session.id);
  const selectId = `add-${session.id}`;
  if (free.length === 0 || full) return error?.key === key ? <Errors id={`${selectId}-error`} error={error} forKey={key} /> : null;
  return (
    <Form method="post" action={action} preventScrollReset className={styles.inlineForm}>
      <input type="hidden" name="intent" value={GROUP_INTENTS.add} />
      <input type="hidden" name="sessionId" value={session.id} />
      <span className={styles.smallLabel}>
        <label htmlFor={selectId}>{T.addLabel(room, time)}</label>
        <select id={selectId} name="memberId" className={styles.select} aria-describedby={error?.key === key ? `${selectId}-error` : undefined}>
          {free.map((p) => (
            <option key={p.id} value={p.id}>
              {`${p.name} (${campRoleLabel(p.role)})`}
            </option>
          ))}
        </select>
      </span>
      <Button type="submit" variant="secondary" disabled={busy}>
        {T.addSubmit}
      </Button>
      <Errors id={`${selectId}-error`} error={error} forKey={key} />
    </Form>
  );
}
