/**
 * The query strings of /admin/members and /admin/showcase (ADR 0081): read
 * leniently on the server, written back for links and pages. Browser-safe.
 */
import { ADMIN_SEARCH_MAX, MEMBER_ROLE_FILTERS, SHOWCASE_FILTERS, type MemberRoleFilter, type ShowcaseFilter } from "./members-showcase-text";

export interface AdminMembersQuery {
  q: string | null;
  role: MemberRoleFilter;
  page: number;
}

export function parseMembersQuery(params: URLSearchParams): AdminMembersQuery {
  const role = params.get("role");
  const pageText = params.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number.parseInt(pageText, 10)) : 1;
  return {
    q: cleanSearch(params.get("q")),
    role: (MEMBER_ROLE_FILTERS as readonly string[]).includes(role ?? "") ? (role as MemberRoleFilter) : "all",
    page,
  };
}

export function membersSearch(query: AdminMembersQuery, changes: Partial<AdminMembersQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.role !== "all") params.set("role", next.role);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export interface AdminShowcaseQuery {
  q: string | null;
  filter: ShowcaseFilter;
  page: number;
}

/** Lenient: an unknown filter is "all", a bad page 1, an over-long search cut; control characters become spaces. */
export function parseShowcaseQuery(params: URLSearchParams): AdminShowcaseQuery {
  const filter = params.get("filter");
  const pageText = params.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number.parseInt(pageText, 10)) : 1;
  return {
    q: cleanSearch(params.get("q")),
    filter: (SHOWCASE_FILTERS as readonly string[]).includes(filter ?? "") ? (filter as ShowcaseFilter) : "all",
    page,
  };
}

export function cleanSearch(value: string | null): string | null {
  if (value === null) return null;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim().slice(0, ADMIN_SEARCH_MAX).trim();
  return text === "" ? null : text;
}

export function showcaseSearch(query: AdminShowcaseQuery, changes: Partial<AdminShowcaseQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.filter !== "all") params.set("filter", next.filter);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

