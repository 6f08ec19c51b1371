/** A whole admin section whose tools arrive later: its heading and an honest empty state. */
import { EmptyState } from "~/layout/EmptyState";
import { PageHeader } from "~/layout/PageHeader";
import { ButtonLink } from "~/ui/Button";
import type { AdminEmptySection as Section } from "./sections";

export function AdminEmptySection({ section }: { section: Section }) {
  return (
    <>
      <PageHeader eyebrow="Admin" title={section.title} lead={section.lead} />
      <EmptyState
        icon={section.icon}
        title={section.emptyTitle}
        actions={
          section.link ? (
            <ButtonLink to={section.link.to} variant="outline">
              {section.link.label}
            </ButtonLink>
          ) : null
        }
      >
        {section.emptyText}
      </EmptyState>
    </>
  );
}
