/**
 * /admin/members/{userId} (admin guard): one member as admins manage them.
 * Their profile (public or private), showcase tracks (playable in the
 * floating player, hidden ones marked), credits in the catalogue, how many
 * applications and submissions they made, and what admins did to the
 * membership (the audit log, target "member"). Actions: change the role
 * (Member <-> A&R; an administrator's role follows their admin rights, on
 * /admin/users), feature or stop featuring, end the membership after a
 * confirmation step that says what happens (a page of its own: works without
 * JavaScript). Malformed and unknown ids, and accounts without a membership,
 * are 404. docs/decisions/0081-member-featuring-and-showcase-curation.md
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { changeMemberRole, endMembership, loadAdminMemberPage, MemberActionError, setMemberFeatured } from "~/admin/members.server";
import { endMembershipSchema, featureMemberSchema, roleSchema } from "~/admin/members-showcase-schema";
import { ADMIN_SHOWCASE_TEXT, ASSIGNABLE_ROLES, MEMBER_TEXT as T } from "~/admin/members-showcase-text";
import * as styles from "~/admin/members-showcase.css";
import { auditActionLabel } from "~/audit/actions";
import { SongRow } from "~/catalog/components/SongRow";
import { songPlaylist } from "~/catalog/components/tracks";
import * as catalogStyles from "~/catalog/components/catalog.css";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { FieldErrors } from "~/layout/Field";
import * as formStyles from "~/layout/form.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { roleLabel } from "~/members/roles";
import { skillLabel } from "~/profile/profile-fields";
import { form, type FormReply, type ReplyOptions } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { SHOWCASE_TEXT } from "~/showcase/constants";
import { ShowcaseList } from "~/showcase/ShowcaseList";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.member.displayName ?? T.notFoundTitle} | Members | Admin | ${PRODUCT_NAME}` },
];

const LIST_PATH = "/admin/members";
const memberPath = (userId: string) => `${LIST_PATH}/${userId}`;

/** A refused action: 404 when the member is not (or no longer) one, 409 otherwise. */
function refusal(error: MemberActionError, reply: (options: ReplyOptions) => FormReply): FormReply {
  const name = error.memberName;
  const message = {
    "not-found": T.notMember,
    admin: T.cannotEndAdmin,
    self: T.cannotEndSelf,
    same: T.roleSame(name),
    private: T.featurePrivate(name),
    "already-featured": T.alreadyFeatured(name),
    "not-featured": T.notFeaturedError(name),
  }[error.reason];
  return reply({ formErrors: [message], status: error.reason === "not-found" ? 404 : 409 });
}

const route = defineRoute({
  access: "admin",
  async load({ db, storage, params, url, viewer }) {
    const loaded = await loadAdminMemberPage(db, storage, params.userId ?? "");
    if (!loaded) throw new Response("Not Found", { status: 404 });
    const { member } = loaded;
    const canEnd = !member.isAdmin && member.userId !== viewer.id;
    return { ...loaded, canEnd, confirmEnd: canEnd && url.searchParams.get("end") === "confirm" };
  },
  forms: {
    role: form({
      schema: roleSchema,
      async handle({ db, viewer, params, value, reply }) {
        try {
          const changed = await changeMemberRole(db, viewer!, params.userId ?? "", value.role);
          return redirectWithToast(memberPath(params.userId!), { type: "success", message: T.roleChanged(changed.name, changed.role) });
        } catch (error) {
          if (error instanceof MemberActionError) {
            // An administrator's role is not this form's: say where it is managed.
            if (error.reason === "admin") return reply({ formErrors: [T.roleAdminNote], status: 409 });
            return refusal(error, reply);
          }
          throw error;
        }
      },
    }),
    feature: form({
      schema: featureMemberSchema,
      async handle({ db, viewer, params, value, reply }) {
        const featured = value.featured === "yes";
        try {
          const done = await setMemberFeatured(db, viewer!, params.userId ?? "", featured);
          return redirectWithToast(memberPath(params.userId!), { type: "success", message: featured ? T.featured(done.name) : T.unfeatured(done.name) });
        } catch (error) {
          if (error instanceof MemberActionError) return refusal(error, reply);
          throw error;
        }
      },
    }),
    end: form({
      schema: endMembershipSchema,
      async handle({ db, viewer, params, reply }) {
        try {
          const done = await endMembership(db, viewer!, params.userId ?? "");
          // They are no longer a member: their admin page is gone; the list says what happened.
          return redirectWithToast(LIST_PATH, { type: "success", message: T.ended(done.name) });
        } catch (error) {
          if (error instanceof MemberActionError) return refusal(error, reply);
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

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

interface ActionData {
  intent: string;
  result: SubmissionResult<string[]>;
}

/** "role: accepted_member → accepted_ar" for each field an entry's after names. */
function changeLines(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const show = (value: unknown) => (value === null || value === undefined ? "none" : Array.isArray(value) ? value.join(", ") || "none" : String(value));
  return Object.keys(a).map((key) => `${key}: ${show(b[key])} → ${show(a[key])}`);
}

export default function AdminMemberRoute() {
  const { member, showcase, landingPositions, credits, history, canEnd, confirmEnd } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const errorsFor = (intent: string) => {
    if (actionData?.intent !== intent) return undefined;
    const error = actionData.result.error ?? {};
    return [...(error[""] ?? []), ...Object.entries(error).flatMap(([key, list]) => (key === "" ? [] : (list ?? [])))];
  };
  const name = member.displayName ?? "No name";
  const path = memberPath(member.userId);
  const playlist = songPlaylist(credits);
  const assignable = !member.isAdmin;

  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to={LIST_PATH} className={page.textLink}>
          ← {T.back}
        </Link>
      </nav>
      <PageHeader
        eyebrow="Admin · Members"
        title={name}
        lead={
          <span className={styles.badgeRow}>
            <span className={member.isAdmin ? styles.featuredBadge : styles.plainBadge} data-testid="member-role">
              {roleLabel(member.role, member.isAdmin)}
            </span>
            {member.featuredAt ? <span className={styles.featuredBadge}>{T.featureTitle}</span> : null}
            <span className={page.muted}>{member.listed ? T.publicProfile : T.privateProfile}</span>
          </span>
        }
        actions={
          member.listed ? (
            <ButtonLink to={`/members/${member.userId}`} variant="outline">
              {T.viewPublic}
            </ButtonLink>
          ) : null
        }
      />
      {confirmEnd ? (
        <section className={styles.confirm} aria-labelledby="end-confirm-title" data-testid="end-confirm">
          <h2 id="end-confirm-title" className={page.sectionTitle}>
            {T.endConfirmTitle}
          </h2>
          <ul className={styles.consequences}>
            {T.endConsequences(name).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <FieldErrors id="end-error" errors={errorsFor("end")} />
          <Form method="post" action={path} className={styles.actions}>
            <input type="hidden" name="intent" value="end" />
            <input type="hidden" name="confirm" value="yes" />
            <Button type="submit" variant="destructive">
              {T.endConfirmButton}
            </Button>
            <ButtonLink to={path} variant="outline" replace>
              {T.keep}
            </ButtonLink>
          </Form>
        </section>
      ) : null}
      <div className={styles.twoColumns}>
        <div className={styles.stack}>
          <section className={page.card} aria-labelledby="details-title">
            <h2 id="details-title" className={page.sectionTitle}>
              {T.details}
            </h2>
            <dl className={styles.detailList}>
              <div>
                <dt className={styles.detailTerm}>{T.email}</dt>
                <dd className={styles.detailValue}>{member.email ?? T.none}</dd>
              </div>
              {member.phone ? (
                <div>
                  <dt className={styles.detailTerm}>{T.phone}</dt>
                  <dd className={styles.detailValue}>{member.phone}</dd>
                </div>
              ) : null}
              <div>
                <dt className={styles.detailTerm}>{T.visibility}</dt>
                <dd className={styles.detailValue}>{member.listed ? T.publicProfile : T.privateProfile}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>{T.memberSince}</dt>
                <dd className={styles.detailValue}>{dateFormat.format(new Date(member.memberSince))}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>{T.lastSignIn}</dt>
                <dd className={styles.detailValue}>{member.lastSignInAt ? dateTimeFormat.format(new Date(member.lastSignInAt)) + " UTC" : T.never}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>{T.location}</dt>
                <dd className={styles.detailValue}>{member.location || T.none}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>{T.skills}</dt>
                <dd className={styles.detailValue}>{member.skills.length ? member.skills.map(skillLabel).join(", ") : T.none}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>{T.genres}</dt>
                <dd className={styles.detailValue}>{member.genres.length ? member.genres.join(", ") : T.none}</dd>
              </div>
              <div>
                <dt className={styles.detailTerm}>{T.bio}</dt>
                <dd className={styles.detailValue}>{member.bio || T.none}</dd>
              </div>
            </dl>
          </section>
          <section className={page.card} aria-labelledby="showcase-title">
            <h2 id="showcase-title" className={page.sectionTitle}>
              {T.showcase}
            </h2>
            <ShowcaseList tracks={showcase} artist={name} emptyText={T.showcaseEmpty} hiddenNote={SHOWCASE_TEXT.hiddenNoteAdmin}>
              {(track) =>
                landingPositions[track.id] ? (
                  <span className={styles.featuredBadge}>{ADMIN_SHOWCASE_TEXT.onLanding(landingPositions[track.id]!)}</span>
                ) : null
              }
            </ShowcaseList>
            <p>
              <Link to={`/admin/showcase?q=${encodeURIComponent(name)}`} className={page.textLink}>
                {ADMIN_SHOWCASE_TEXT.title}: {ADMIN_SHOWCASE_TEXT.allTitle}
              </Link>
            </p>
          </section>
          <section className={page.card} aria-labelledby="credits-title">
            <h2 id="credits-title" className={page.sectionTitle}>
              {T.credits}
            </h2>
            {credits.length > 0 ? (
              <ol className={catalogStyles.trackList} aria-labelledby="credits-title">
                {credits.map((song) => (
                  <SongRow key={song.id} song={song} playlist={playlist} />
                ))}
              </ol>
            ) : (
              <p className={page.muted}>{T.creditsEmpty}</p>
            )}
          </section>
          <section className={page.card} aria-labelledby="activity-title">
            <h2 id="activity-title" className={page.sectionTitle}>
              {T.activity}
            </h2>
            <ul className={styles.consequences}>
              <li data-testid="member-applications">{T.applications(member.applications)}</li>
              <li data-testid="member-submissions">{T.submissions(member.submissions)}</li>
            </ul>
          </section>
        </div>
        <div className={styles.stack}>
          <section className={page.card} aria-labelledby="role-title">
            <h2 id="role-title" className={page.sectionTitle}>
              {T.roleTitle}
            </h2>
            {assignable ? (
              <Form method="post" action={path} className={styles.formRow}>
                <input type="hidden" name="intent" value="role" />
                <div className={formStyles.field}>
                  <label htmlFor="member-role-select" className={formStyles.label}>
                    {T.roleFieldLabel}
                  </label>
                  <select id="member-role-select" name="role" defaultValue={member.role} className={formStyles.control} aria-describedby={errorsFor("role")?.length ? "role-error" : undefined}>
                    {ASSIGNABLE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {T.roleOptions[role]}
                      </option>
                    ))}
                  </select>
                </div>
                <Button type="submit" variant="secondary">
                  {T.roleSubmit}
                </Button>
              </Form>
            ) : (
              <p className={styles.note} role="note" data-testid="admin-role-note">
                {T.roleAdminNote}{" "}
                <Link to={`/admin/users/${member.userId}`} className={page.textLink}>
                  {T.manageOnUsers}
                </Link>
              </p>
            )}
            <FieldErrors id="role-error" errors={errorsFor("role")} />
          </section>
          <section className={page.card} aria-labelledby="feature-title">
            <h2 id="feature-title" className={page.sectionTitle}>
              {T.featureTitle}
            </h2>
            <p className={page.muted}>{T.featureLead}</p>
            <p>{member.featuredAt ? T.featuredSince(dateFormat.format(new Date(member.featuredAt))) : T.notFeatured}</p>
            <Form method="post" action={path} className={styles.actions}>
              <input type="hidden" name="intent" value="feature" />
              <input type="hidden" name="featured" value={member.featuredAt ? "no" : "yes"} />
              <Button type="submit" variant="outline">
                {member.featuredAt ? T.unfeature : T.feature}
              </Button>
            </Form>
            <FieldErrors id="feature-error" errors={errorsFor("feature")} />
          </section>
          <section className={page.card} aria-labelledby="end-title">
            <h2 id="end-title" className={page.sectionTitle}>
              {T.endTitle}
            </h2>
            {canEnd ? (
              <>
                <p className={page.muted}>{T.endLead}</p>
                {confirmEnd ? null : (
                  <ButtonLink to={`${path}?end=confirm`} variant="destructive">
                    {T.endButton}
                  </ButtonLink>
                )}
              </>
            ) : (
              <p className={styles.note} role="note">
                {member.isAdmin ? T.cannotEndAdmin : T.cannotEndSelf}
              </p>
            )}
            {confirmEnd ? null : <FieldErrors id="end-error" errors={errorsFor("end")} />}
          </section>
          <section className={page.card} aria-labelledby="history-title">
            <h2 id="history-title" className={page.sectionTitle}>
              {T.history}
            </h2>
            {history.length === 0 ? (
              <p className={page.muted}>{T.historyEmpty}</p>
            ) : (
              <ol className={styles.history} data-testid="member-history">
                {history.map((entry) => (
                  <li key={entry.id} className={styles.historyItem}>
                    <strong>{auditActionLabel(entry.action)}</strong>
                    <span className={page.muted}>
                      {entry.actorName} · <time dateTime={entry.createdAt}>{dateTimeFormat.format(new Date(entry.createdAt))} UTC</time>
                    </span>
                    {changeLines(entry.before, entry.after).map((line) => (
                      <span key={line} className={styles.trackMeta}>
                        {line}
                      </span>
                    ))}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
