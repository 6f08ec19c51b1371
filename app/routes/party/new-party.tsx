/**
 * /party/new (member guard; issue 14 §1, ADR 0092): a member or admin starts
 * a listening party: a title, optionally the brief or camp it is for, who
 * can join (every member, or only the people invited), a co-host, and a start
 * time (empty: now). A live party opens its room; a scheduled one is listed
 * under "Coming up" until its host starts it. One form, no JavaScript needed.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { errorsFor, valueFor } from "~/briefs/BriefParts";
import { zonedWallTimeToUtc } from "~/camps/time";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { Field, FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PARTY_PATH, PARTY_TEXT, PARTY_TITLE_MAX, partyPath } from "~/party/constants";
import { PartyError, viewerZone } from "~/party/parties.server";
import { createParty, invitableMembers, partyContexts } from "~/party/room.server";
import { createPartySchema } from "~/party/schema";
import { form, type FormActionData } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${PARTY_TEXT.startTitle} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "member",
  async load({ db, viewer }) {
    const [contexts, members, zone] = await Promise.all([partyContexts(db, viewer), invitableMembers(db, viewer.id), viewerZone(db, viewer.id)]);
    return { ...contexts, members, zone };
  },
  forms: {
    create: form({
      schema: createPartySchema,
      async handle({ db, viewer, value, reply }) {
        let scheduledFor: Date | null = null;
        if (value.startDay && value.startTime) {
          scheduledFor = zonedWallTimeToUtc(value.startDay, value.startTime, await viewerZone(db, viewer!.id));
          if (scheduledFor.getTime() <= Date.now()) return reply({ fieldErrors: { startDay: ["Choose a time in the future, or leave both empty to start now."] } });
        }
        try {
          const party = await createParty(db, viewer!, { ...value, scheduledFor });
          return redirectWithToast(party.status === "live" ? partyPath(party.id) : PARTY_PATH, {
            type: "success",
            message: party.status === "live" ? PARTY_TEXT.created : PARTY_TEXT.scheduled,
          });
        } catch (error) {
          if (error instanceof PartyError) return reply({ formErrors: [error.message], status: error.status });
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

const id = (name: string) => `party-${name}`;

export default function NewPartyRoute() {
  const { briefs, camps, members, zone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const last = actionData?.intent === "create" ? actionData.result : null;
  const invited = new Set(((last?.initialValue as Record<string, unknown> | undefined)?.invitees as string[] | undefined) ?? []);
  const described = (name: string) => (errorsFor(last, name) ? `${id(name)}-error` : undefined);
  return (
    <div className={`${container} ${page.page}`}>
      <nav aria-label="Breadcrumb">
        <Link to={PARTY_PATH} className={page.textLink}>
          ← {PARTY_TEXT.pageTitle}
        </Link>
      </nav>
      <PageHeader eyebrow="Listen together" title={PARTY_TEXT.startTitle} lead="Start now, or schedule it for later. You add the songs once the room is open." />
      <section className={page.card}>
        <Form method="post" className={formStyles.form} aria-describedby={errorsFor(last, "") ? "party-form-error" : undefined}>
          <input type="hidden" name="intent" value="create" />
          <FieldErrors id="party-form-error" errors={errorsFor(last, "")} />
          <Field label="Title" htmlFor={id("title")} errorId={`${id("title")}-error`} errors={errorsFor(last, "title")}>
            <input
              id={id("title")}
              name="title"
              type="text"
              required
              maxLength={PARTY_TITLE_MAX}
              defaultValue={valueFor(last, "title") ?? ""}
              aria-invalid={errorsFor(last, "title") ? true : undefined}
              aria-describedby={described("title")}
              className={formStyles.control}
            />
          </Field>
          <fieldset className={formStyles.fieldset} aria-describedby={described("visibility")}>
            <legend className={formStyles.legend}>Who can join</legend>
            <div className={formStyles.checkGrid}>
              <label className={formStyles.check}>
                <input type="radio" name="visibility" value="members" defaultChecked={(valueFor(last, "visibility") ?? "members") === "members"} /> Every member
              </label>
              <label className={formStyles.check}>
                <input type="radio" name="visibility" value="invite" defaultChecked={valueFor(last, "visibility") === "invite"} /> Only the people I invite
              </label>
            </div>
            <FieldErrors id={`${id("visibility")}-error`} errors={errorsFor(last, "visibility")} />
          </fieldset>
          <fieldset className={formStyles.fieldset} aria-describedby={described("invitees")}>
            <legend className={formStyles.legend}>Invite (for an invite-only party)</legend>
            {members.length === 0 ? (
              <p className={page.muted}>No other members yet.</p>
            ) : (
              <div className={formStyles.checkGrid}>
                {members.map((member) => (
                  <label key={member.id} className={formStyles.check}>
                    <input type="checkbox" name="invitees" value={member.id} defaultChecked={invited.has(member.id)} /> {member.name}
                  </label>
                ))}
              </div>
            )}
            <FieldErrors id={`${id("invitees")}-error`} errors={errorsFor(last, "invitees")} />
          </fieldset>
          <Field label="Co-host (optional)" htmlFor={id("coHostId")} hint="Shares your controls, and takes over at once if you leave." hintId={`${id("coHostId")}-hint`} errorId={`${id("coHostId")}-error`} errors={errorsFor(last, "coHostId")}>
            <select id={id("coHostId")} name="coHostId" defaultValue={valueFor(last, "coHostId") ?? ""} className={formStyles.control} aria-describedby={`${id("coHostId")}-hint`}>
              <option value="">No co-host</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="For a brief (optional)" htmlFor={id("briefId")} errorId={`${id("briefId")}-error`} errors={errorsFor(last, "briefId")}>
            <select id={id("briefId")} name="briefId" defaultValue={valueFor(last, "briefId") ?? ""} className={formStyles.control}>
              <option value="">None</option>
              {briefs.map((brief) => (
                <option key={brief.id} value={brief.id}>
                  {brief.title}
                </option>
              ))}
            </select>
          </Field>
          <Field label="For a camp (optional)" htmlFor={id("campId")} errorId={`${id("campId")}-error`} errors={errorsFor(last, "campId")}>
            <select id={id("campId")} name="campId" defaultValue={valueFor(last, "campId") ?? ""} className={formStyles.control}>
              <option value="">None</option>
              {camps.map((camp) => (
                <option key={camp.id} value={camp.id}>
                  {camp.name}
                </option>
              ))}
            </select>
          </Field>
          <fieldset className={formStyles.fieldset}>
            <legend className={formStyles.legend}>Start later (optional, your time zone: {zone})</legend>
            <Field label="Date" htmlFor={id("startDay")} errorId={`${id("startDay")}-error`} errors={errorsFor(last, "startDay")}>
              <input id={id("startDay")} name="startDay" type="date" defaultValue={valueFor(last, "startDay") ?? ""} className={formStyles.control} aria-describedby={described("startDay")} />
            </Field>
            <Field label="Time" htmlFor={id("startTime")} errorId={`${id("startTime")}-error`} errors={errorsFor(last, "startTime")}>
              <input id={id("startTime")} name="startTime" type="time" defaultValue={valueFor(last, "startTime") ?? ""} className={formStyles.control} aria-describedby={described("startTime")} />
            </Field>
          </fieldset>
          <div className={formStyles.actions}>
            <Button type="submit">{PARTY_TEXT.start}</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
