import { z } from 'zod';

/**
 * The bounds of numbers and dates a request may carry (issue 21 item 4): what the columns they
 * land in and JavaScript's `Date` hold, so an out-of-range value is a 400 VALIDATION_FAILED and
 * never a database or `Date` failure (a 500).
 */

/** The largest value of a PostgreSQL `integer` (and `GENERATED ... AS IDENTITY` integer) column. */
export const INT32_MAX = 2_147_483_647;

/** An id of a row whose key is a 32-bit `integer` column, as a path or query parameter. */
export const Int32IdParamSchema = z.coerce.number().int().min(1).max(INT32_MAX);

/** The first and last calendar days a request may name: PostgreSQL and `Date` hold far more. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2999-12-31';
const YEARS_1900_TO_2999 = /^(?:19|2\d)\d\d-/u;
const YEARS_MESSAGE = `a day from ${DATE_MIN} to ${DATE_MAX}`;

/** A calendar day (YYYY-MM-DD) of years 1900 to 2999; a range's ends stay inside them too. */
export const RequestDateSchema = z.iso.date().regex(YEARS_1900_TO_2999, YEARS_MESSAGE);

/** An instant in UTC (ISO 8601, ending in Z) of years 1900 to 2999. */
export const RequestDateTimeSchema = z.iso.datetime().regex(YEARS_1900_TO_2999, YEARS_MESSAGE);
