export type PageItem = number | 'gap';

/**
 * The page links to show (spec section 9: margin pages 1-2, range 3-5): `margin` pages at each
 * end, `range` pages around the current one, and a gap wherever pages are left out. A gap of a
 * single page shows that page instead, since a link costs no more room than an ellipsis.
 */
export const pageItems = (
  current: number,
  totalPages: number,
  { range = 3, margin = 1 }: { range?: number; margin?: number } = {},
): PageItem[] => {
  const shown = new Set<number>();
  const half = Math.floor(range / 2);
  let start = Math.max(1, Math.min(current - half, totalPages - range + 1));
  const end = Math.min(totalPages, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let page = start; page <= end; page += 1) shown.add(page);
  for (let page = 1; page <= Math.min(margin, totalPages); page += 1) {
    shown.add(page);
    shown.add(totalPages - page + 1);
  }
  const pages = [...shown].filter((page) => page >= 1 && page <= totalPages);
  pages.sort((a, b) => a - b);
  const items: PageItem[] = [];
  // Without margin pages nothing stands before the first shown page, so nothing fills in there.
  let previous = margin > 0 ? 0 : (pages[0] ?? 1) - 1;
  for (const page of pages) {
    if (page - previous === 2) items.push(page - 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
};
