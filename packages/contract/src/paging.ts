import { z } from 'zod';

/** Pages are numbered from 1; a page holds at most 100 rows so no list call is unbounded. */
export const PageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.input<typeof PageQuerySchema>;

const DAY_MS = 86_400_000;
/** A record filter spans at most a year: the pickers offer 7 and 30 days. */
export const MAX_RANGE_DAYS = 366;

const IsoDateSchema = z.iso.date();

/**
 * A date range of a records filter (spec section 9: last 7 or 30 days, next 7 or 30 days), as
 * calendar days in the merchant's zone, both ends included. Either end may be left open.
 */
export const DateRangeQuerySchema = z
  .object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'from is after to',
    path: ['from'],
  })
  .refine(
    (range) =>
      !range.from ||
      !range.to ||
      (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS < MAX_RANGE_DAYS,
    { message: `at most ${MAX_RANGE_DAYS} days`, path: ['to'] },
  );
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
