/**
 * /admin/camps/:campId (admin guard, issue 13 §1, ADR 0086): one camp's
 * planning. Its details (dates, venue, zone), rooms and daily slots (every
 * change keeps one session per room x slot x day, in the same transaction),
 * who is coming (answers, and per day how many accepted people can come, by
 * role), the roster (camp roles, withdrawing an invitation) and inviting
 * members (each gets an inbox notice). Links to the groups, the review and
 * the camp's calendar. Every form works without JavaScript; every change is
 * recorded in the audit log. Unknown and malformed ids are 404.
 */
import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { DetailsForm } from "~/camps/AdminCampForms";
import { ComingSection, InviteSection, RosterSection, RoomsSection, SlotsSection } from "~/camps/AdminCampSections";
import {
  addRoomSchema,
  addSlotSchema,
  changeRoleSchema,
  detailsSchema,
  inviteSchema,
  removeRoomSchema,
  removeSlotSchema,
  updateRoomSchema,
  withdrawSchema,
} from "~/camps/planning-schema";
import { ADMIN_CAMPS_PATH, adminCampPath, campDateRange, formatCampDay, PHASE_LABELS, PLANNING_TEXT as T } from "~/camps/planning-text";
import {
  addRoom,
  addSlot,
  changeCampRole,
  ConfirmationNeededError,
  getCampPlanning,
  inviteMembers,
  PlanningError,
  removeRoom,
  removeSlot,
  updateCampDetails,
  updateRoom,
  withdrawInvitation,
} from "~/camps/planning.server";
import * as styles from "~/camps/planning.css";
import { campRoleLabel } from "~/camps/roles";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { timeZoneLabel, timeZones } from "~/profile/time-zones";
import { form, type FormReply, type ReplyOptions } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && "planning" in loaded ? loaded.planning.camp.name : T.notFoundTitle} | Camps | Admin | ${PRODUCT_NAME}` },
];

/** A refusal of the planning code as the form's reply: under its field, or a confirmation step, or over the form. */
function refused(reply: (options: ReplyOptions) => FormReply, error: unknown): FormReply {
  if (error instanceof ConfirmationNeededError) return reply({ fieldErrors: { confirm: [error.message] }, status: 409 });
  if (error instanceof PlanningError) {
    return error.field ? reply({ fieldErrors: { [error.field]: [error.message] }, status: error.status }) : reply({ formErrors: [error.message], status: error.status });
  }
  throw error;
}

const route = defineRoute({
  access: "admin",
  async load({ db, params, url }) {
    const planning = await getCampPlanning(db, params.campId ?? "", { query: url.searchParams.get("q") ?? "" });
    if (!planning) return data({ missing: true } as const, { status: 404 });
    const withdrawing = url.searchParams.get("withdraw");
    return { planning, zones: timeZones(), withdrawing: planning.roster.some((r) => r.memberId === withdrawing) ? withdrawing : null };
  },
  forms: {
    details: form({
      schema: detailsSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          const { changed } = await updateCampDetails(db, viewer!, campId, value);
          return redirectWithToast(adminCampPath(campId), changed ? { type: "success", message: T.detailsSaved } : { type: "info", message: T.noChanges });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    addRoom: form({
      schema: addRoomSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          await addRoom(db, viewer!, campId, { name: value.name, capacity: value.capacity });
          return redirectWithToast(adminCampPath(campId), { type: "success", message: T.roomAdded(value.name) });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    updateRoom: form({
      schema: updateRoomSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          const { changed } = await updateRoom(db, viewer!, campId, value.roomId, { name: value.name, capacity: value.capacity });
          return redirectWithToast(adminCampPath(campId), changed ? { type: "success", message: T.roomSaved(value.name) } : { type: "info", message: T.noChanges });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    removeRoom: form({
      schema: removeRoomSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          const { name } = await removeRoom(db, viewer!, campId, value.roomId, value.confirm === "yes");
          return redirectWithToast(adminCampPath(campId), { type: "success", message: T.roomRemoved(name) });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    addSlot: form({
      schema: addSlotSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          await addSlot(db, viewer!, campId, { startsAt: value.startsAt, endsAt: value.endsAt });
          return redirectWithToast(adminCampPath(campId), { type: "success", message: T.slotAdded(`${value.startsAt}–${value.endsAt}`) });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    removeSlot: form({
      schema: removeSlotSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          const { label } = await removeSlot(db, viewer!, campId, value.slotId, value.confirm === "yes");
          return redirectWithToast(adminCampPath(campId), { type: "success", message: T.slotRemoved(label) });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    invite: form({
      schema: inviteSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          const { invited } = await inviteMembers(db, viewer!, campId, value.memberId);
          return redirectWithToast(`${adminCampPath(campId)}#roster`, invited.length > 0 ? { type: "success", message: T.invited(invited.length) } : { type: "info", message: T.invitedNone });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    changeRole: form({
      schema: changeRoleSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          const { name, changed } = await changeCampRole(db, viewer!, campId, value.memberId, value.campRole);
          return redirectWithToast(`${adminCampPath(campId)}#roster`, changed ? { type: "success", message: T.roleChanged(name, campRoleLabel(value.campRole)) } : { type: "info", message: T.noChanges });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    withdraw: form({
      schema: withdrawSchema,
      async handle({ db, viewer, params, value, reply }) {
        const campId = params.campId ?? "";
        try {
          const { name } = await withdrawInvitation(db, viewer!, campId, value.memberId);
          return redirectWithToast(`${adminCampPath(campId)}#roster`, { type: "success", message: T.withdrawn(name) });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminCampRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { intent: string; result: SubmissionResult<string[]> } | undefined;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);

  if (!("planning" in loaded)) {
    return (
      <>
        <PageHeader eyebrow={T.eyebrow} title={T.notFoundTitle} />
        <EmptyState
          icon="search"
          title={T.notFoundTitle}
          actions={
            <ButtonLink to={ADMIN_CAMPS_PATH} variant="outline">
              {T.links.back}
            </ButtonLink>
          }
        >
          {T.errors.notFound}
        </EmptyState>
      </>
    );
  }

  const { planning, zones, withdrawing } = loaded;
  const { camp } = planning;
  const action = adminCampPath(camp.id);
  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to={ADMIN_CAMPS_PATH} className={page.textLink}>
          ← {T.links.back}
        </Link>
      </nav>
      <PageHeader
        eyebrow={`Camp · ${PHASE_LABELS[camp.phase]}`}
        title={camp.name}
        lead={`${campDateRange(camp.startsOn, camp.endsOn)} · ${camp.venue} · ${timeZoneLabel(camp.timeZone)}`}
        actions={
          <>
            <ButtonLink to={`${action}/schedule`} variant="uber">
              {T.links.schedule}
            </ButtonLink>
            <ButtonLink to={`${action}/review`} variant="outline">
              {T.links.review}
            </ButtonLink>
          </>
        }
      />
      <div className={styles.stack}>
        <p className={styles.linkRow}>
          <a href={`/camps/${camp.id}/calendar.ics`} className={page.textLink}>
            {T.links.calendar}
          </a>
          <span className={styles.subtle}>{`${formatCampDay(camp.startsOn)} – ${formatCampDay(camp.endsOn)}`}</span>
        </p>
        {camp.description ? <p className={styles.description}>{camp.description}</p> : null}
        <ComingSection planning={planning} />
        <RosterSection action={action} planning={planning} withdrawing={withdrawing} resultFor={resultFor} />
        <InviteSection action={action} planning={planning} resultFor={resultFor} />
        <section className={page.card} aria-labelledby="details-title">
          <h2 id="details-title" className={page.sectionTitle}>
            {T.detailsTitle}
          </h2>
          <DetailsForm
            key={`${camp.startsOn}${camp.endsOn}${camp.name}`}
            action={action}
            camp={{ name: camp.name, venue: camp.venue, timeZone: camp.timeZone, startsOn: camp.startsOn, endsOn: camp.endsOn, description: camp.description ?? "" }}
            lastResult={resultFor("details")}
            zones={zones}
          />
        </section>
        <RoomsSection action={action} planning={planning} resultFor={resultFor} />
        <SlotsSection action={action} planning={planning} resultFor={resultFor} />
      </div>
    </>
  );
}
