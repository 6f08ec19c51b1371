/**
 * The sections of /admin/camps/:campId beyond its details (ADR 0086): rooms,
 * slots, who is coming, the roster and inviting members. Every control is a
 * plain form (GET for the member search, POST for changes), so all of it
 * works without JavaScript; removals that take people out of sessions and
 * withdrawing an invitation go through a confirmation step first.
 */
import { Form, Link } from "@remix-run/react";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { Button, ButtonLink } from "~/ui/Button";
import { ConfirmStep, describedBy, errorIdOf, errorsOf, FieldBox, idOf, initialOf, useBusy, type Result } from "./AdminCampForms";
import type { CampPlanning } from "./planning.server";
import { PLANNING_LIMITS as L, PLANNING_TEXT, shortCampDay, STATUS_LABELS } from "./planning-text";
import { CAMP_ROLES, campRoleLabel } from "./roles";
import * as styles from "./planning.css";

const T = PLANNING_TEXT;

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export function RoomsSection({ action, planning, resultFor }: { action: string; planning: CampPlanning; resultFor: (intent: string) => Result }) {
  const update = resultFor("updateRoom");
  const updateErrors = errorsOf(update);
  const updatedRoom = initialOf(update?.initialValue, "roomId");
  const remove = resultFor("removeRoom");
  const removeErrors = errorsOf(remove);
  const removedRoom = initialOf(remove?.initialValue, "roomId");
  const add = resultFor("addRoom");
  const addErrors = errorsOf(add);
  return (
    <section className={page.card} aria-labelledby="rooms-title">
      <h2 id="rooms-title" className={page.sectionTitle}>
        {T.roomsTitle}
      </h2>
      <p className={page.muted}>{T.sessionsCount(planning.sessions)}</p>
      <ul className={styles.list}>
        {planning.rooms.map((room) => {
          const F = `room-${room.id}`;
          const errors = updatedRoom === room.id ? updateErrors : {};
          const value = (name: string, fallback: string) => (updatedRoom === room.id ? (initialOf(update?.initialValue, name) ?? fallback) : fallback);
          const confirm = removedRoom === room.id ? removeErrors.confirm?.[0] : undefined;
          const removeError = removedRoom === room.id ? removeErrors[""] : undefined;
          return (
            <li key={room.id} className={styles.itemLine} data-testid="room">
              <Form method="post" action={action} className={styles.inlineForm} preventScrollReset aria-label={room.name}>
                <input type="hidden" name="intent" value="updateRoom" />
                <input type="hidden" name="roomId" value={room.id} />
                <FieldBox form={F} name="name" label={T.labels.roomName} errors={errors} className={styles.inlineField}>
                  <input id={idOf(F, "name")} name="name" type="text" required maxLength={L.roomName} defaultValue={value("name", room.name)} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy(F, "name", errors)} className={formStyles.control} />
                </FieldBox>
                <FieldBox form={F} name="capacity" label={T.labels.capacity} errors={errors} className={styles.narrowField}>
                  <input id={idOf(F, "capacity")} name="capacity" type="number" inputMode="numeric" required min={L.capacityMin} max={L.capacityMax} step={1} defaultValue={value("capacity", String(room.capacity))} aria-invalid={errors.capacity ? true : undefined} aria-describedby={describedBy(F, "capacity", errors)} className={formStyles.control} />
                </FieldBox>
                <Button type="submit" variant="secondary">
                  {T.saveRoom}
                </Button>
                <FieldErrors id={`${F}-errors`} errors={errors[""] ?? undefined} />
              </Form>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="removeRoom" />
                <input type="hidden" name="roomId" value={room.id} />
                {confirm ? (
                  <ConfirmStep form={`${F}-remove`} message={confirm} button={T.confirmRemoveRoomButton(room.name)} cancelHref={action} />
                ) : (
                  <Button type="submit" variant="outline" aria-label={`${T.removeRoom} ${room.name}`}>
                    {T.removeRoom}
                  </Button>
                )}
                <FieldErrors id={`${F}-remove-errors`} errors={removeError ?? undefined} />
              </Form>
            </li>
          );
        })}
      </ul>
      <Form method="post" action={action} className={styles.inlineForm} preventScrollReset aria-labelledby="new-room-title">
        <h3 id="new-room-title" className={formStyles.label} style={{ flexBasis: "100%" }}>
          {T.newRoom}
        </h3>
        <input type="hidden" name="intent" value="addRoom" />
        <FieldBox form="new-room" name="name" label={T.labels.roomName} errors={addErrors} className={styles.inlineField}>
          <input id={idOf("new-room", "name")} name="name" type="text" required maxLength={L.roomName} defaultValue={initialOf(add?.initialValue, "name") ?? ""} aria-invalid={addErrors.name ? true : undefined} aria-describedby={describedBy("new-room", "name", addErrors)} className={formStyles.control} />
        </FieldBox>
        <FieldBox form="new-room" name="capacity" label={T.labels.capacity} errors={addErrors} className={styles.narrowField}>
          <input id={idOf("new-room", "capacity")} name="capacity" type="number" inputMode="numeric" required min={L.capacityMin} max={L.capacityMax} step={1} defaultValue={initialOf(add?.initialValue, "capacity") ?? "4"} aria-invalid={addErrors.capacity ? true : undefined} aria-describedby={describedBy("new-room", "capacity", addErrors)} className={formStyles.control} />
        </FieldBox>
        <Button type="submit" variant="secondary">
          {T.addRoom}
        </Button>
        <FieldErrors id="new-room-errors" errors={addErrors[""] ?? undefined} />
      </Form>
    </section>
  );
}

export function SlotsSection({ action, planning, resultFor }: { action: string; planning: CampPlanning; resultFor: (intent: string) => Result }) {
  const remove = resultFor("removeSlot");
  const removeErrors = errorsOf(remove);
  const removedSlot = initialOf(remove?.initialValue, "slotId");
  const add = resultFor("addSlot");
  const addErrors = errorsOf(add);
  return (
    <section className={page.card} aria-labelledby="slots-title">
      <h2 id="slots-title" className={page.sectionTitle}>
        {T.slotsTitle}
      </h2>
      <p className={page.muted}>{T.hints.slots}</p>
      <ul className={styles.list}>
        {planning.slots.map((slot) => {
          const label = `${slot.startsAt}–${slot.endsAt}`;
          const confirm = removedSlot === slot.id ? removeErrors.confirm?.[0] : undefined;
          const removeError = removedSlot === slot.id ? removeErrors[""] : undefined;
          return (
            <li key={slot.id} className={styles.itemLine} data-testid="slot">
              <span style={{ flex: "1 1 160px", fontWeight: 700 }}>{label}</span>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="removeSlot" />
                <input type="hidden" name="slotId" value={slot.id} />
                {confirm ? (
                  <ConfirmStep form={`slot-${slot.id}-remove`} message={confirm} button={T.confirmRemoveSlotButton(label)} cancelHref={action} />
                ) : (
                  <Button type="submit" variant="outline" aria-label={`${T.removeSlot} ${label}`}>
                    {T.removeSlot}
                  </Button>
                )}
                <FieldErrors id={`slot-${slot.id}-remove-errors`} errors={removeError ?? undefined} />
              </Form>
            </li>
          );
        })}
      </ul>
      <Form method="post" action={action} className={styles.inlineForm} preventScrollReset aria-labelledby="new-slot-title">
        <h3 id="new-slot-title" className={formStyles.label} style={{ flexBasis: "100%" }}>
          {T.newSlot}
        </h3>
        <input type="hidden" name="intent" value="addSlot" />
        <FieldBox form="new-slot" name="startsAt" label={T.labels.startsAt} errors={addErrors} className={styles.narrowField}>
          <input id={idOf("new-slot", "startsAt")} name="startsAt" type="time" required defaultValue={initialOf(add?.initialValue, "startsAt") ?? ""} aria-invalid={addErrors.startsAt ? true : undefined} aria-describedby={describedBy("new-slot", "startsAt", addErrors)} className={formStyles.control} />
        </FieldBox>
        <FieldBox form="new-slot" name="endsAt" label={T.labels.endsAt} errors={addErrors} className={styles.narrowField}>
          <input id={idOf("new-slot", "endsAt")} name="endsAt" type="time" required defaultValue={initialOf(add?.initialValue, "endsAt") ?? ""} aria-invalid={addErrors.endsAt ? true : undefined} aria-describedby={describedBy("new-slot", "endsAt", addErrors)} className={formStyles.control} />
        </FieldBox>
        <Button type="submit" variant="secondary">
          {T.addSlot}
        </Button>
        <FieldErrors id="new-slot-errors" errors={addErrors[""] ?? undefined} />
      </Form>
    </section>
  );
}

export function ComingSection({ planning }: { planning: CampPlanning }) {
  return (
    <section className={page.card} aria-labelledby="coming-title">
      <h2 id="coming-title" className={page.sectionTitle}>
        {T.comingTitle}
      </h2>
      <ul className={styles.counts} data-testid="coming-counts">
        {(["accepted", "invited", "declined"] as const).map((status) => (
          <li key={status} className={styles.count}>
            <span className={styles.countValue}>{planning.counts[status]}</span>
            <span className={styles.subtle}>{T.comingCounts[status]}</span>
          </li>
        ))}
      </ul>
      <div className={page.tableWrap} style={{ marginTop: "1rem" }}>
        <table className={page.table}>
          <caption>{T.perDayCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{T.perDayColumns.day}</th>
              <th scope="col">{T.perDayColumns.total}</th>
              {CAMP_ROLES.map((role) => (
                <th key={role.value} scope="col">
                  {role.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {planning.perDay.map((day) => (
              <tr key={day.day} data-testid="coming-day">
                <th scope="row">{shortCampDay(day.day)}</th>
                <td>{day.total}</td>
                {CAMP_ROLES.map((role) => (
                  <td key={role.value}>{day.byRole[role.value]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function RosterSection({
  action,
  planning,
  withdrawing,
  resultFor,
}: {
  action: string;
  planning: CampPlanning;
  withdrawing: string | null;
  resultFor: (intent: string) => Result;
}) {
  const role = resultFor("changeRole");
  const roleErrors = errorsOf(role);
  const roleMember = initialOf(role?.initialValue, "memberId");
  const withdraw = resultFor("withdraw");
  const withdrawErrors = errorsOf(withdraw);
  const target = planning.roster.find((entry) => entry.memberId === withdrawing);
  const busyWithdraw = useBusy("withdraw");
  const allDays = planning.camp.days.length;
  return (
    <section className={page.card} aria-labelledby="roster-title" id="roster">
      <h2 id="roster-title" className={page.sectionTitle}>
        {T.rosterTitle}
      </h2>
      {target ? (
        <Form method="post" action={action} className={styles.confirm} aria-labelledby="withdraw-title" data-testid="withdraw-step">
          <h3 id="withdraw-title" className={formStyles.label}>
            {T.withdrawTitle(target.displayName)}
          </h3>
          <p>{T.withdrawBody(target.places)}</p>
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="memberId" value={target.memberId} />
          <input type="hidden" name="confirm" value="yes" />
          <FieldErrors id="withdraw-errors" errors={[...(withdrawErrors[""] ?? []), ...(withdrawErrors.memberId ?? []), ...(withdrawErrors.confirm ?? [])]} />
          <div className={formStyles.actions}>
            <Button type="submit" variant="destructive" disabled={busyWithdraw}>
              {T.withdrawConfirm}
            </Button>
            <Link to={`${action}#roster`} className={page.textLink}>
              {T.cancel}
            </Link>
          </div>
        </Form>
      ) : null}
      {!target && (withdrawErrors[""] || withdrawErrors.memberId || withdrawErrors.confirm) ? (
        <FieldErrors id="withdraw-errors" errors={[...(withdrawErrors[""] ?? []), ...(withdrawErrors.memberId ?? []), ...(withdrawErrors.confirm ?? [])]} />
      ) : null}
      {planning.roster.length === 0 ? (
        <p className={page.muted}>{T.rosterEmpty}</p>
      ) : (
        <div className={page.tableWrap}>
          <table className={page.table}>
            <caption>{T.rosterTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{T.rosterColumns.person}</th>
                <th scope="col">{T.rosterColumns.status}</th>
                <th scope="col">{T.rosterColumns.days}</th>
                <th scope="col">{T.rosterColumns.answered}</th>
                <th scope="col">{T.rosterColumns.role}</th>
                <th scope="col">{T.rosterColumns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {planning.roster.map((entry) => {
                const F = `role-${entry.memberId}`;
                const errors = roleMember === entry.memberId ? roleErrors : {};
                return (
                  <tr key={entry.memberId} data-testid="roster-row">
                    <th scope="row">{entry.displayName}</th>
                    <td>{STATUS_LABELS[entry.status]}</td>
                    <td>
                      {entry.status !== "accepted"
                        ? "—"
                        : entry.availableDays.length === allDays
                          ? T.allDays
                          : entry.availableDays.map(shortCampDay).join(", ")}
                    </td>
                    <td>{entry.respondedAt ? <time dateTime={entry.respondedAt}>{dateTime.format(new Date(entry.respondedAt))}</time> : T.notAnswered}</td>
                    <td>
                      <Form method="post" action={action} className={styles.cellForm} preventScrollReset>
                        <input type="hidden" name="intent" value="changeRole" />
                        <input type="hidden" name="memberId" value={entry.memberId} />
                        <select id={idOf(F, "campRole")} name="campRole" aria-label={`${T.rosterColumns.role}: ${entry.displayName}`} defaultValue={entry.campRole} aria-describedby={errors.campRole ? errorIdOf(F, "campRole") : undefined} className={formStyles.control} style={{ width: "auto" }}>
                          {CAMP_ROLES.map((r) => (
                            <option key={r.value} value={r.value}>
                              {r.label}
                            </option>
                          ))}
                        </select>
                        <Button type="submit" variant="outline" size="sm" aria-label={`${T.changeRole}: ${entry.displayName}`} style={{ minHeight: 48 }}>
                          {T.changeRole}
                        </Button>
                        <FieldErrors id={errorIdOf(F, "campRole")} errors={[...(errors.campRole ?? []), ...(errors[""] ?? [])]} />
                      </Form>
                    </td>
                    <td>
                      <ButtonLink to={`${action}?withdraw=${entry.memberId}#roster`} variant="outline" aria-label={`${T.withdraw}: ${entry.displayName}`} preventScrollReset>
                        {T.withdraw}
                      </ButtonLink>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function InviteSection({ action, planning, resultFor }: { action: string; planning: CampPlanning; resultFor: (intent: string) => Result }) {
  const invite = resultFor("invite");
  const errors = errorsOf(invite);
  const { invitable } = planning;
  const busy = useBusy("invite");
  const inviteErrors = [...(errors.memberId ?? []), ...(errors[""] ?? [])];
  return (
    <section className={page.card} aria-labelledby="invite-title" id="invite">
      <h2 id="invite-title" className={page.sectionTitle}>
        {T.inviteTitle}
      </h2>
      <p className={page.muted}>{T.inviteLead}</p>
      <Form method="get" action={`${action}#invite`} className={styles.searchForm} role="search" aria-label={T.searchLabel}>
        <div className={styles.inlineField}>
          <label htmlFor="invite-q" className={formStyles.label}>
            {T.searchLabel}
          </label>
          <input id="invite-q" type="search" name="q" defaultValue={invitable.query} maxLength={L.search} autoComplete="off" className={formStyles.control} />
        </div>
        <Button type="submit" variant="secondary">
          {T.search}
        </Button>
        {invitable.query ? (
          <Link to={`${action}#invite`} className={page.textLink}>
            {T.clearSearch}
          </Link>
        ) : null}
      </Form>
      {!invitable.anyLeft ? (
        <p className={page.muted}>{T.inviteNone}</p>
      ) : invitable.members.length === 0 ? (
        <p className={page.muted}>{T.inviteNoMatch}</p>
      ) : (
        <Form method="post" action={action} className={formStyles.form} preventScrollReset style={{ marginTop: "1rem" }}>
          <input type="hidden" name="intent" value="invite" />
          <fieldset className={formStyles.fieldset} aria-describedby={inviteErrors.length ? "invite-errors" : undefined}>
            <legend className={formStyles.legend}>{T.inviteTitle}</legend>
            <FieldErrors id="invite-errors" errors={inviteErrors.length ? inviteErrors : undefined} />
            <ul className={styles.checkList}>
              {invitable.members.map((member) => (
                <li key={member.id}>
                  <label className={styles.checkItem} data-testid="invitable">
                    <input type="checkbox" name="memberId" value={member.id} className={styles.checkbox} />
                    <span className={styles.checkText}>
                      <span>{member.displayName}</span>{" "}
                      <span className={styles.subtle}>{T.defaultRole(campRoleLabel(member.defaultRole))}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {invitable.more ? <p className={formStyles.hint}>{T.inviteMore(invitable.members.length)}</p> : null}
          </fieldset>
          <div className={formStyles.actions}>
            <Button type="submit" variant="uber" disabled={busy}>
              {busy ? T.inviting : T.invite}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
