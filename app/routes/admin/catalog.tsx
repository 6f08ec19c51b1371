/** /admin/catalog (admin guard): the catalogue's size, and the (empty) queue of songs waiting to go live. */
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { songCounts } from "~/admin/archive.server";
import { ADMIN_EMPTY_SECTIONS } from "~/admin/sections";
import { EmptyState } from "~/layout/EmptyState";
import { RouteErrorBoundary } from "~/layout/ErrorFallbacks";
import { defineRoute } from "~/routing/route.server";
import * as page from "~/layout/page.css";
import { PageHeader } from "~/layout/PageHeader";
import { PRODUCT_NAME } from "~/shared/constants";
import { ButtonLink } from "~/ui/Button";

const section = ADMIN_EMPTY_SECTIONS.catalog;

export const meta: MetaFunction = () => [{ title: `Catalogue | Admin | ${PRODUCT_NAME}` }];

const route = defineRoute({
  access: "admin",
  adminSection: { label: "Catalogue", to: "/admin/catalog", summary: "Songs being prepared for the catalogue.", order: 60 },
  async load({ db }) {
    return { counts: await songCounts(db) };
  },
});

export const loader = route.loader;
export const action = route.action;
export const headers = route.headers;
export const ErrorBoundary = RouteErrorBoundary;

export default function AdminCatalogRoute() {
  const { counts } = useLoaderData<typeof loader>();
  const stats = [
    { label: "Songs in the catalogue", value: counts.catalogue },
    { label: "Featured", value: counts.featured },
    { label: "Archived", value: counts.archived },
  ];
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title={section.title}
        lead={section.lead}
        actions={
          <ButtonLink to="/music-catalog" variant="outline">
            Open the catalogue
          </ButtonLink>
        }
      />
      <dl className={page.statGrid}>
        {stats.map((stat) => (
          <div key={stat.label} className={page.stat}>
            <dt className={page.statLabel}>{stat.label}</dt>
            <dd className={page.statValue}>{stat.value}</dd>
          </div>
        ))}
      </dl>
      <EmptyState icon={section.icon} title={section.emptyTitle}>
        {section.emptyText}
      </EmptyState>
    </>
  );
}
