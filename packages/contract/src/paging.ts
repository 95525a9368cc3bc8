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

/** One page of a list: its rows and where it sits among all of them. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  });

/** The page count for a total (0 rows, 0 pages: the list shows 'no data'). */
export const totalPagesOf = (total: number, pageSize: number): number =>
  Math.ceil(total / pageSize);
