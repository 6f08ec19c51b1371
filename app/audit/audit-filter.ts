/**
 * The audit log's filters as they travel in a URL (a GET form, so they work
 * without JavaScript): ?actor=<user id>&action=<action>&target=<type>&before=<id>.
 * Anything unknown or malformed is dropped, never passed to the query.
 * Browser-safe.
 */
import { AUDIT_TARGET_TYPES, isAuditAction, type AuditAction, type AuditTargetType } from "./actions";

export interface AuditFilterParams {
  actorId?: string;
  action?: AuditAction;
  targetType?: AuditTargetType;
  beforeId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isAuditTargetType(value: unknown): value is AuditTargetType {
  return typeof value === "string" && Object.hasOwn(AUDIT_TARGET_TYPES, value);
}

export function parseAuditFilter(params: URLSearchParams): AuditFilterParams {
  const actor = params.get("actor") ?? "";
  const action = params.get("action") ?? "";
  const target = params.get("target") ?? "";
  const before = params.get("before") ?? "";
  return {
    ...(UUID.test(actor) ? { actorId: actor.toLowerCase() } : {}),
    ...(isAuditAction(action) ? { action } : {}),
    ...(isAuditTargetType(target) ? { targetType: target } : {}),
    ...(/^[1-9]\d{0,17}$/.test(before) ? { beforeId: before } : {}),
  };
}

/** The query string (with "?", or "" for none) of a filter, optionally on another page. */
export function auditFilterSearch(filter: AuditFilterParams, beforeId?: string | null): string {
  const params = new URLSearchParams();
  if (filter.actorId) params.set("actor", filter.actorId);
  if (filter.action) params.set("action", filter.action);
  if (filter.targetType) params.set("target", filter.targetType);
  if (beforeId) params.set("before", beforeId);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Where an entry's target can be looked at, when there is a page for it. */
export function auditTargetHref(targetType: string, targetId: string | null): string | null {
  if (!targetId) return null;
  const id = encodeURIComponent(targetId);
  switch (targetType) {
    case "song":
      return `/admin/catalog/${id}`;
    case "user":
      return `/admin/users/${id}`;
    case "member":
      return `/admin/members/${id}`;
    case "application":
      return `/admin/applications/${id}`;
    case "submission":
      return `/admin/submissions/${id}`;
    case "camp":
      return `/admin/camps/${id}`;
    case "ar_registration":
      return `/admin/ar-registrations?id=${id}`;
    default:
      return null;
  }
}

export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

function show(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) return value.map((item) => String(item)).join(", ");
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The before/after snapshots as readable rows, one per field (a snapshot that
 * is not an object is one row, "value"). Unchanged fields are kept: the
 * snapshot holds only what the action touched.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before === null && after === null) return [];
    return [{ field: "value", before: show(before), after: show(after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({ field, before: show(b[field]), after: show(a[field]) }));
}
