/**
 * The applicant's part of /dashboard: the application form (a new one, or the
 * draft) or, once submitted, where it stands (ApplicationStatus) with the
 * tracks sent and the way to withdraw. Every form works without JavaScript
 * (plain posts, field errors from the server's reply); with it, uploads show
 * a progress bar and withdrawing asks in a dialog. ADR 0070.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ApplicationStatus } from "~/dashboard/ApplicationStatus";
import { DASHBOARD_TEXT } from "~/dashboard/dashboard-text";
import { formatDay } from "~/dashboard/greeting";
import type { ApplicationStanding } from "~/dashboard/standing";
import * as dashboardStyles from "~/dashboard/dashboard.css";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import type { FormActionData } from "~/routing/forms.server";
import { Button, ButtonLink } from "~/ui/Button";
import { useMounted } from "~/ui/useMounted";
import type { ApplicantSection } from "./applicant.server";
import { ApplicationTrackList, type ListedTrack } from "./ApplicationTrackList";
import { APPLICATION_INTENTS, APPLICATION_KINDS, APPLICATION_LIMITS as LIMITS, APPLICATION_PATH, APPLICATION_TEXT as T, MODE_TEXT } from "./constants";
import * as styles from "./applications.css";
import { TRACK_MODES } from "./track-ids";
import { TrackUploadForm } from "./TrackUploadForm";

/** What the loader sends (dates as strings). */
type Section = Omit<ApplicantSection, "tracks"> & { tracks: ListedTrack[] };

const DETAIL_INTENTS: string[] = [APPLICATION_INTENTS.save, APPLICATION_INTENTS.submit];

export function ApplicantArea({ applicant, standing, timeZone }: { applicant: Section; standing: ApplicationStanding | null; timeZone: string }) {
  const actionData = useActionData<FormActionData>();
  const application = applicant.application;
  const open = application !== null && application.status !== "withdrawn" && application.status !== "declined";
  const withdrawErrors = actionData?.intent === APPLICATION_INTENTS.withdraw ? actionData.result.error?.[""] ?? actionData.result.error?.confirm : undefined;
  return (
    <>
      {standing ? (
        <ApplicationStatus standing={standing} timeZone={timeZone}>
          {open && applicant.tracks.length > 0 ? <SentTracks tracks={applicant.tracks} /> : null}
          {open && application.status !== "accepted" ? (
            <WithdrawSection draft={false} confirming={applicant.confirmWithdraw} errors={withdrawErrors ?? undefined} />
          ) : null}
          {application?.status === "declined" ? <p className={page.muted}>{T.declinedBefore}</p> : null}
        </ApplicationStatus>
      ) : null}
      {applicant.showForm ? (
        <section className={dashboardStyles.section} aria-labelledby="apply-title" data-testid="application-form-section">
          <h2 id="apply-title" className={dashboardStyles.sectionHeadTitle}>
            {T.formTitle}
          </h2>
          <p className={dashboardStyles.sectionLead}>{T.formLead}</p>
          {application?.status === "withdrawn" ? (
            <p className={page.muted}>{T.withdrawnBefore(formatDay(application.updatedAt, timeZone))}</p>
          ) : null}
          {application?.status === "draft" ? (
            <p className={page.muted} data-testid="application-draft">
              {T.draftSince(formatDay(application.updatedAt, timeZone))}
            </p>
          ) : null}
          <TracksSection applicant={applicant} actionData={actionData} />
          <DetailsForm applicant={applicant} actionData={actionData} />
          {application?.status === "draft" ? <WithdrawSection draft confirming={applicant.confirmWithdraw} errors={withdrawErrors ?? undefined} /> : null}
        </section>
      ) : null}
    </>
  );
}

function SentTracks({ tracks }: { tracks: ListedTrack[] }) {
  return (
    <div className={styles.groups}>
      <h3 className={page.sectionTitle}>{DASHBOARD_TEXT.application.tracksTitle}</h3>
      {TRACK_MODES.filter((mode) => tracks.some((track) => track.mode === mode)).map((mode) => (
        <div key={mode} className={styles.group}>
          <h4 className={styles.groupTitle}>{MODE_TEXT[mode].title}</h4>
          <ApplicationTrackList tracks={tracks} mode={mode} headingLevel={4} />
        </div>
      ))}
    </div>
  );
}

function TracksSection({ applicant, actionData }: { applicant: Section; actionData: FormActionData | undefined }) {
  const mounted = useMounted();
  const upload = actionData?.intent === APPLICATION_INTENTS.addTrack ? actionData.result : null;
  const uploadMode = upload?.initialValue?.mode;
  const removeErrors = actionData?.intent === APPLICATION_INTENTS.removeTrack ? actionData.result.error?.[""] ?? undefined : undefined;
  const trackErrors =
    actionData && DETAIL_INTENTS.includes(actionData.intent) ? actionData.result.error?.tracks ?? undefined : undefined;
  return (
    <div className={styles.groups} role="group" aria-labelledby="application-tracks-title">
      <h3 id="application-tracks-title" className={styles.partTitle}>
        {T.tracksTitle}
      </h3>
      <p className={page.muted}>{T.tracksLead}</p>
      {mounted ? null : <p className={formStyles.hint}>{T.tracksNoJsHint}</p>}
      <FieldErrors id="application-tracks-error" errors={trackErrors ?? removeErrors} />
      {TRACK_MODES.map((mode) => {
        const count = applicant.tracks.filter((track) => track.mode === mode).length;
        return (
          <div key={mode} className={styles.group} role="group" aria-labelledby={`application-group-${mode}`}>
            <h4 id={`application-group-${mode}`} className={styles.groupTitle}>
              {MODE_TEXT[mode].title} <span className={styles.count}>({count} of {LIMITS.tracksPerMode})</span>
            </h4>
            <p className={formStyles.hint}>{MODE_TEXT[mode].lead}</p>
            <ApplicationTrackList tracks={applicant.tracks} mode={mode}>
              {(track) => <RemoveTrackForm track={track} />}
            </ApplicationTrackList>
            <TrackUploadForm
              mode={mode}
              count={count}
              kind={applicant.application?.status === "draft" ? null : applicant.preselectedKind}
              lastResult={uploadMode === mode ? (upload as SubmissionResult<string[]>) : null}
            />
          </div>
        );
      })}
    </div>
  );
}

function RemoveTrackForm({ track }: { track: ListedTrack }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("trackId") === track.trackId;
  return (
    <Form method="post" action={APPLICATION_PATH} className={styles.inlineForm}>
      <input type="hidden" name="intent" value={APPLICATION_INTENTS.removeTrack} />
      <input type="hidden" name="trackId" value={track.trackId} />
      <Button type="submit" variant="outline" aria-label={T.removeLabel(track.title)} disabled={busy}>
        {T.remove}
      </Button>
    </Form>
  );
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function DetailsForm({ applicant, actionData }: { applicant: Section; actionData: FormActionData | undefined }) {
  const navigation = useNavigation();
  const reply = actionData && DETAIL_INTENTS.includes(actionData.intent) ? actionData.result : null;
  const errors = reply?.error ?? {};
  const typed = (reply?.initialValue ?? null) as Record<string, unknown> | null;
  const draft = applicant.application?.status === "draft" ? applicant.application : null;
  // What the fields show: what was just sent (a refused post), else the draft, else nothing.
  const value = (name: "name" | "location" | "bio") => (typed ? text(typed[name]) : draft?.[name]) ?? "";
  const kind = typed ? text(typed.kind) : (draft?.kind ?? applicant.preselectedKind ?? undefined);
  const typedLinks = typed && Array.isArray(typed.links) ? (typed.links as { label?: string; url?: string }[]) : null;
  const links = typedLinks ?? draft?.links ?? [];
  const linkRows = Math.min(LIMITS.links, Math.max(2, links.length + 1));
  const typedAnswers = typed && typeof typed.answers === "object" && typed.answers ? (typed.answers as Record<string, unknown>) : null;
  const answerOf = (questionId: string) =>
    (typedAnswers ? text(typedAnswers[questionId]) : draft?.answers.find((answer) => answer.questionId === questionId)?.answer) ?? "";
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === APPLICATION_INTENTS.submit;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === APPLICATION_INTENTS.save;
  const err = (name: string) => errors[name] ?? undefined;
  const invalid = (name: string) => (err(name) ? true : undefined);
  const describe = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

  return (
    <Form method="post" action={APPLICATION_PATH} className={formStyles.form} id="application-form" aria-labelledby="application-about-title" noValidate>
      <h3 id="application-about-title" className={styles.partTitle}>
        {T.aboutTitle}
      </h3>
      <FieldErrors id="application-form-error" errors={err("")} />
      <fieldset className={formStyles.fieldset} aria-describedby={err("kind") ? "application-kind-error" : undefined}>
        <legend className={formStyles.legend}>{T.kindLabel}</legend>
        <div className={formStyles.checkGrid}>
          {APPLICATION_KINDS.map((option) => (
            <label key={option.value} className={formStyles.check}>
              <input type="radio" name="kind" value={option.value} defaultChecked={kind === option.value} aria-invalid={invalid("kind")} />
              <span>
                <strong>{option.label}</strong>
                <span className={styles.optionHint}> {option.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id="application-kind-error" errors={err("kind")} />
      </fieldset>
      <Field label={T.nameLabel} htmlFor="application-name" hint={T.nameHint} hintId="application-name-hint" errorId="application-name-error" errors={err("name")}>
        <input
          id="application-name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={LIMITS.name}
          defaultValue={value("name")}
          aria-invalid={invalid("name")}
          aria-describedby={describe("application-name-hint", err("name") && "application-name-error")}
          className={formStyles.control}
        />
      </Field>
      <Field
        label={T.locationLabel}
        htmlFor="application-location"
        hint={T.locationHint}
        hintId="application-location-hint"
        errorId="application-location-error"
        errors={err("location")}
      >
        <input
          id="application-location"
          name="location"
          type="text"
          maxLength={LIMITS.location}
          defaultValue={value("location")}
          aria-invalid={invalid("location")}
          aria-describedby={describe("application-location-hint", err("location") && "application-location-error")}
          className={formStyles.control}
        />
      </Field>
      <Field label={T.bioLabel} htmlFor="application-bio" hint={T.bioHint} hintId="application-bio-hint" errorId="application-bio-error" errors={err("bio")}>
        <textarea
          id="application-bio"
          name="bio"
          maxLength={LIMITS.bio}
          defaultValue={value("bio")}
          aria-invalid={invalid("bio")}
          aria-describedby={describe("application-bio-hint", err("bio") && "application-bio-error")}
          className={formStyles.textarea}
        />
      </Field>
      <fieldset className={formStyles.fieldset} aria-describedby="application-links-hint">
        <legend className={formStyles.legend}>{T.linksTitle}</legend>
        <p id="application-links-hint" className={formStyles.hint}>
          {T.linksHint}
        </p>
        <FieldErrors id="application-links-error" errors={err("links")} />
        {Array.from({ length: linkRows }, (_, index) => {
          const link = links[index] ?? {};
          const urlErrors = err(`links[${index}].url`);
          const labelErrors = err(`links[${index}].label`);
          return (
            <div key={index} className={styles.linkRow} role="group" aria-label={T.linkRow(index + 1)}>
              <Field label={T.linkLabel} htmlFor={`application-link-${index}-label`} errorId={`application-link-${index}-label-error`} errors={labelErrors}>
                <input
                  id={`application-link-${index}-label`}
                  name={`links[${index}].label`}
                  type="text"
                  maxLength={LIMITS.linkLabel}
                  defaultValue={link.label ?? ""}
                  aria-invalid={labelErrors ? true : undefined}
                  aria-describedby={labelErrors ? `application-link-${index}-label-error` : undefined}
                  className={formStyles.control}
                />
              </Field>
              <Field label={T.linkUrl} htmlFor={`application-link-${index}-url`} errorId={`application-link-${index}-url-error`} errors={urlErrors}>
                <input
                  id={`application-link-${index}-url`}
                  name={`links[${index}].url`}
                  type="url"
                  inputMode="url"
                  maxLength={LIMITS.linkUrl}
                  defaultValue={link.url ?? ""}
                  aria-invalid={urlErrors ? true : undefined}
                  aria-describedby={urlErrors ? `application-link-${index}-url-error` : undefined}
                  className={formStyles.control}
                />
              </Field>
            </div>
          );
        })}
      </fieldset>
      {applicant.questions.length > 0 ? (
        <fieldset className={formStyles.fieldset}>
          <legend className={formStyles.legend}>{T.questionsTitle}</legend>
          {applicant.questions.map((question, index) => {
            const name = `answers.${question.id}`;
            const id = `application-answer-${index + 1}`;
            return (
              <Field
                key={question.id}
                label={
                  <>
                    {question.prompt} {question.required ? <span className={styles.optionHint}>{T.requiredMark}</span> : null}
                  </>
                }
                htmlFor={id}
                hint={question.help || undefined}
                hintId={`${id}-hint`}
                errorId={`${id}-error`}
                errors={err(name)}
              >
                <textarea
                  id={id}
                  name={name}
                  maxLength={question.maxLength}
                  defaultValue={answerOf(question.id)}
                  aria-invalid={invalid(name)}
                  aria-describedby={describe(question.help && `${id}-hint`, err(name) && `${id}-error`)}
                  className={formStyles.textarea}
                />
              </Field>
            );
          })}
        </fieldset>
      ) : null}
      <p className={formStyles.hint}>{T.submitHint}</p>
      <div className={formStyles.actions}>
        <Button type="submit" name="intent" value={APPLICATION_INTENTS.submit} variant="uber" disabled={submitting || saving}>
          {submitting ? T.submitting : T.submit}
        </Button>
        <Button type="submit" name="intent" value={APPLICATION_INTENTS.save} variant="outline" disabled={submitting || saving}>
          {T.saveDraft}
        </Button>
      </div>
    </Form>
  );
}

function WithdrawForm() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === APPLICATION_INTENTS.withdraw;
  return (
    <Form method="post" action={APPLICATION_PATH} className={styles.confirmActions}>
      <input type="hidden" name="intent" value={APPLICATION_INTENTS.withdraw} />
      <input type="hidden" name="confirm" value="yes" />
      <Button type="submit" variant="destructive" disabled={busy}>
        {T.withdrawConfirmButton}
      </Button>
      <ButtonLink to={APPLICATION_PATH} variant="outline" preventScrollReset replace>
        {T.keep}
      </ButtonLink>
    </Form>
  );
}

/**
 * Withdrawing asks first, with or without JavaScript: a link to the confirmation step
 * (`?withdraw=confirm`), whose form sends `confirm=yes`. (No dialog: its code would weigh on
 * every dashboard, docs/decisions/0038's budget.)
 */
function WithdrawSection({ draft, confirming, errors }: { draft: boolean; confirming: boolean; errors?: string[] }) {
  return (
    <div className={styles.withdraw} role="group" aria-labelledby="application-withdraw-title">
      <h3 id="application-withdraw-title" className={styles.partTitle}>
        {draft ? T.withdrawDraftTitle : T.withdrawTitle}
      </h3>
      <p className={page.muted}>{draft ? T.withdrawDraftLead : T.withdrawLead}</p>
      <FieldErrors id="application-withdraw-error" errors={errors} />
      {confirming ? (
        <div className={styles.confirm} role="region" aria-labelledby="application-withdraw-confirm-title" data-testid="withdraw-confirm">
          <h4 id="application-withdraw-confirm-title" className={styles.groupTitle}>
            {T.withdrawConfirmTitle}
          </h4>
          <p>{T.withdrawConfirmText}</p>
          <WithdrawForm />
        </div>
      ) : (
        <ButtonLink to={`${APPLICATION_PATH}?withdraw=confirm#application-withdraw-title`} variant="outline" preventScrollReset>
          {draft ? T.withdrawDraft : T.withdraw}
        </ButtonLink>
      )}
    </div>
  );
}
