/**
 * /admin/camps/{campId}/schedule (admin guard, ADR 0087): the groups of every
 * session of a camp. Per day a grid of slots x rooms with each group (names,
 * roles, seats used) and who is free in each slot; per person "Move to" and
 * "Remove", per session "Add"; "Suggest groups" shows a preview with its
 * figures, "Use these groups" saves it (the proposal comes back in a hidden
 * field and is checked again whole). Every form works without JavaScript;
 * refusals come back as 4xx with the sentence under the form and at the top.
 * Unknown and malformed camp ids are 404.
 */
import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { getSessionHeaders } from "~/auth/request-context.server";
import { addSchema, applySchema, moveSchema, removeSchema, suggestSchema } from "~/camps/groups-schema";
import {
  applyGroups,
  decodeProposal,
  encodeProposal,
  GroupsError,
  loadSchedule,
  moveMember,
  placeMember,
  removeMember,
  suggestForCamp,
  suggestionInput,
} from "~/camps/groups.server";
import { adminCampSchedulePath, GROUP_INTENTS, GROUPS_TEXT as T } from "~/camps/groups-text";
import { pairingMetrics } from "~/camps/pairing";
import { formKey, ScheduleGrid, type LastError } from "~/camps/ScheduleGrid";
import { SuggestPanel, type PreviewData } from "~/camps/ScheduleSuggest";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form, type FormReply } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Alert } from "~/ui/Alert";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && "schedule" in loaded ? T.title(loaded.schedule.camp.name) : T.notFoundTitle} | Admin | ${PRODUCT_NAME}` },
];

interface ActionData {
  intent: string;
  result: SubmissionResult<string[]>;
  preview?: PreviewData;
}

/** A reply that carries more than the form's result (the preview), with the request's session cookies. */
function replyWith(request: Request, body: ActionData, status: number): FormReply {
  return data(body, { status, headers: getSessionHeaders(request) }) as unknown as FormReply;
}

const campIdOf = (params: Record<string, string | undefined>) => params.campId ?? "";

const route = defineRoute({
  access: "admin",
  async load({ db, params }) {
    const schedule = await loadSchedule(db, campIdOf(params));
    if (!schedule) return data({ missing: true } as const, { status: 404 });
    return { schedule };
  },
  forms: {
    [GROUP_INTENTS.add]: form({
      schema: addSchema,
      async handle({ db, params, viewer, value, reply }) {
        const campId = campIdOf(params);
        try {
          const placed = await placeMember(db, viewer!, { campId, sessionId: value.sessionId, memberId: value.memberId });
          return redirectWithToast(adminCampSchedulePath(campId), { type: "success", message: T.placed(placed.name, placed.room) });
        } catch (error) {
          if (error instanceof GroupsError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
      },
    }),
    [GROUP_INTENTS.move]: form({
      schema: moveSchema,
      async handle({ db, params, viewer, value, reply }) {
        const campId = campIdOf(params);
        try {
          const moved = await moveMember(db, viewer!, { campId, memberId: value.memberId, fromSessionId: value.fromSessionId, toSessionId: value.toSessionId });
          return redirectWithToast(adminCampSchedulePath(campId), { type: "success", message: T.moved(moved.name, moved.room) });
        } catch (error) {
          if (error instanceof GroupsError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
      },
    }),
    [GROUP_INTENTS.remove]: form({
      schema: removeSchema,
      async handle({ db, params, viewer, value, reply }) {
        const campId = campIdOf(params);
        try {
          const removed = await removeMember(db, viewer!, { campId, sessionId: value.sessionId, memberId: value.memberId });
          return redirectWithToast(adminCampSchedulePath(campId), { type: "success", message: T.removed(removed.name, removed.room) });
        } catch (error) {
          if (error instanceof GroupsError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
      },
    }),
    [GROUP_INTENTS.suggest]: form({
      schema: suggestSchema,
      async handle({ db, params, request, intent, submission, value, reply }) {
        try {
          const suggestion = await suggestForCamp(db, campIdOf(params), value.mode, value.seed);
          const preview: PreviewData = {
            mode: suggestion.mode,
            seed: suggestion.seed,
            groups: suggestion.groups,
            proposal: encodeProposal(suggestion.groups),
            metrics: suggestion.metrics,
          };
          return replyWith(request, { intent, result: submission.reply(), preview }, 200);
        } catch (error) {
          if (error instanceof GroupsError) return reply({ formErrors: [error.message], status: error.status });
          throw error;
        }
      },
    }),
    [GROUP_INTENTS.apply]: form({
      schema: applySchema,
      async handle({ db, params, viewer, request, intent, submission, value }) {
        const campId = campIdOf(params);
        const groups = decodeProposal(value.proposal);
        // A refusal shows the same preview again (when it can be read), with the reason.
        const refuse = async (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => {
          let preview: PreviewData | undefined;
          const schedule = groups ? await loadSchedule(db, campId) : null;
          if (schedule && groups) {
            const known = new Set(schedule.sessions.map((s) => s.id));
            const shown = groups.filter((g) => known.has(g.sessionId));
            const input = await suggestionInput(db, schedule, value.mode, 1);
            const sessions = shown.map((g) => {
              const s = schedule.sessions.find((x) => x.id === g.sessionId)!;
              const members = value.mode === "fill" ? [...new Set([...s.memberIds, ...g.memberIds])] : g.memberIds;
              return { day: s.day, slotId: s.slotId, roomId: s.roomId, memberIds: members };
            });
            preview = { mode: value.mode, seed: 1, groups: shown, proposal: value.proposal, metrics: pairingMetrics(input, sessions) };
          }
          return replyWith(request, { intent, result: submission.reply(errors), preview }, status);
        };
        if (!groups) return refuse(400, { formErrors: [T.errors.proposal] });
        if (value.mode === "replace" && value.confirm !== "yes") return refuse(400, { fieldErrors: { confirm: [T.errors.confirmReplace] } });
        try {
          const applied = await applyGroups(db, viewer!, campId, groups, { replace: value.mode === "replace" });
          return redirectWithToast(adminCampSchedulePath(campId), {
            type: applied.sessions === 0 ? "info" : "success",
            message: applied.sessions === 0 ? T.appliedNothing : T.applied(applied.sessions, applied.people),
          });
        } catch (error) {
          if (error instanceof GroupsError) return refuse(error.status, { formErrors: [error.message] });
          throw error;
        }
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

const messagesOf = (result: SubmissionResult<string[]> | undefined, field?: string): string[] => {
  if (!result?.error) return [];
  if (field !== undefined) return (result.error[field] ?? []).filter(Boolean);
  return Object.values(result.error)
    .flat()
    .filter((m): m is string => Boolean(m));
};

/** Which grid form a refusal belongs to, from the values it sent. */
function gridError(actionData: ActionData | undefined): LastError | null {
  if (!actionData || !actionData.result.error) return null;
  const values = (actionData.result.initialValue ?? {}) as Record<string, unknown>;
  const str = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const messages = messagesOf(actionData.result);
  if (messages.length === 0) return null;
  switch (actionData.intent) {
    case GROUP_INTENTS.add:
      return { key: formKey.add(str("sessionId")), messages };
    case GROUP_INTENTS.move:
      return { key: formKey.move(str("fromSessionId"), str("memberId")), messages };
    case GROUP_INTENTS.remove:
      return { key: formKey.remove(str("sessionId"), str("memberId")), messages };
    default:
      return null;
  }
}

export default function AdminCampScheduleRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;

  if (!("schedule" in loaded)) {
    return (
      <>
        <PageHeader eyebrow={T.eyebrow} title={T.notFoundTitle} />
        <EmptyState
          icon="calendar"
          title={T.notFoundTitle}
          actions={
            <ButtonLink to="/admin/camps" variant="outline">
              {T.allCamps}
            </ButtonLink>
          }
        >
          {T.notFoundText}
        </EmptyState>
      </>
    );
  }

  const { schedule } = loaded;
  const action = adminCampSchedulePath(schedule.camp.id);
  const participants = schedule.people.filter((p) => p.status === "accepted").length;
  const groups = schedule.sessions.filter((s) => s.memberIds.length >= 2).length;
  const error = gridError(actionData);
  const preview = actionData?.intent === GROUP_INTENTS.apply || actionData?.intent === GROUP_INTENTS.suggest ? (actionData.preview ?? null) : null;

  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to={`/admin/camps/${schedule.camp.id}`} className={page.textLink}>
          ← {T.back}
        </Link>
      </nav>
      <PageHeader eyebrow={T.eyebrow} title={T.title(schedule.camp.name)} lead={T.lead} />
      {error ? (
        <Alert variant="destructive" title={error.messages[0]}>
          {error.messages.slice(1).join(" ")}
        </Alert>
      ) : null}
      <section className={page.card} aria-labelledby="glance-title">
        <h2 id="glance-title" className={page.sectionTitle}>
          {T.summaryTitle}
        </h2>
        <p data-testid="schedule-summary">{T.summary(participants, groups, schedule.sessions.length)}</p>
        <p className={page.muted}>{T.timesNote(schedule.camp.timeZone)}</p>
        {participants === 0 ? <p>{T.noParticipants}</p> : null}
      </section>
      {participants > 0 ? (
        <SuggestPanel
          schedule={schedule}
          action={action}
          preview={preview}
          suggestErrors={actionData?.intent === GROUP_INTENTS.suggest ? messagesOf(actionData.result) : undefined}
          applyErrors={
            actionData?.intent === GROUP_INTENTS.apply
              ? { form: messagesOf(actionData.result).filter((m) => !messagesOf(actionData.result, "confirm").includes(m)), confirm: messagesOf(actionData.result, "confirm") }
              : undefined
          }
        />
      ) : null}
      <p className={page.muted}>{T.dragHint}</p>
      <ScheduleGrid schedule={schedule} action={action} error={error} />
    </>
  );
}
