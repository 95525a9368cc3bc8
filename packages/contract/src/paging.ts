import { z } from 'zod';
import { RequestDateSchema } from './bounds.ts';
import { ruleIssue } from './rules.ts';

/** Pages are numbered from 1; a page holds at most 100 rows so no list call is unbounded. */
export const PageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.input<typeof PageQuerySchema>;

const DAY_MS = 86_400_000;
/** A record filter spans at most a year: the pickers offer 7 and 30 days. */
export const MAX_RANGE_DAYS = 366;

/**
 * A date range of a records filter (spec section 9: last 7 or 30 days, next 7 or 30 days), as
 * calendar days in the merchant's zone, both ends included. Either end may be left open. The
 * fields go into a query object; `checkDateRange` is its refinement (a refined object can no
 * longer be extended, so each list adds the check last).
 */
export const dateRangeFields = {
  from: RequestDateSchema.optional(),
  to: RequestDateSchema.optional(),
};

export const checkDateRange = (
  range: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
): void => {
  if (!range.from || !range.to) return;
  if (range.from > range.to) {
    context.addIssue(ruleIssue('from is after to', ['from']));
  } else if ((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS >= MAX_RANGE_DAYS) {
    context.addIssue(ruleIssue(`at most ${MAX_RANGE_DAYS} days`, ['to']));
  }
};

export const DateRangeQuerySchema = z.object(dateRangeFields).superRefine(checkDateRange);
export type DateRangeQuery = z.input<typeof DateRangeQuerySchema>;

/**
 * Lists count exactly up to this many rows, then say "more than" (decision 016): a count of a
 * member's whole history on every page load is what made the records slow (issue 30).
 */
export const MAX_COUNTED_ROWS = 10_000;

/**
 * Where a keyset page starts (decision 016): `a.` the rows after this key in the list's order
 * (the next page), `b.` the rows before it (the previous page). The key is the row's time in
 * microseconds since 1970 and its id, as the page that handed it out wrote them.
 */
export const PageCursorSchema = z
  .string()
  .regex(/^[ab]\.[0-9]{1,17}\.[0-9]{1,18}$/, 'a page cursor from a previous page');

/**
 * The page fields of a list paged by keyset: a page number as the screens show it and, to move
 * to the next or previous page, the cursor that page handed out. Without a cursor the page
 * number is read by position, only within the counted rows (`checkPageDepth`).
 */
export const keysetPageFields = {
  ...PageQuerySchema.shape,
  cursor: PageCursorSchema.optional(),
};

/** A page number without a cursor reaches no deeper than the rows a list counts. */
export const checkPageDepth = (
  page: { pageNo: number; pageSize: number; cursor?: string | undefined },
  context: z.RefinementCtx,
): void => {
  if (page.cursor === undefined && (page.pageNo - 1) * page.pageSize >= MAX_COUNTED_ROWS) {
    context.addIssue(ruleIssue(`pages past row ${MAX_COUNTED_ROWS} need a cursor`, ['pageNo']));
  }
};

/**
 * One page of a list: its rows and where it sits among all of them. `total` is exact unless
 * `totalCapped`: then the list holds more than `total` rows (`MAX_COUNTED_ROWS`), and
 * `totalPages` counts the pages of those.
 */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    totalCapped: z.boolean(),
  });

/**
 * One page of a list paged by keyset (decision 016): `pageOf` and the cursors of the pages on
 * either side, null where the list ends.
 */
export const keysetPageOf = <Item extends z.ZodType>(item: Item) =>
  pageOf(item).extend({
    nextCursor: PageCursorSchema.nullable(),
    prevCursor: PageCursorSchema.nullable(),
  });

/** The page count for a total (0 rows, 0 pages: the list shows 'no data'). */
export const totalPagesOf = (total: number, pageSize: number): number =>
  Math.ceil(total / pageSize);

/**
 * The count fields of a page, the one way every list fills them: `counted` is what the list
 * counted, at most `MAX_COUNTED_ROWS + 1` rows for a bounded count; one more than the limit
 * means "more than".
 */
export const pageCountOf = (
  counted: number,
  pageSize: number,
): { total: number; totalPages: number; totalCapped: boolean } => {
  const total = Math.min(counted, MAX_COUNTED_ROWS);
  return {
    total,
    totalPages: totalPagesOf(total, pageSize),
    totalCapped: counted > MAX_COUNTED_ROWS,
  };
};
