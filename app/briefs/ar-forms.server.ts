/**
 * The A&R's forms on /ar/briefs and /ar/briefs/:briefId: close and reopen a
 * brief (both pages), rate an answer (the brief's page). Each checks on the
 * server that the brief is the viewer's (admins: any); someone else's brief
 * gets the same 404 as an unknown one.
 */
import { form } from "~/routing/forms.server";
import { feedbackLabel } from "~/shortlists/ratings";
import { redirectWithToast } from "~/toast/toast.server";
import { briefStatusSchema, rateSchema } from "./brief-schema";
import { rateAnswer, setBriefStatus } from "./briefs.server";
import { BRIEF_TEXT } from "./constants";

const T = BRIEF_TEXT.ar;

export function briefStatusForms(returnTo: (briefId: string) => string) {
  const change = (status: "open" | "closed") =>
    form({
      schema: briefStatusSchema,
      async handle({ db, viewer, value, reply }) {
        const changed = await setBriefStatus(db, viewer!, value.briefId, status);
        if (!changed.ok) {
          return changed.reason === "past-deadline"
            ? reply({ formErrors: [T.cannotReopenPastDeadline], status: 409 })
            : reply({ formErrors: [T.notFound], status: 404 });
        }
        return redirectWithToast(returnTo(value.briefId), { type: "success", message: status === "closed" ? T.closed(changed.title) : T.reopened(changed.title) });
      },
    });
  return { close: change("closed"), reopen: change("open") };
}

export function rateForm(briefIdOf: (params: Record<string, string | undefined>) => string, returnTo: (briefId: string, answerId: string) => string) {
  return form({
    schema: rateSchema,
    async handle({ db, viewer, params, value, reply }) {
      const briefId = briefIdOf(params);
      const rated = await rateAnswer(db, viewer!, briefId, value.answerId, value.rating);
      if (!rated) return reply({ formErrors: [T.answerNotFound], status: 404 });
      return redirectWithToast(returnTo(briefId, value.answerId), { type: "success", message: T.rated(feedbackLabel(value.rating)) });
    },
  });
}
