/**
 * /ar/briefs: the A&R's briefs (approved A&R; admins too). Post a brief
 * ("uptempo pop, female vocal, by Friday"), see each one's answers count,
 * close and reopen. Every form works without JavaScript. ADR 0076.
 */
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArNav } from "~/ar/ArNav";
import { briefStatusForms } from "~/briefs/ar-forms.server";
import { postBriefSchema, todayUtc } from "~/briefs/brief-schema";
import { createBrief, defaultCompany, listArBriefs, type ArBriefListItem } from "~/briefs/briefs.server";
import { BriefMeta, BriefState, errorsFor } from "~/briefs/BriefParts";
import { BriefPostForm, POST_BRIEF_INTENT } from "~/briefs/BriefPostForm";
import * as styles from "~/briefs/briefs.css";
import { AR_BRIEFS_PATH, arBriefPath, BRIEF_TEXT } from "~/briefs/constants";
import { FieldErrors } from "~/layout/Field";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

const T = BRIEF_TEXT.ar;

export const meta: MetaFunction = () => [{ title: `${T.pageTitle} | A&R | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "approved-ar",
  async load({ db, viewer }) {
    const [briefs, company] = await Promise.all([listArBriefs(db, viewer.id), defaultCompany(db, viewer.id)]);
    return { briefs, company, today: todayUtc() };
  },
  forms: {
    [POST_BRIEF_INTENT]: form({
      schema: postBriefSchema,
      async handle({ db, viewer, value }) {
        const brief = await createBrief(db, viewer!.id, value);
        return redirectWithToast(arBriefPath(brief.id), { type: "success", message: T.posted(brief.title) });
      },
    }),
    ...briefStatusForms(() => AR_BRIEFS_PATH),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function StatusForm({ brief }: { brief: ArBriefListItem }) {
  // A brief past its deadline stays as it is: reopening it would take no answers.
  if (brief.closedReason === "past-deadline") return null;
  const closing = brief.status === "open";
  return (
    <Form method="post" action={AR_BRIEFS_PATH}>
      <input type="hidden" name="briefId" value={brief.id} />
      <Button type="submit" name="intent" value={closing ? "close" : "reopen"} variant="outline" aria-label={`${closing ? T.close : T.reopen}: ${brief.title}`}>
        {closing ? T.close : T.reopen}
      </Button>
    </Form>
  );
}

export default function ArBriefsRoute() {
  const { briefs, company, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const postResult = actionData?.intent === POST_BRIEF_INTENT ? actionData.result : null;
  const listErrors = actionData && actionData.intent !== POST_BRIEF_INTENT ? errorsFor(actionData.result, "") ?? errorsFor(actionData.result, "briefId") : undefined;
  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader eyebrow={T.eyebrow} title={T.pageTitle} lead={T.lead} />
      <ArNav />
      <div className={styles.layout}>
        <section className={page.card} aria-labelledby="post-brief-title">
          <h2 id="post-brief-title" className={page.sectionTitle}>
            {T.postTitle}
          </h2>
          <BriefPostForm lastResult={postResult} defaultCompany={company} minDeadline={today} />
        </section>
        <section aria-labelledby="your-briefs-title">
          <h2 id="your-briefs-title" className={page.sectionTitle}>
            {T.listTitle}
          </h2>
          <FieldErrors id="brief-list-error" errors={listErrors} />
          {briefs.length === 0 ? (
            <p className={page.muted}>{T.empty}</p>
          ) : (
            <ul className={styles.list} data-testid="ar-briefs">
              {briefs.map((brief) => (
                <li key={brief.id} className={styles.item} data-testid="ar-brief">
                  <div className={styles.itemHead}>
                    <h3 className={styles.itemTitle}>
                      <Link to={arBriefPath(brief.id)} className={page.textLink}>
                        {brief.title}
                      </Link>
                    </h3>
                    <BriefState reason={brief.closedReason} />
                  </div>
                  <BriefMeta brief={brief} />
                  <p className={page.muted}>
                    {T.answers(brief.answers)}
                    {brief.unrated > 0 ? ` · ${T.unrated(brief.unrated)}` : ""}
                  </p>
                  <div className={styles.actions}>
                    <ButtonLink to={arBriefPath(brief.id)} variant="secondary" aria-label={`${T.view}: ${brief.title}`}>
                      {T.view}
                    </ButtonLink>
                    <StatusForm brief={brief} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
