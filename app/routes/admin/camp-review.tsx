/**
 * /admin/camps/:campId/review (admin guard): the camp review (the songs each
 * session wrote, their status, the camp's totals). An unknown or malformed id
 * is 404. Before the camp starts it says the review is not available yet.
 * docs/decisions/0091-split-sheets-become-credits.md
 */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadCampReviewPage } from "~/camps/review.server";
import { REVIEW_TEXT } from "~/camps/review-text";
import { ReviewPage } from "~/camps/ReviewPage";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import { PRODUCT_NAME } from "~/shared/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? REVIEW_TEXT.title(data.camp.name) : REVIEW_TEXT.eyebrow} | Admin | ${PRODUCT_NAME}` },
];

const route = defineRoute({
  access: "admin",
  async load({ db, viewer, params }) {
    return loadCampReviewPage(db, params.campId ?? "", viewer);
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminCampReviewRoute() {
  const { camp, review } = useLoaderData<typeof loader>();
  return <ReviewPage admin camp={camp} review={review} backTo={{ href: `/admin/camps/${camp.id}`, label: REVIEW_TEXT.backToAdminCamp }} />;
}
