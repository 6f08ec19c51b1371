/**
 * The applicant's part of /dashboard (issue 11): what the section shows a
 * signed-up person without a role, and the forms it posts (save draft,
 * submit, add and remove a track, withdraw). The dashboard route spreads
 * `applicationForms` into its forms and puts `loadApplicantSection`'s result
 * in its loader data. docs/decisions/0070-applications.md
 */
import type { Viewer } from "~/auth/viewer";
import { getArRegistrationForUser } from "~/ar/registrations.server";
import { UploadRejectedError } from "~/catalog/upload.server";
import type { Database } from "~/platform/db/connect.server";
import { RATE_LIMITS } from "~/platform/rate-limit.server";
import type { StoragePort } from "~/platform/storage/port";
import { form, type FormReply, type ReplyOptions } from "~/routing/forms.server";
import { redirectWithToast } from "~/toast/toast.server";
import { draftSchema, removeTrackSchema, submitSchema, trackUploadSchema, withdrawSchema } from "./application-schema";
import {
  addApplicationTrack,
  ApplicationIncompleteError,
  ApplicationNotEditableError,
  getApplicationForUser,
  listApplicationTracks,
  listQuestions,
  OpenApplicationExistsError,
  removeApplicationTrack,
  saveDraft,
  submitApplication,
  TrackGroupFullError,
  TrackQuotaError,
  withdrawApplication,
  type ApplicationQuestion,
  type ApplicationTrackView,
  type ApplicationView,
} from "./applications.server";
import { APPLICATION_INTENTS, APPLICATION_PATH, APPLICATION_TEXT as T, isApplicationKind, type ApplicationKind } from "./constants";
import { getOpenOffer, type OpenOffer } from "./offers.server";

export interface ApplicantSection {
  /** The latest application (the open one when there is one); null before the first. */
  application: ApplicationView | null;
  /** Whether the form is shown: no application yet, a draft, or a closed one (withdrawn, declined). */
  showForm: boolean;
  /** The draft's tracks (the form's) or the submitted application's (the status view's). */
  tracks: ApplicationTrackView[];
  questions: ApplicationQuestion[];
  /** `?kind=writer|producer|both` (from /join/writer, /join/producer): preselected when nothing is saved. */
  preselectedKind: ApplicationKind | null;
  /** An open offer on an accepted application (the link to /accept). */
  offer: OpenOffer | null;
  /** The no-JavaScript withdraw confirmation step (`?withdraw=confirm`). */
  confirmWithdraw: boolean;
}

const FORM_STATUSES = new Set(["draft", "withdrawn", "declined"]);

/**
 * The section for a person without a role; null for members, A&R, admins and
 * a pending A&R (whose request the dashboard shows instead).
 */
export async function loadApplicantSection(
  db: Database,
  storage: StoragePort,
  viewer: Pick<Viewer, "id" | "role" | "isAdmin">,
  searchParams?: URLSearchParams,
): Promise<ApplicantSection | null> {
  if (viewer.role !== null || viewer.isAdmin) return null;
  const [stored, arRequest, questions] = await Promise.all([
    getApplicationForUser(db, viewer.id),
    getArRegistrationForUser(db, viewer.id),
    listQuestions(db),
  ]);
  if (arRequest?.status === "pending") return null;
  // The applicant never learns they were shortlisted: to them it is still in review (ADR 0070).
  const application = stored ? { ...stored, status: stored.status === "shortlisted" ? ("pending" as const) : stored.status } : null;
  const showForm = !application || FORM_STATUSES.has(application.status);
  const [tracks, offer] = await Promise.all([
    application && application.status !== "withdrawn" && application.status !== "declined" ? listApplicationTracks(db, storage, application.id) : [],
    application?.status === "accepted" ? getOpenOffer(db, viewer.id) : null,
  ]);
  const asked = searchParams?.get("kind");
  const open = application && application.status !== "withdrawn" && application.status !== "declined";
  return {
    application,
    showForm,
    tracks,
    questions,
    preselectedKind: isApplicationKind(asked) ? asked : null,
    offer,
    confirmWithdraw: Boolean(open) && searchParams?.get("withdraw") === "confirm",
  };
}

/**
 * Only a person without a role applies; a pending A&R does not either, nor
 * someone whose application was accepted (a new draft would hide their offer
 * on the dashboard). The reason, or null to go ahead.
 */
async function refusal(db: Database, viewer: Pick<Viewer, "id" | "role" | "isAdmin">): Promise<string | null> {
  if (viewer.role !== null || viewer.isAdmin) return T.notForMembers;
  const [request, accepted] = await Promise.all([
    getArRegistrationForUser(db, viewer.id),
    db.selectFrom("applications").select("id").where("user_id", "=", viewer.id).where("status", "=", "accepted").executeTakeFirst(),
  ]);
  if (request?.status === "pending") return T.notForPendingAr;
  return accepted ? T.hasOffer : null;
}

function knownRefusal(error: unknown, reply: (options: ReplyOptions) => FormReply): FormReply | null {
  if (error instanceof ApplicationNotEditableError) return reply({ formErrors: [T.notEditable], status: 409 });
  if (error instanceof OpenApplicationExistsError) return reply({ formErrors: [T.openExists], status: 409 });
  if (error instanceof ApplicationIncompleteError) {
    const fieldErrors = { ...error.fieldErrors };
    return reply({ formErrors: [T.fixErrors, ...error.formErrors], fieldErrors, status: 400 });
  }
  return null;
}

export const applicationForms = {
  [APPLICATION_INTENTS.save]: form({
    schema: draftSchema,
    async handle({ db, viewer, value, reply }) {
      const refused = await refusal(db, viewer!);
      if (refused) return reply({ formErrors: [refused], status: 403 });
      try {
        await saveDraft(db, viewer!.id, value);
      } catch (error) {
        const answered = knownRefusal(error, reply);
        if (answered) return answered;
        throw error;
      }
      return redirectWithToast(APPLICATION_PATH, { type: "success", message: T.draftSaved });
    },
  }),
  [APPLICATION_INTENTS.submit]: form({
    schema: submitSchema,
    async handle({ db, viewer, value, reply }) {
      const refused = await refusal(db, viewer!);
      if (refused) return reply({ formErrors: [refused], status: 403 });
      try {
        await submitApplication(db, viewer!.id, value);
      } catch (error) {
        const answered = knownRefusal(error, reply);
        if (answered) return answered;
        throw error;
      }
      return redirectWithToast(APPLICATION_PATH, { type: "success", message: T.submitted });
    },
  }),
  [APPLICATION_INTENTS.addTrack]: form({
    schema: trackUploadSchema,
    rateLimit: { rule: RATE_LIMITS.uploadsPerUser, subject: ({ viewer }) => viewer!.id },
    async handle({ db, storage, viewer, value, reply }) {
      const refused = await refusal(db, viewer!);
      if (refused) return reply({ formErrors: [refused], status: 403 });
      try {
        const audio = new Uint8Array(await value.audio.arrayBuffer());
        const track = await addApplicationTrack({ db, storage, userId: viewer!.id, mode: value.mode, title: value.title, audio, fileName: value.audio.name, kind: value.kind });
        return redirectWithToast(APPLICATION_PATH, { type: "success", message: T.uploaded(track.title) });
      } catch (error) {
        if (error instanceof TrackGroupFullError || error instanceof TrackQuotaError) return reply({ formErrors: [error.message], status: 409 });
        if (error instanceof UploadRejectedError) return reply({ fieldErrors: { audio: [error.message] }, status: 422 });
        const answered = knownRefusal(error, reply);
        if (answered) return answered;
        throw error;
      }
    },
  }),
  [APPLICATION_INTENTS.removeTrack]: form({
    schema: removeTrackSchema,
    async handle({ db, storage, viewer, value, reply }) {
      const removed = await removeApplicationTrack(db, storage, viewer!.id, value.trackId);
      if (!removed) return reply({ formErrors: [T.trackNotFound], status: 404 });
      return redirectWithToast(APPLICATION_PATH, { type: "success", message: T.removed(removed.title) });
    },
  }),
  [APPLICATION_INTENTS.withdraw]: form({
    schema: withdrawSchema,
    async handle({ db, storage, viewer, reply }) {
      const withdrawn = await withdrawApplication(db, storage, viewer!.id);
      if (!withdrawn) return reply({ formErrors: [T.noOpenApplication], status: 404 });
      return redirectWithToast(APPLICATION_PATH, { type: "success", message: T.withdrawn });
    },
  }),
};
