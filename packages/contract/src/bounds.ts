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

/**
 * An id of a row whose key is a `bigint` identity, as a path parameter: up to the largest
 * integer JavaScript holds exactly (identities never come near it).
 */
export const BigIdParamSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53 - 1);

/** The first and last calendar days a request may name: PostgreSQL and `Date` hold far more. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2999-12-31';
const YEARS_MESSAGE = `a day from ${DATE_MIN} to ${DATE_MAX}`;

// One pattern per shape, so the document states the whole rule (a calendar day of years 1900
// to 2999) and a client that generates from it makes only days the server takes. Leap years:
// divisible by 4, but of the centuries only those divisible by 400 (2000, 2400, 2800).
const YEAR = '(?:19|2\\d)\\d\\d';
const LEAP_YEAR = '(?:(?:19|2\\d)(?:0[48]|[2468][048]|[13579][26])|2000|2400|2800)';
const MONTH_DAY =
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))';
const DAY = `(?:${LEAP_YEAR}-02-29|${YEAR}-${MONTH_DAY})`;
const TIME = 'T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,3})?Z';

/** A calendar day (YYYY-MM-DD) of years 1900 to 2999; a range's ends stay inside them too. */
export const RequestDateSchema = z.string().regex(new RegExp(`^${DAY}$`, 'u'), YEARS_MESSAGE);

/** An instant in UTC (ISO 8601, ending in Z, milliseconds at most) of years 1900 to 2999. */
export const RequestDateTimeSchema = z
  .string()
  .regex(new RegExp(`^${DAY}${TIME}$`, 'u'), YEARS_MESSAGE);
