/** How many page buttons the pager shows at a time (the specification's constants). */
export const PAGE_RANGE_SIZE = 5;

/** How many pages `total` items fill, at `pageSize` a page; at least 1 so an empty list still has page 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page numbers to show: up to five, the active page centred where the ends allow. */
export function pageRange(active: number, pages: number, size: number = PAGE_RANGE_SIZE): number[] {
  const last = Math.max(1, pages);
  const current = Math.min(Math.max(1, active), last);
  const first = Math.max(1, Math.min(current - Math.floor(size / 2), last - size + 1));
  const length = Math.min(size, last - first + 1);
  return Array.from({ length }, (_, index) => first + index);
}

/** The items of one page (pages count from 1). */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}
