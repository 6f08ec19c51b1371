/**
 * "Suggest groups" and its preview (ADR 0087). The suggestion is computed on
 * a POST and shown with its figures; nothing is saved until "Use these
 * groups", which sends the proposal back in a hidden field (the server checks
 * it again whole). Whether it fills empty seats or replaces the groups is
 * chosen before suggesting and said plainly on the preview; replacing needs a
 * tick. "Suggest again" asks with the next seed.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/Button";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { campRoleLabel } from "./roles";
import { GROUP_INTENTS, GROUPS_TEXT as T } from "./groups-text";
import type { CampSchedule } from "./groups-view";
import type { PairingMetrics } from "./pairing";
import * as styles from "./groups.css";

export interface PreviewData {
  mode: "fill" | "replace";
  seed: number;
  proposal: string;
  groups: { sessionId: string; memberIds: string[] }[];
  metrics: PairingMetrics;
}

function ModeChoice({ mode, name = "mode" }: { mode: "fill" | "replace"; name?: string }) {
  return (
    <fieldset className={formStyles.fieldset}>
      <legend className={formStyles.legend}>{T.modeLegend}</legend>
      <label className={styles.check}>
        <input type="radio" name={name} value="fill" defaultChecked={mode === "fill"} className={styles.checkbox} />
        {T.modeFill}
      </label>
      <label className={styles.check}>
        <input type="radio" name={name} value="replace" defaultChecked={mode === "replace"} className={styles.checkbox} />
        {T.modeReplace}
      </label>
    </fieldset>
  );
}

function Errors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <ul id={id} className={styles.errors} role="alert">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

export function SuggestPanel({
  schedule,
  action,
  preview,
  suggestErrors,
  applyErrors,
}: {
  schedule: CampSchedule;
  action: string;
  preview: PreviewData | null;
  suggestErrors?: string[];
  applyErrors?: { form?: string[]; confirm?: string[] };
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const people = new Map(schedule.people.map((p) => [p.id, p]));
  const rooms = new Map(schedule.rooms.map((r) => [r.id, r]));
  const slots = new Map(schedule.slots.map((s) => [s.id, s]));
  const sessions = new Map(schedule.sessions.map((s) => [s.id, s]));
  const total = schedule.sessions.length;

  return (
    <section className={page.card} aria-labelledby="suggest-title" id="suggest">
      <h2 id="suggest-title" className={page.sectionTitle}>
        {T.suggestTitle}
      </h2>
      <p className={page.muted}>{T.suggestLead}</p>
      {!preview ? (
        <Form method="post" action={action} className={formStyles.form}>
          <input type="hidden" name="intent" value={GROUP_INTENTS.suggest} />
          <input type="hidden" name="seed" value="1" />
          <ModeChoice mode="fill" />
          <Errors id="suggest-errors" messages={suggestErrors} />
          <div className={formStyles.actions}>
            <Button type="submit" disabled={busy}>
              {T.suggestSubmit}
            </Button>
          </div>
        </Form>
      ) : (
        <div className={styles.stack} data-testid="suggestion-preview">
          <h3>{T.previewTitle}</h3>
          <p>
            <strong>{T.previewNothingSaved}</strong> {preview.mode === "replace" ? T.previewReplace : T.previewFill}
          </p>
          <div>
            <h4>{T.metricsTitle}</h4>
            <dl className={styles.metrics} data-testid="suggestion-metrics">
              <div className={styles.metric}>
                <dt>{T.metrics.groups}</dt>
                <dd className={styles.metricValue}>{T.ofTotal(preview.metrics.groups, total)}</dd>
              </div>
              <div className={styles.metric}>
                <dt>{T.metrics.repeatsThisCamp}</dt>
                <dd className={styles.metricValue}>{preview.metrics.repeatPairsThisCamp}</dd>
              </div>
              <div className={styles.metric}>
                <dt>{T.metrics.repeatsEarlier}</dt>
                <dd className={styles.metricValue}>{preview.metrics.repeatPairsEarlierCamps}</dd>
              </div>
              <div className={styles.metric}>
                <dt>{T.metrics.balanced}</dt>
                <dd className={styles.metricValue}>{T.ofTotal(preview.metrics.balancedGroups, preview.metrics.groups)}</dd>
              </div>
              <div className={styles.metric}>
                <dt>{T.metrics.seatsPerPerson}</dt>
                <dd className={styles.metricValue}>{T.range(preview.metrics.seatsPerPerson.min, preview.metrics.seatsPerPerson.max)}</dd>
              </div>
            </dl>
          </div>
          <ul className={styles.previewList}>
            {preview.groups.map((group) => {
              const session = sessions.get(group.sessionId);
              if (!session) return null;
              return (
                <li key={group.sessionId}>
                  <strong>{T.sessionOption(rooms.get(session.roomId)?.name ?? "", T.dayTitle(session.day), slots.get(session.slotId)?.startsAt ?? "")}</strong>
                  {": "}
                  {group.memberIds.map((id, i) => {
                    const person = people.get(id);
                    const isNew = !session.memberIds.includes(id);
                    return (
                      <span key={id}>
                        {i > 0 ? ", " : ""}
                        {person?.name ?? "Member"} ({person ? campRoleLabel(person.role) : ""})
                        {isNew && session.memberIds.length > 0 ? <span className={styles.newMark}> · {T.addedBy}</span> : null}
                      </span>
                    );
                  })}
                </li>
              );
            })}
          </ul>
          <Form method="post" action={action} className={formStyles.form} data-testid="apply-form">
            <input type="hidden" name="intent" value={GROUP_INTENTS.apply} />
            <input type="hidden" name="mode" value={preview.mode} />
            <input type="hidden" name="proposal" value={preview.proposal} />
            {preview.mode === "replace" ? (
              <label className={styles.check}>
                <input
                  type="checkbox"
                  name="confirm"
                  value="yes"
                  className={styles.checkbox}
                  aria-describedby={applyErrors?.confirm?.length ? "confirm-errors" : undefined}
                />
                {T.confirmReplace}
              </label>
            ) : null}
            <Errors id="confirm-errors" messages={applyErrors?.confirm} />
            <Errors id="apply-errors" messages={applyErrors?.form} />
            <div className={formStyles.actions}>
              <Button type="submit" disabled={busy}>
                {preview.mode === "replace" ? T.applyReplace : T.applyFill}
              </Button>
            </div>
          </Form>
          <Form method="post" action={action} className={formStyles.form}>
            <input type="hidden" name="intent" value={GROUP_INTENTS.suggest} />
            <input type="hidden" name="seed" value={String((preview.seed % 2_147_483_646) + 1)} />
            <ModeChoice mode={preview.mode} />
            <div className={formStyles.actions}>
              <Button type="submit" variant="outline" disabled={busy}>
                {T.suggestAgain}
              </Button>
            </div>
          </Form>
        </div>
      )}
    </section>
  );
}
