/**
 * /camps/:campId (member guard, ADR 0089): one camp as its invitee sees it,
 * whatever their answer, and as admins see it; anyone else, and unknown or
 * malformed ids, get 404 (nobody learns that a camp exists).
 *
 * The camp (venue, dates, the venue's time zone, description), the
 * invitation and its answer form (accept with days, decline, change days),
 * the member's own sessions (times in the venue's zone and their own), the
 * schedule for the camp's participants, and links to each session, the
 * review and the camp's calendar file. An answer that would take the member
 * out of sessions shows which ones first (?step=confirm: a GET that changes
 * nothing, then a second post), with or without JavaScript. The answer form
 * of the dashboard posts here too and comes back to a fixed page it names
 * (`back`: camp, camps or dashboard), never to an address from the request.
 */
import type { MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { answerInvitation, getMemberCamp, sessionsLostByAnswer, type LostSession } from "~/camps/invitations.server";
import { AnswerForm, campDates, GroupLine, SessionLink, SessionTimes, shortCampDay } from "~/camps/MemberCampParts";
import { answerSchema } from "~/camps/member-schema";
import { ANSWER_INTENT, MEMBER_CAMP_TEXT, type AnswerBack } from "~/camps/member-text";
import * as styles from "~/camps/member-camps.css";
import { campRoleLabel } from "~/camps/roles";
import { formatInZone, zoneAbbreviation } from "~/camps/time";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import * as formStyles from "~/layout/form.css";
import { PageHeader } from "~/layout/PageHeader";
import { form, type FormActionData } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

const T = MEMBER_CAMP_TEXT;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: `${loaded?.view.camp.name ?? "Camp"} | ${T.listTitle} | ${PRODUCT_NAME}`,
  },
];

const BACK_TARGET = (back: AnswerBack | undefined, campId: string) => (back === "dashboard" ? "/dashboard" : back === "camps" ? "/camps" : `/camps/${campId}`);

const notFound = () => new Response("Not Found", { status: 404 });

/** The confirmation step's answer, read from the query (?step=confirm&answer=...&days=...). */
function confirmationFrom(url: URL) {
  if (url.searchParams.get("step") !== "confirm") return null;
  const parsed = answerSchema.safeParse({
    answer: url.searchParams.get("answer") ?? undefined,
    days: url.searchParams.getAll("days"),
    back: url.searchParams.get("back") ?? undefined,
  });
  return parsed.success ? parsed.data : null;
}

const route = defineRoute({
  access: "member",
  async load({ db, params, viewer, url }) {
    const campId = params.campId ?? "";
    const view = await getMemberCamp(db, viewer, campId);
    if (!view) throw notFound();
    const asked = view.invitation && view.camp.phase !== "past" ? confirmationFrom(url) : null;
    let confirm: {
      answer: "accept" | "decline";
      days: string[];
      back: AnswerBack | undefined;
      sessions: LostSession[];
    } | null = null;
    if (asked) {
      const sessions = await sessionsLostByAnswer(db, viewer.id, campId, asked);
      if (sessions.length > 0)
        confirm = {
          answer: asked.answer,
          days: asked.answer === "accept" ? asked.days : [],
          back: asked.back,
          sessions,
        };
    }
    return { view, confirm, isAdmin: viewer.isAdmin };
  },
  forms: {
    [ANSWER_INTENT]: form({
      schema: answerSchema,
      async handle({ db, params, viewer, value, reply }) {
        const campId = params.campId ?? "";
        const outcome = await answerInvitation(db, viewer!, campId, {
          answer: value.answer,
          days: value.days,
          requireConfirmation: value.confirm !== "leave",
        });
        switch (outcome.status) {
          case "not-found":
            throw notFound();
          case "past":
            return reply({ formErrors: [T.errors.past], status: 409 });
          case "no-days":
            return reply({ fieldErrors: { days: [T.errors.noDays] } });
          case "not-camp-days":
            return reply({ fieldErrors: { days: [T.errors.notCampDay] } });
          case "confirm": {
            const query = new URLSearchParams({
              step: "confirm",
              answer: value.answer,
            });
            if (value.answer === "accept") for (const day of value.days) query.append("days", day);
            if (value.back) query.set("back", value.back);
            return redirect(`/camps/${campId}?${query}#confirm`);
          }
          case "saved": {
            const said = outcome.answer === "decline" ? T.declined : outcome.previous === "accepted" ? T.daysSaved : T.accepted;
            const left = outcome.removedFrom.length > 0 ? T.removedFrom(outcome.removedFrom.length) : "";
            return redirectWithToast(BACK_TARGET(value.back, campId), {
              type: "success",
              message: `${said}${left}`,
            });
          }
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt className={styles.detailTerm}>{term}</dt>
      <dd className={styles.detailValue}>{children}</dd>
    </div>
  );
}

export default function CampRoute() {
  const { view, confirm, isAdmin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const lastResult = actionData?.intent === ANSWER_INTENT ? actionData.result : undefined;
  const { camp, invitation, participant, mySessions, schedule, sessionsPerDay, viewerTimeZone } = view;
  const zoneNow = zoneAbbreviation(new Date(`${camp.startsOn}T12:00:00Z`), camp.timeZone);
  const showReview = participant && camp.phase !== "upcoming";
  const days = camp.days;
  const scheduleByDay = days.map((day) => ({ day, sessions: schedule.filter((s) => s.day === day) })).filter((d) => d.sessions.length > 0);

  return (
    <div className={`${container} ${page.page}`}>
      <nav aria-label="Breadcrumb">
        <Link to="/camps" className={page.textLink}>
          ← {T.backToList}
        </Link>
      </nav>
      <PageHeader
        eyebrow={camp.phase === "running" ? `${T.campEyebrow} · ${T.running}` : T.campEyebrow}
        title={<span className={styles.campName}>{camp.name}</span>}
        lead={`${camp.venue} · ${campDates(camp.startsOn, camp.endsOn)}`}
        actions={
          isAdmin ? (
            <ButtonLink to={`/admin/camps/${camp.id}`} variant="outline">
              {T.manageAsAdmin}
            </ButtonLink>
          ) : undefined
        }
      />
      <div className={styles.twoColumns}>
        <div className={styles.stack}>
          <section className={page.card} aria-labelledby="invitation-title" id="invitation">
            <h2 id="invitation-title" className={page.sectionTitle}>
              {T.invitationTitle}
            </h2>
            {!invitation ? (
              <p className={page.muted}>{T.notInvitedAdmin}</p>
            ) : (
              <>
                <dl className={styles.details}>
                  <Detail term={T.yourRole}>{campRoleLabel(invitation.campRole)}</Detail>
                  <Detail term={T.answerTerm}>
                    <span className={styles.badge} data-testid="invitation-status">
                      {camp.phase === "past" ? T.pastStatus[invitation.status] : T.status[invitation.status]}
                    </span>
                  </Detail>
                  {invitation.status === "accepted" ? <Detail term={T.daysTerm}>{invitation.availableDays.map(shortCampDay).join(", ")}</Detail> : null}
                </dl>
                {camp.phase === "past" ? (
                  <p className={page.muted}>{T.pastClosed}</p>
                ) : confirm ? (
                  <ConfirmStep campId={camp.id} confirm={confirm} venueZone={camp.timeZone} />
                ) : (
                  <>
                    <p className={page.muted}>{T.answerLead}</p>
                    <AnswerForm
                      campId={camp.id}
                      days={days}
                      checkedDays={invitation.status === "accepted" ? invitation.availableDays : days}
                      status={invitation.status}
                      sessionsPerDay={sessionsPerDay}
                      back="camp"
                      lastResult={lastResult}
                      headingId="invitation-title"
                    />
                  </>
                )}
              </>
            )}
          </section>

          {invitation ? (
            <section className={page.card} aria-labelledby="my-sessions-title">
              <h2 id="my-sessions-title" className={page.sectionTitle}>
                {T.mySessionsTitle}
              </h2>
              {mySessions.length === 0 ? (
                <p className={page.muted}>{invitation.status === "accepted" ? T.mySessionsEmpty : T.mySessionsNotAccepted}</p>
              ) : (
                <ul className={styles.sessionList} data-testid="my-sessions">
                  {mySessions.map((session) => (
                    <li key={session.sessionId} className={styles.sessionItem}>
                      <SessionTimes session={session} venueZone={camp.timeZone} viewerZone={viewerTimeZone} />
                      <p className={styles.sessionLine}>
                        {T.room}: {session.roomName}
                      </p>
                      <p className={styles.sessionLine}>
                        {T.with}: <GroupLine group={session.group} />
                      </p>
                      {participant ? (
                        <SessionLink
                          campId={camp.id}
                          sessionId={session.sessionId}
                          label={T.sessionLink(session.roomName, formatInZone(new Date(session.startsAtUtc), camp.timeZone))}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
        </div>

        <aside className={styles.stack} aria-label="About the camp">
          <section className={page.card} aria-labelledby="camp-title">
            <h2 id="camp-title" className={page.sectionTitle}>
              {T.campEyebrow}
            </h2>
            <dl className={styles.details}>
              <Detail term={T.venue}>{camp.venue}</Detail>
              <Detail term={T.dates}>{campDates(camp.startsOn, camp.endsOn)}</Detail>
              <Detail term={T.timeZone}>{`${camp.timeZone} (${zoneNow})`}</Detail>
            </dl>
            {camp.description ? <p className={styles.detailValue}>{camp.description}</p> : null}
            {participant || showReview ? (
              <div className={styles.links}>
                {participant ? (
                  <a href={`/camps/${camp.id}/calendar.ics`} className={page.textLink} download>
                    {T.calendarFile}
                  </a>
                ) : null}
                {showReview ? (
                  <Link to={`/camps/${camp.id}/review`} className={page.textLink}>
                    {T.review}
                  </Link>
                ) : null}
                <Link to="/calendar" className={page.textLink}>
                  {T.yourCalendar}
                </Link>
              </div>
            ) : null}
          </section>
        </aside>
      </div>

      {participant ? (
        <section className={page.card} aria-labelledby="schedule-title">
          <h2 id="schedule-title" className={page.sectionTitle}>
            {T.scheduleTitle}
          </h2>
          <p className={page.muted}>{T.scheduleLead}</p>
          {scheduleByDay.length === 0 ? (
            <p className={page.muted}>{T.scheduleEmpty}</p>
          ) : (
            scheduleByDay.map(({ day, sessions }) => (
              <div key={day}>
                <h3 className={styles.dayTitle}>{shortCampDay(day)}</h3>
                <ul className={styles.sessionList} data-testid="camp-schedule">
                  {sessions.map((session) => (
                    <li key={session.sessionId} className={styles.sessionItem}>
                      <p className={styles.sessionWhen}>
                        {`${session.startsAt}–${session.endsAt}`} · {session.roomName}
                      </p>
                      <p className={styles.sessionLine}>
                        <GroupLine group={session.group} roles={false} />
                      </p>
                      <SessionLink
                        campId={camp.id}
                        sessionId={session.sessionId}
                        label={T.sessionLink(session.roomName, `${session.startsAt} on ${shortCampDay(day)}`)}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </section>
      ) : null}
    </div>
  );
}

function ConfirmStep({
  campId,
  confirm,
  venueZone,
}: {
  campId: string;
  confirm: {
    answer: "accept" | "decline";
    days: string[];
    back: AnswerBack | undefined;
    sessions: LostSession[];
  };
  venueZone: string;
}) {
  return (
    <div id="confirm" data-testid="answer-confirm" className={formStyles.form}>
      <h3 className={styles.dayTitle}>{T.confirmTitle}</h3>
      <p>{confirm.answer === "decline" ? T.confirmDeclineLead : T.confirmDropLead}</p>
      <ul className={styles.sessionList}>
        {confirm.sessions.map((session) => (
          <li key={session.sessionId} className={styles.sessionItem}>
            <p className={styles.sessionWhen}>{`${shortCampDay(session.day)}, ${session.startsAt}–${session.endsAt}`}</p>
            <p className={styles.sessionLine}>
              {T.room}: {session.roomName} <span className={page.muted}>({T.venueTime(venueZone)})</span>
            </p>
          </li>
        ))}
      </ul>
      <Form method="post" action={`/camps/${campId}`} className={formStyles.actions} preventScrollReset>
        <input type="hidden" name="intent" value={ANSWER_INTENT} />
        <input type="hidden" name="answer" value={confirm.answer} />
        {confirm.days.map((day) => (
          <input key={day} type="hidden" name="days" value={day} />
        ))}
        <input type="hidden" name="confirm" value="leave" />
        {confirm.back ? <input type="hidden" name="back" value={confirm.back} /> : null}
        <Button type="submit" variant="destructive" className={styles.buttonWrap}>
          {T.confirmSubmit}
        </Button>
        <Link to={`/camps/${campId}`} className={page.textLink}>
          {T.confirmCancel}
        </Link>
      </Form>
    </div>
  );
}
