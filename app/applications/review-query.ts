/** The queue's query string (?status=&order=&page=): read and written the same way on both sides. Browser-safe. */
import { REVIEW_FILTERS, type QueueOrder, type ReviewFilter } from "./review-text";

export interface QueueQuery {
  status: ReviewFilter;
  order: QueueOrder;
  page: number;
}

/** ?status=&order=&page= as the queue reads them; anything unknown falls back to the default. */
export function parseQueueQuery(params: URLSearchParams): QueueQuery {
  const status = params.get("status");
  const order = params.get("order");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    status: (REVIEW_FILTERS as readonly string[]).includes(status ?? "") ? (status as ReviewFilter) : "pending",
    order: order === "oldest" ? "oldest" : "newest",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The query string that keeps the admin in the same queue (default values left out). */
export function queueSearch(query: Pick<QueueQuery, "status" | "order">, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.status !== "pending") params.set("status", query.status);
  if (query.order !== "newest") params.set("order", query.order);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

