/**
 * /camps/:campId/review (member guard): the camp review for the camp's
 * accepted participants (and admins). Anyone else, an unknown or a malformed
 * id, is 404: the page never says that a camp exists. Before the camp starts
 * it says the review is not available yet.
 * docs/decisions/0091-split-sheets-become-credits.md
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadCampReviewPage } from "~/camps/review.server";
import { REVIEW_TEXT } from "~/camps/review-text";
import { ReviewPage } from "~/camps/ReviewPage";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { container } from "~/layout/layout.css";
import * as page from "~/layout/page.css";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? REVIEW_TEXT.title(data.camp.name) : REVIEW_TEXT.eyebrow} | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "member",
  async load({ db, viewer, params }) {
    return loadCampReviewPage(db, params.campId ?? "", viewer);
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function CampReviewRoute() {
  const { camp, review } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${page.page}`}>
      <ReviewPage admin={false} camp={camp} review={review} backTo={{ href: `/camps/${camp.id}`, label: REVIEW_TEXT.backToCamp }} />
    </div>
  );
}
