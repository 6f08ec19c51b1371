/** Which page numbers a pager shows: first, last, and a window around the current page. */
export type PageItem = { kind: "page"; page: number } | { kind: "gap"; key: string };

export function pageItems(current: number, pageCount: number, around = 1): PageItem[] {
  if (pageCount <= 1) return [];
  const wanted = new Set<number>([1, pageCount]);
  for (let p = current - around; p <= current + around; p += 1) if (p >= 1 && p <= pageCount) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) items.push({ kind: "page", page: page - 1 });
    else if (previous !== undefined && page - previous > 2) items.push({ kind: "gap", key: `gap-${previous}` });
    items.push({ kind: "page", page });
  });
  return items;
}
