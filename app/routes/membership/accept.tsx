/**
 * /accept (signed-in guard): taking an offer of membership.
 * docs/decisions/0071-review-and-offers.md
 *
 *   ?token=...  from the offer e-mail: the token is hashed and looked up, and
 *               the owner is sent on to ?offer=<id> (the token is never in a
 *               page's data, and leaves the address bar at once)
 *   ?offer=<id> from the applicant's dashboard: the signed-in owner's offer only
 *   neither     the viewer's open offer, if any
 *
 * GET only shows the offer (mail scanners prefetch links); the "Accept offer"
 * button POSTs the offer's id. A visitor is sent to sign in and comes back
 * here (the guard's redirect). Expired, taken, revoked, unknown or someone
 * else's offers get a page that says so and what to do next, never an error
 * screen, and never anything about whose offer it is. Token lookups are rate
 * limited per account and per network address.
 */
import { data, redirect, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { getOpenOffer, lookupOffer, OFFER_RATE_LIMITS, takeOffer, type OfferLookup } from "~/applications/offers.server";
import * as styles from "~/applications/review.css";
import { acceptSchema } from "~/applications/review-schema";
import { ACCEPT_TEXT, KIND_LABELS } from "~/applications/review-text";
import { getSessionHeaders, requestContext } from "~/auth/request-context.server";
import { FieldErrors } from "~/layout/Field";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { consume } from "~/platform/rate-limit.server";
import { form } from "~/routing/forms.server";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";
import { redirectWithToast } from "~/toast/toast.server";
import { Button, ButtonLink } from "~/ui/Button";

export const meta: MetaFunction = () => [{ title: `${ACCEPT_TEXT.title} | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

type Problem = "none" | "unknown" | "not-yours" | "expired" | "accepted" | "revoked" | "limited" | "has-role";

const PROBLEMS: Problem[] = ["none", "unknown", "not-yours", "expired", "accepted", "revoked", "limited", "has-role"];
const PROBLEM_STATUS: Record<Problem, number> = { none: 200, unknown: 404, "not-yours": 404, expired: 410, accepted: 410, revoked: 410, limited: 429, "has-role": 409 };

function view(lookup: OfferLookup) {
  if (lookup.kind !== "found") return data({ problem: lookup.kind as Problem, offer: null }, { status: PROBLEM_STATUS[lookup.kind] });
  if (lookup.state !== "open") return data({ problem: lookup.state as Problem, offer: null }, { status: PROBLEM_STATUS[lookup.state] });
  const { id, expiresAt, name, applicationKind, note } = lookup.offer;
  return data({ problem: null, offer: { id, expiresAt, name, kind: applicationKind, note } }, { status: 200 });
}

const route = defineRoute({
  access: "signed-in",
  async load({ db, viewer, url, request }) {
    const token = url.searchParams.get("token");
    const offerId = url.searchParams.get("offer");
    if (token !== null) {
      // Every token tried counts: a guesser runs out long before a token could be found.
      for (const [rule, subject] of [
        [OFFER_RATE_LIMITS.perUser, viewer.id],
        [OFFER_RATE_LIMITS.perAddress, requestContext(request).clientAddress],
      ] as const) {
        const limited = await consume(db, rule, subject);
        if (limited) return data({ problem: "limited" as Problem, offer: null }, { status: 429, headers: limited.headers() });
      }
      const lookup = await lookupOffer(db, viewer.id, { token });
      // The viewer's own offer: on to its id, so the token leaves the address bar, the history
      // and every link on the page (the theme switch comes back to this address). Nothing changes.
      if (lookup.kind === "found") throw redirect(`/accept?offer=${lookup.offer.id}`, { headers: getSessionHeaders(request) });
      return view(lookup);
    }
    if (offerId !== null) return view(await lookupOffer(db, viewer.id, { offerId }));
    const open = await getOpenOffer(db, viewer.id);
    if (!open) return data({ problem: "none" as Problem, offer: null }, { status: 200 });
    return view(await lookupOffer(db, viewer.id, { offerId: open.id }));
  },
  forms: {
    accept: form({
      schema: acceptSchema,
      // Signed-in people only (the guard): no honeypot on this page.
      honeypot: false,
      rateLimit: { rule: OFFER_RATE_LIMITS.perUser, subject: ({ viewer }) => viewer!.id },
      async handle({ db, viewer, value, reply }) {
        const result = await takeOffer(db, viewer!.id, value.offerId);
        if (result.kind === "accepted") return redirectWithToast("/dashboard", { type: "success", message: ACCEPT_TEXT.accepted });
        const problem: Problem = result.kind === "found" ? result.state : result.kind;
        return reply({ formErrors: [problemText(problem).title], status: PROBLEM_STATUS[problem] });
      },
    }),
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

function problemText(problem: Problem): { title: string; text: string } {
  switch (problem) {
    case "none":
      return { title: ACCEPT_TEXT.noneTitle, text: ACCEPT_TEXT.noneText };
    case "unknown":
      return { title: ACCEPT_TEXT.unknownTitle, text: ACCEPT_TEXT.unknownText };
    case "not-yours":
      return { title: ACCEPT_TEXT.notYoursTitle, text: ACCEPT_TEXT.notYoursText };
    case "expired":
      return { title: ACCEPT_TEXT.expiredTitle, text: ACCEPT_TEXT.expiredText };
    case "accepted":
      return { title: ACCEPT_TEXT.takenTitle, text: ACCEPT_TEXT.takenText };
    case "revoked":
      return { title: ACCEPT_TEXT.revokedTitle, text: ACCEPT_TEXT.revokedText };
    case "limited":
      return { title: ACCEPT_TEXT.limited, text: ACCEPT_TEXT.unknownText };
    case "has-role":
      return { title: ACCEPT_TEXT.hasRoleTitle, text: ACCEPT_TEXT.hasRoleText };
  }
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

export default function AcceptRoute() {
  const { problem, offer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { intent: string; result: SubmissionResult<string[]> } | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formErrors = actionData?.result.error?.[""] ?? actionData?.result.error?.offerId ?? undefined;

  if (!offer || (formErrors && formErrors.length > 0)) {
    // After a refused post, the reason the post was refused; else the reason the page found.
    const refused = formErrors?.[0] ? PROBLEMS.find((p) => problemText(p).title === formErrors[0]) : undefined;
    const { title, text } = refused ? problemText(refused) : formErrors?.[0] ? { title: formErrors[0], text: ACCEPT_TEXT.unknownText } : problemText(problem ?? "unknown");
    return (
      <div className={`${container} ${page.page}`}>
        <PageHeader title={ACCEPT_TEXT.title} lead={ACCEPT_TEXT.lead} />
        <EmptyState
          icon="mail"
          title={title}
          actions={
            <ButtonLink to="/dashboard" variant="outline">
              {ACCEPT_TEXT.dashboard}
            </ButtonLink>
          }
        >
          {text}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className={`${container} ${page.page}`}>
      <PageHeader title={ACCEPT_TEXT.title} lead={ACCEPT_TEXT.lead} />
      <section className={`${page.card} ${styles.offerCard}`} aria-labelledby="offer-title">
        <h2 id="offer-title" className={page.sectionTitle}>
          {PRODUCT_NAME}
        </h2>
        <p>{ACCEPT_TEXT.offerFor(offer.name, offer.kind ? (KIND_LABELS[offer.kind] ?? offer.kind) : "applicant")}</p>
        {offer.note ? (
          <div>
            <h3>{ACCEPT_TEXT.note}</h3>
            <p className={styles.comment}>{offer.note}</p>
          </div>
        ) : null}
        <p>{ACCEPT_TEXT.whatHappens}</p>
        <p className={page.muted}>{ACCEPT_TEXT.expires(`${dateFormat.format(new Date(offer.expiresAt))} UTC`)}</p>
        {/* The offer's id, never the token: the form's address has no query either. */}
        <Form method="post" action="/accept">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="offerId" value={offer.id} />
          <FieldErrors id="accept-errors" errors={formErrors} />
          <Button type="submit" size="lg" variant="uber" disabled={busy}>
            {ACCEPT_TEXT.accept}
          </Button>
        </Form>
      </section>
    </div>
  );
}
