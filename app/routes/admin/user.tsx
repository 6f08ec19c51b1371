/**
 * /admin/users/{userId} (admin guard, ADR 0080): one account, as admins manage
 * it: its role, admin flag, dates and suspension; suspend and lift; send a
 * password recovery; grant and remove admin rights; delete it, with what
 * happens to its data stated on a confirmation step before the second submit
 * (?step=delete: works without JavaScript). Its history comes from the audit
 * log. Malformed and unknown ids answer 404.
 */
import { data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountActionError, banAccount, deleteAccount, getAccount, grantAdmin, revokeAdmin, sendAccountRecovery, unbanAccount } from "~/admin/users.server";
import { ActionForm, BanForm, type Result } from "~/admin/UserAccountForms";
import { banSchema, deleteSchema, grantSchema, parseEndDate, recoverySchema, revokeSchema, unbanSchema } from "~/admin/users-schema";
import { DELETE_KEEPS, DELETE_REMOVES, USER_INTENTS, USERS_TEXT, type DeleteRemovesKey } from "~/admin/users-text";
import * as styles from "~/admin/users.css";
import * as adminStyles from "~/admin/admin.css";
import { auditActionLabel } from "~/audit/actions";
import { formatSuspensionEnd } from "~/auth/suspension";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { roleLabel } from "~/members/roles";
import { getAuthPort } from "~/platform/auth/index.server";
import type { RateLimitRule } from "~/platform/rate-limit.server";
import { form, type FormReply, type ReplyOptions } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { ButtonLink } from "~/ui/Button";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded && "account" in loaded ? (loaded.account.displayName ?? "Account") : "Account"} | Users | Admin | ${PRODUCT_NAME}` },
];

/** Recoveries an admin may send one account: a few an hour (each one is a message in their inbox). */
const RECOVERY_LIMIT: RateLimitRule = {
  name: "admin-recovery:user",
  limit: 3,
  windowMs: 60 * 60_000,
  message: USERS_TEXT.recoveryLimited,
};

const selfHref = (userId: string) => `/admin/users/${userId}`;

/** A refused action: its message under the form, with its status. */
function refused(reply: (options: ReplyOptions) => FormReply, error: unknown) {
  if (error instanceof AccountActionError) return reply({ formErrors: [error.message], status: error.status });
  throw error;
}

const route = defineRoute({
  access: "admin",
  async load({ db, params, url, viewer }) {
    const account = await getAccount(db, params.userId ?? "");
    if (!account) return data({ missing: true } as const, { status: 404 });
    const auth = getAuthPort().admin();
    return {
      account,
      self: account.userId === viewer.id,
      confirmingDelete: url.searchParams.get("step") === "delete",
      adminAvailable: auth.available,
    };
  },
  forms: {
    [USER_INTENTS.ban]: form({
      schema: banSchema,
      async handle({ db, params, viewer, value, reply }) {
        const userId = params.userId ?? "";
        try {
          const outcome = await banAccount(db, getAuthPort().admin(), viewer!, userId, {
            reason: value.reason,
            endsAt: value.endsAt ? parseEndDate(value.endsAt) : null,
          });
          return redirectWithToast(selfHref(userId), outcome.warning ? { type: "error", message: outcome.warning } : { type: "success", message: USERS_TEXT.banned });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    [USER_INTENTS.unban]: form({
      schema: unbanSchema,
      async handle({ db, params, viewer, reply }) {
        const userId = params.userId ?? "";
        try {
          const outcome = await unbanAccount(db, getAuthPort().admin(), viewer!, userId);
          return redirectWithToast(selfHref(userId), outcome.warning ? { type: "error", message: outcome.warning } : { type: "success", message: USERS_TEXT.unbanned });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    [USER_INTENTS.recovery]: form({
      schema: recoverySchema,
      rateLimit: { rule: RECOVERY_LIMIT, subject: ({ params }) => String(params.userId ?? "").slice(0, 64) },
      async handle({ db, params, viewer, reply }) {
        const userId = params.userId ?? "";
        try {
          await sendAccountRecovery(db, getAuthPort().admin(), viewer!, userId);
          return redirectWithToast(selfHref(userId), { type: "success", message: USERS_TEXT.recoverySent });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    [USER_INTENTS.grant]: form({
      schema: grantSchema,
      async handle({ db, params, viewer, reply }) {
        const userId = params.userId ?? "";
        try {
          await grantAdmin(db, viewer!, userId);
          return redirectWithToast(selfHref(userId), { type: "success", message: USERS_TEXT.granted });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    [USER_INTENTS.revoke]: form({
      schema: revokeSchema,
      async handle({ db, params, viewer, reply }) {
        const userId = params.userId ?? "";
        try {
          await revokeAdmin(db, viewer!, userId);
          return redirectWithToast(selfHref(userId), { type: "success", message: USERS_TEXT.revoked });
        } catch (error) {
          return refused(reply, error);
        }
      },
    }),
    [USER_INTENTS.delete]: form({
      schema: deleteSchema,
      async handle({ db, storage, params, viewer, reply }) {
        const userId = params.userId ?? "";
        try {
          const outcome = await deleteAccount(db, getAuthPort().admin(), storage, viewer!, userId);
          return redirectWithToast("/admin/users", { type: "success", message: USERS_TEXT.deleted(outcome.label) });
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

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

interface FormActionData {
  intent: string;
  result: NonNullable<Result>;
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.detailRow}>
      <dt className={styles.detailTerm}>{term}</dt>
      <dd className={styles.detailValue}>{children}</dd>
    </div>
  );
}

export default function AdminUserRoute() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const resultFor = (intent: string): Result => (actionData?.intent === intent ? actionData.result : undefined);

  if (!("account" in loaded)) {
    return (
      <>
        <PageHeader eyebrow="Admin · Users" title={USERS_TEXT.notFoundTitle} />
        <EmptyState
          icon="users"
          title={USERS_TEXT.notFoundTitle}
          actions={
            <ButtonLink to="/admin/users" variant="outline">
              {USERS_TEXT.backToList}
            </ButtonLink>
          }
        >
          {USERS_TEXT.notFoundText}
        </EmptyState>
      </>
    );
  }

  const { account, self, confirmingDelete, adminAvailable } = loaded;
  const action = selfHref(account.userId);
  const name = account.displayName ?? account.email ?? account.phone ?? "Account";
  const role = roleLabel(account.role, account.isAdmin);

  return (
    <>
      <nav aria-label="Breadcrumb">
        <Link to="/admin/users" className={page.textLink}>
          ← {USERS_TEXT.backToList}
        </Link>
      </nav>
      <PageHeader eyebrow={`Account · ${role}`} title={<span className={styles.wrap}>{name}</span>} lead={self ? USERS_TEXT.yourAccount : undefined} />
      {!adminAvailable ? (
        <p className={page.muted} role="note">
          {USERS_TEXT.unavailable}
        </p>
      ) : null}
      <div className={styles.twoColumns}>
        <div className={styles.stack}>
          <section className={page.card} aria-labelledby="account-title">
            <h2 id="account-title" className={page.sectionTitle}>
              {USERS_TEXT.detailsTitle}
            </h2>
            <dl className={styles.details}>
              <Detail term={USERS_TEXT.contact}>{[account.email, account.phone].filter(Boolean).join(" · ")}</Detail>
              <Detail term={USERS_TEXT.role}>
                <span className={account.role || account.isAdmin ? adminStyles.badge : adminStyles.badgeMuted}>{role}</span>
              </Detail>
              <Detail term={USERS_TEXT.admin}>{account.isAdmin ? <span className={adminStyles.badgeAdmin}>Yes</span> : "No"}</Detail>
              <Detail term={USERS_TEXT.created}>
                <time dateTime={account.createdAt}>{dateFormat.format(new Date(account.createdAt))}</time>
              </Detail>
              <Detail term={USERS_TEXT.lastSignIn}>
                {account.lastSignInAt ? <time dateTime={account.lastSignInAt}>{dateTimeFormat.format(new Date(account.lastSignInAt))} UTC</time> : USERS_TEXT.never}
              </Detail>
              <Detail term={USERS_TEXT.suspension}>
                {account.suspension ? (
                  <span data-testid="account-suspension">
                    <span className={styles.statusSuspended}>{USERS_TEXT.statusSuspended(formatSuspensionEnd(account.suspension.endsAt))}</span>{" "}
                    <span className={styles.wrap}>{account.suspension.reason}</span>
                  </span>
                ) : (
                  USERS_TEXT.notSuspended
                )}
              </Detail>
            </dl>
          </section>

          <section className={page.card} aria-labelledby="history-title">
            <h2 id="history-title" className={page.sectionTitle}>
              {USERS_TEXT.historyTitle}
            </h2>
            {account.history.length === 0 ? (
              <p className={page.muted}>{USERS_TEXT.historyEmpty}</p>
            ) : (
              <ol className={styles.history} data-testid="account-history">
                {account.history.map((entry) => (
                  <li key={entry.id} className={styles.historyItem}>
                    <span>
                      <strong>{entry.actorName}</strong> · {auditActionLabel(entry.action)}
                    </span>
                    <time dateTime={entry.createdAt} className={page.muted}>
                      {dateTimeFormat.format(new Date(entry.createdAt))} UTC
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>

        <div className={styles.stack}>
          {!self ? (
            <section className={page.card} aria-labelledby="suspension-title">
              <h2 id="suspension-title" className={page.sectionTitle}>
                {account.suspension ? USERS_TEXT.unbanTitle : USERS_TEXT.banTitle}
              </h2>
              {account.suspension ? (
                <ActionForm action={action} intent={USER_INTENTS.unban} label={USERS_TEXT.unbanSubmit} lastResult={resultFor(USER_INTENTS.unban)} />
              ) : (
                <>
                  <p className={page.muted}>{USERS_TEXT.banLead}</p>
                  <BanForm action={action} lastResult={resultFor(USER_INTENTS.ban)} />
                </>
              )}
            </section>
          ) : null}

          <section className={page.card} aria-labelledby="recovery-title">
            <h2 id="recovery-title" className={page.sectionTitle}>
              {USERS_TEXT.recoveryTitle}
            </h2>
            {account.email || account.phone ? (
              <>
                <p className={page.muted}>{account.email ? USERS_TEXT.recoveryLeadEmail : USERS_TEXT.recoveryLeadPhone}</p>
                <ActionForm action={action} intent={USER_INTENTS.recovery} label={USERS_TEXT.recoverySubmit} lastResult={resultFor(USER_INTENTS.recovery)} variant="outline" />
              </>
            ) : (
              <p className={page.muted}>{USERS_TEXT.recoveryNoContact}</p>
            )}
          </section>

          <section className={page.card} aria-labelledby="admin-title">
            <h2 id="admin-title" className={page.sectionTitle}>
              {USERS_TEXT.adminTitle}
            </h2>
            <p>{account.isAdmin ? USERS_TEXT.adminIs : USERS_TEXT.adminIsNot}</p>
            {account.isAdmin ? (
              self ? (
                <p className={page.muted}>{USERS_TEXT.revokeSelf}</p>
              ) : (
                <ActionForm action={action} intent={USER_INTENTS.revoke} label={USERS_TEXT.revokeSubmit} lastResult={resultFor(USER_INTENTS.revoke)} variant="outline" />
              )
            ) : (
              <ActionForm action={action} intent={USER_INTENTS.grant} label={USERS_TEXT.grantSubmit} lastResult={resultFor(USER_INTENTS.grant)} variant="outline" />
            )}
          </section>

          <section className={page.card} aria-labelledby="delete-title" id="delete">
            <h2 id="delete-title" className={page.sectionTitle}>
              {confirmingDelete && !self ? USERS_TEXT.deleteConfirmTitle : USERS_TEXT.deleteTitle}
            </h2>
            {self ? (
              <p className={page.muted}>{USERS_TEXT.deleteSelf}</p>
            ) : confirmingDelete || resultFor(USER_INTENTS.delete) ? (
              <div className={styles.confirm} data-testid="delete-statement">
                <div>
                  <p>
                    <strong>{USERS_TEXT.deleteRemoves}</strong>
                  </p>
                  <ul className={styles.list}>
                    {(Object.keys(DELETE_REMOVES) as DeleteRemovesKey[]).map((key) => (
                      <li key={key}>{`${DELETE_REMOVES[key]} (${account.deleteCounts[key]})`}</li>
                    ))}
                  </ul>
                </div>
                <div>
                  <p>
                    <strong>{USERS_TEXT.deleteKeeps}</strong>
                  </p>
                  <ul className={styles.list}>
                    {DELETE_KEEPS.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
                <ActionForm
                  action={action}
                  intent={USER_INTENTS.delete}
                  label={USERS_TEXT.deleteConfirm}
                  lastResult={resultFor(USER_INTENTS.delete)}
                  variant="destructive"
                  hidden={{ confirm: "delete" }}
                  testId="delete-confirm-form"
                />
                <p>
                  <Link to={action} className={page.textLink}>
                    {USERS_TEXT.deleteCancel}
                  </Link>
                </p>
              </div>
            ) : (
              <>
                <p className={page.muted}>{USERS_TEXT.deleteLead}</p>
                <ButtonLink to={`${action}?step=delete#delete`} variant="destructive">
                  {USERS_TEXT.deleteStart}
                </ButtonLink>
              </>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
