/**
 * The forms of camp planning (ADR 0086): creating a camp, its details, rooms
 * and slots. Plain POSTs through the form pipeline, so everything works
 * without JavaScript: errors come back under the fields with a 4xx and the
 * values typed are kept; a success redirects with a toast. The create form
 * shows a few blank room and slot rows (blank rows are ignored); with
 * JavaScript "Add a room" / "Add a slot" add more rows in place.
 *
 * A change that would take people out of sessions comes back with the
 * sentence saying so under `confirm` (409) and a button posting the same
 * values again with confirm=yes: the no-JavaScript confirmation step.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { timeZoneLabel } from "~/profile/time-zones";
import { Button } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";
import { PLANNING_LIMITS as L, PLANNING_TEXT } from "./planning-text";
import * as styles from "./planning.css";

const T = PLANNING_TEXT;
export type Result = SubmissionResult<string[]> | null | undefined;
export type Errors = Record<string, string[] | null | undefined>;

export const idOf = (form: string, name: string) => `${form}-${name.replace(/[[\].]/g, "-").replace(/-+/g, "-").replace(/-$/, "")}`;
export const errorIdOf = (form: string, name: string) => `${idOf(form, name)}-error`;

export function errorsOf(result: Result): Errors {
  return (result?.error as Errors | undefined) ?? {};
}

/** A value the server sent back (conform's initialValue: nested objects and arrays). */
export function initialOf(initial: unknown, name: string): string | undefined {
  let value: unknown = initial;
  for (const part of name.split(/[[\].]+/).filter(Boolean)) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === "string" ? value : undefined;
}

export function useBusy(intent: string, extra?: { name: string; value: string }): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || navigation.formData?.get("intent") !== intent) return false;
  return !extra || navigation.formData.get(extra.name) === extra.value;
}

export function describedBy(form: string, name: string, errors: Errors, hintId?: string): string | undefined {
  return [hintId, errors[name] && errorIdOf(form, name)].filter(Boolean).join(" ") || undefined;
}

/** The label, hint, control and errors of one field, wired by ids. */
export function FieldBox({ form, name, label, hint, errors, className, children }: { form: string; name: string; label: string; hint?: string; errors: Errors; className?: string; children: ReactNode }) {
  return (
    <div className={className ?? formStyles.field}>
      <label htmlFor={idOf(form, name)} className={formStyles.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${idOf(form, name)}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={errorIdOf(form, name)} errors={errors[name] ?? undefined} />
    </div>
  );
}

export function FormErrors({ form, errors }: { form: string; errors: Errors }) {
  return (
    <div id={`${form}-form-error`} tabIndex={-1}>
      <FieldErrors id={`${form}-errors`} errors={errors[""] ?? undefined} />
    </div>
  );
}

export interface CampDetailsValues {
  name: string;
  venue: string;
  timeZone: string;
  startsOn: string;
  endsOn: string;
  description: string;
}

/** Name, venue, zone, dates and description: the create form's and the details form's fields. */
function CampFields({ form, values, errors, zones }: { form: string; values: CampDetailsValues; errors: Errors; zones: readonly string[] }) {
  const invalid = (name: string) => (errors[name] ? true : undefined);
  const zoneList = zones.includes(values.timeZone) || !values.timeZone ? zones : [values.timeZone, ...zones];
  return (
    <>
      <div className={styles.twoFields}>
        <FieldBox form={form} name="name" label={T.labels.name} errors={errors}>
          <input id={idOf(form, "name")} name="name" type="text" required maxLength={L.name} defaultValue={values.name} aria-invalid={invalid("name")} aria-describedby={describedBy(form, "name", errors)} className={formStyles.control} />
        </FieldBox>
        <FieldBox form={form} name="venue" label={T.labels.venue} errors={errors}>
          <input id={idOf(form, "venue")} name="venue" type="text" required maxLength={L.venue} defaultValue={values.venue} aria-invalid={invalid("venue")} aria-describedby={describedBy(form, "venue", errors)} className={formStyles.control} />
        </FieldBox>
      </div>
      <FieldBox form={form} name="timeZone" label={T.labels.timeZone} errors={errors}>
        <select id={idOf(form, "timeZone")} name="timeZone" required defaultValue={values.timeZone} aria-invalid={invalid("timeZone")} aria-describedby={describedBy(form, "timeZone", errors)} className={formStyles.control}>
          {zoneList.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone)}
            </option>
          ))}
        </select>
      </FieldBox>
      <div className={styles.twoFields}>
        <FieldBox form={form} name="startsOn" label={T.labels.startsOn} errors={errors}>
          <input id={idOf(form, "startsOn")} name="startsOn" type="date" required defaultValue={values.startsOn} aria-invalid={invalid("startsOn")} aria-describedby={describedBy(form, "startsOn", errors)} className={formStyles.control} />
        </FieldBox>
        <FieldBox form={form} name="endsOn" label={T.labels.endsOn} hint={T.hints.dates} errors={errors}>
          <input id={idOf(form, "endsOn")} name="endsOn" type="date" required defaultValue={values.endsOn} aria-invalid={invalid("endsOn")} aria-describedby={describedBy(form, "endsOn", errors, `${idOf(form, "endsOn")}-hint`)} className={formStyles.control} />
        </FieldBox>
      </div>
      <FieldBox form={form} name="description" label={T.labels.description} errors={errors}>
        <textarea id={idOf(form, "description")} name="description" rows={3} maxLength={L.description} defaultValue={values.description} aria-invalid={invalid("description")} aria-describedby={describedBy(form, "description", errors)} className={formStyles.textarea} />
      </FieldBox>
    </>
  );
}

/** How many rows a repeatable list shows: what was sent back (filled or not) plus one blank, at least `min`. */
function rowCount(initial: unknown, list: string, min: number, max: number): number {
  const sent = (initial as Record<string, unknown> | undefined)?.[list];
  const length = Array.isArray(sent) ? sent.length : 0;
  return Math.min(max, Math.max(min, length));
}

export function CreateCampForm({ action, lastResult, zones, defaultZone }: { action: string; lastResult: Result; zones: readonly string[]; defaultZone: string }) {
  const F = "create";
  const errors = errorsOf(lastResult);
  const initial = lastResult?.initialValue;
  const value = (name: string) => initialOf(initial, name) ?? "";
  const mounted = useMounted();
  const [roomRows, setRoomRows] = useState(() => rowCount(initial, "rooms", L.roomRows, L.rooms));
  const [slotRows, setSlotRows] = useState(() => rowCount(initial, "slots", L.slotRows, L.slots));
  const busy = useBusy(F);
  const invalid = (name: string) => (errors[name] ? true : undefined);
  const values: CampDetailsValues = {
    name: value("name"),
    venue: value("venue"),
    timeZone: value("timeZone") || defaultZone,
    startsOn: value("startsOn"),
    endsOn: value("endsOn"),
    description: value("description"),
  };
  return (
    <Form method="post" action={action} className={formStyles.form} aria-describedby={errors[""] ? `${F}-form-error` : undefined} data-testid="create-camp-form">
      <input type="hidden" name="intent" value={F} />
      <FormErrors form={F} errors={errors} />
      <CampFields form={F} values={values} errors={errors} zones={zones} />
      <fieldset className={formStyles.fieldset} aria-describedby={[`${F}-rooms-hint`, errors.rooms && errorIdOf(F, "rooms")].filter(Boolean).join(" ")}>
        <legend className={formStyles.legend}>{T.labels.rooms}</legend>
        <p id={`${F}-rooms-hint`} className={formStyles.hint}>
          {T.hints.rooms}
        </p>
        <FieldErrors id={errorIdOf(F, "rooms")} errors={errors.rooms ?? undefined} />
        <div className={styles.rows}>
          {Array.from({ length: roomRows }, (_, index) => {
            const name = `rooms[${index}].name`;
            const cap = `rooms[${index}].capacity`;
            return (
              <fieldset key={index} className={styles.row} data-testid="room-row">
                <legend className={styles.rowLegend}>{T.roomRow(index + 1)}</legend>
                <FieldBox form={F} name={name} label={T.labels.roomName} errors={errors}>
                  <input id={idOf(F, name)} name={name} type="text" maxLength={L.roomName} defaultValue={value(name)} aria-invalid={invalid(name)} aria-describedby={describedBy(F, name, errors)} className={formStyles.control} />
                </FieldBox>
                <FieldBox form={F} name={cap} label={T.labels.capacity} errors={errors}>
                  <input id={idOf(F, cap)} name={cap} type="number" inputMode="numeric" min={L.capacityMin} max={L.capacityMax} step={1} defaultValue={value(cap)} aria-invalid={invalid(cap)} aria-describedby={describedBy(F, cap, errors)} className={formStyles.control} />
                </FieldBox>
              </fieldset>
            );
          })}
        </div>
        {mounted && roomRows < L.rooms ? (
          <div className={formStyles.actions}>
            <Button type="button" variant="outline" onClick={() => setRoomRows((n) => Math.min(L.rooms, n + 1))}>
              {T.addRoomRow}
            </Button>
          </div>
        ) : null}
      </fieldset>
      <fieldset className={formStyles.fieldset} aria-describedby={[`${F}-slots-hint`, errors.slots && errorIdOf(F, "slots")].filter(Boolean).join(" ")}>
        <legend className={formStyles.legend}>{T.labels.slots}</legend>
        <p id={`${F}-slots-hint`} className={formStyles.hint}>
          {T.hints.slots}
        </p>
        <FieldErrors id={errorIdOf(F, "slots")} errors={errors.slots ?? undefined} />
        <div className={styles.rows}>
          {Array.from({ length: slotRows }, (_, index) => {
            const start = `slots[${index}].startsAt`;
            const end = `slots[${index}].endsAt`;
            return (
              <fieldset key={index} className={styles.row} data-testid="slot-row">
                <legend className={styles.rowLegend}>{T.slotRow(index + 1)}</legend>
                <FieldBox form={F} name={start} label={T.labels.startsAt} errors={errors}>
                  <input id={idOf(F, start)} name={start} type="time" defaultValue={value(start)} aria-invalid={invalid(start)} aria-describedby={describedBy(F, start, errors)} className={formStyles.control} />
                </FieldBox>
                <FieldBox form={F} name={end} label={T.labels.endsAt} errors={errors}>
                  <input id={idOf(F, end)} name={end} type="time" defaultValue={value(end)} aria-invalid={invalid(end)} aria-describedby={describedBy(F, end, errors)} className={formStyles.control} />
                </FieldBox>
              </fieldset>
            );
          })}
        </div>
        {mounted && slotRows < L.slots ? (
          <div className={formStyles.actions}>
            <Button type="button" variant="outline" onClick={() => setSlotRows((n) => Math.min(L.slots, n + 1))}>
              {T.addSlotRow}
            </Button>
          </div>
        ) : null}
      </fieldset>
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" disabled={busy}>
          {busy ? T.creating : T.create}
        </Button>
      </div>
    </Form>
  );
}

/** A refusal that needs the admin's say-so: the sentence, and the button that posts again with confirm=yes. */
export function ConfirmStep({ form, message, button, cancelHref }: { form: string; message: string; button: string; cancelHref: string }) {
  return (
    <div className={styles.confirm} role="alert" id={`${form}-confirm`} data-testid="confirm-step">
      <p>{message}</p>
      <div className={formStyles.actions}>
        <Button type="submit" name="confirm" value="yes" variant="destructive">
          {button}
        </Button>
        <a href={cancelHref} className={styles.subtle}>
          {T.cancel}
        </a>
      </div>
    </div>
  );
}

export function DetailsForm({ action, camp, lastResult, zones }: { action: string; camp: CampDetailsValues; lastResult: Result; zones: readonly string[] }) {
  const F = "details";
  const errors = errorsOf(lastResult);
  const initial = lastResult?.initialValue;
  const values: CampDetailsValues = initial
    ? {
        name: initialOf(initial, "name") ?? "",
        venue: initialOf(initial, "venue") ?? "",
        timeZone: initialOf(initial, "timeZone") ?? camp.timeZone,
        startsOn: initialOf(initial, "startsOn") ?? "",
        endsOn: initialOf(initial, "endsOn") ?? "",
        description: initialOf(initial, "description") ?? "",
      }
    : camp;
  const busy = useBusy(F);
  const confirm = errors.confirm?.[0];
  return (
    <Form method="post" action={action} className={formStyles.form} preventScrollReset aria-describedby={errors[""] ? `${F}-form-error` : undefined}>
      <input type="hidden" name="intent" value={F} />
      <FormErrors form={F} errors={errors} />
      <CampFields form={F} values={values} errors={errors} zones={zones} />
      <p className={formStyles.hint}>{T.datesTrimAnswers}</p>
      {confirm ? <ConfirmStep form={F} message={confirm} button={T.confirmDatesButton} cancelHref={action} /> : null}
      <div className={formStyles.actions}>
        <Button type="submit" variant="uber" disabled={busy}>
          {busy ? T.saving : T.saveDetails}
        </Button>
      </div>
    </Form>
  );
}
