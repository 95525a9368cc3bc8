import { z } from 'zod';

/** The largest amount a bigint column holds: 2^63 - 1 minor units. */
const MAX_BIGINT = 2n ** 63n - 1n;

/**
 * A pattern for decimal text from 0 (or from 1) to `bound`, without leading zeros: every
 * shorter number, then for each digit of the bound the numbers that match it so far and are
 * smaller there, then the bound itself. The document states a bound this way, so a client
 * that generates from it makes only amounts the server takes.
 */
export const uptoPattern = (bound: bigint, from: 0 | 1 = 0): RegExp => {
  const digits = bound.toString();
  const shorter = digits.length > 1 ? [`[1-9][0-9]{0,${digits.length - 2}}`] : [];
  const smallerAt = Array.from(digits).flatMap((digit, index) => {
    const lowest = index === 0 ? 1 : 0;
    if (Number(digit) <= lowest) return [];
    const rest = digits.length - index - 1;
    return [`${digits.slice(0, index)}[${lowest}-${Number(digit) - 1}][0-9]{${rest}}`];
  });
  const zero = from === 0 ? ['0'] : [];
  return new RegExp(`^(?:${[...zero, ...shorter, ...smallerAt, digits].join('|')})$`, 'u');
};

/**
 * Money on the wire (style.md, Naming): a string of integer minor units in the merchant's
 * currency, so no amount ever passes through floating point. At most 2^63 - 1
 * (9223372036854775807): a PostgreSQL bigint, and the pattern says so.
 */
export const MinorUnitsSchema = z
  .string()
  .regex(uptoPattern(MAX_BIGINT), 'minor units up to 9223372036854775807');
export type MinorUnits = z.infer<typeof MinorUnitsSchema>;

/** The currency every amount of a response is in: the merchant's. */
export const CurrencySchema = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  currencyDecimals: z.number().int().min(0).max(4),
});
export type Currency = z.infer<typeof CurrencySchema>;

/** A positive amount of minor units: what a member may ask to move (0 moves nothing). */
export const PositiveMinorUnitsSchema = z
  .string()
  .regex(uptoPattern(MAX_BIGINT, 1), 'minor units from 1 to 9223372036854775807');

/** Why typed text is not an amount of the currency. */
export type AmountParseError = 'empty' | 'format' | 'precision' | 'too_large';

export type AmountParseResult =
  { ok: true; amountMinor: bigint } | { ok: false; error: AmountParseError };

// Digits with an optional decimal part; a lone point before or after digits is allowed
// ("10." and ".5"), as people type them.
const AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/**
 * Turns what a person typed ("1,234.5") into integer minor units of a currency with
 * `currencyDecimals` decimals, without floating point: the digits are read as text and scaled
 * by string padding. Grouping commas and spaces are ignored; more decimals than the currency
 * has are refused unless they are zeros ("10.500" is 10.50 at 2 decimals). Zero parses (the
 * caller decides whether it is allowed); signs, exponents and other characters are a format
 * error.
 */
export const parseAmountToMinor = (text: string, currencyDecimals: number): AmountParseResult => {
  const compact = text.trim().replace(/[,\s]/g, '');
  if (compact === '') return { ok: false, error: 'empty' };
  const match = AMOUNT.exec(compact);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, error: 'format' };
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > currencyDecimals) return { ok: false, error: 'precision' };
  const digits = `${whole}${significant.padEnd(currencyDecimals, '0')}`.replace(/^0+(?=\d)/, '');
  // Beyond 19 digits no bigint column could hold it; checked before BigInt reads a huge string.
  if (digits.length > 19) return { ok: false, error: 'too_large' };
  const amountMinor = BigInt(digits || '0');
  if (amountMinor > MAX_BIGINT) return { ok: false, error: 'too_large' };
  return { ok: true, amountMinor };
};

/**
 * Minor units as the plain decimal text a person types back ("123450" at 2 decimals is
 * "1234.50"): no grouping, so `parseAmountToMinor` reads it again unchanged.
 */
export const minorToAmountText = (
  amountMinor: bigint | string,
  currencyDecimals: number,
): string => {
  const text = amountMinor.toString();
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).padStart(currencyDecimals + 1, '0');
  const whole = digits.slice(0, digits.length - currencyDecimals);
  const fraction = digits.slice(digits.length - currencyDecimals);
  return `${negative ? '-' : ''}${whole}${currencyDecimals > 0 ? `.${fraction}` : ''}`;
};

/** Why typed text is not an amount to move: it does not parse, is 0, or is too large. */
export type AmountTextProblem = AmountParseError | 'zero';

export type AmountTextOptions = {
  /** The request's own amount schema: PositiveMinorUnitsSchema unless a tighter one is given. */
  minorSchema?: z.ZodType<string, string>;
  /** The params of a refusal's issue, so a form can name its own message: `{ amount: problem }`. */
  issueParams?: (problem: AmountTextProblem) => Record<string, unknown>;
};

/**
 * What a money form's amount input holds, read into the minor units its request sends:
 * `parseAmountToMinor`'s reading, then the request's own amount schema, so the browser refuses
 * what the server would. A refusal is one custom issue without a message of its own (an error
 * map words it from its params).
 */
export const amountTextSchema = (
  currencyDecimals: number,
  {
    minorSchema = PositiveMinorUnitsSchema,
    issueParams = (problem) => ({ amount: problem }),
  }: AmountTextOptions = {},
) =>
  z.string().transform((text, context) => {
    const parsed = parseAmountToMinor(text, currencyDecimals);
    const amountMinor = parsed.ok ? parsed.amountMinor.toString() : '';
    const problem: AmountTextProblem | null = !parsed.ok
      ? parsed.error
      : parsed.amountMinor === 0n
        ? 'zero'
        : minorSchema.safeParse(amountMinor).success
          ? null
          : 'too_large';
    if (problem === null) return amountMinor;
    context.addIssue({ code: 'custom', params: issueParams(problem), input: text });
    return z.NEVER;
  });

/**
 * The client's idempotency key of a money request (style.md, Principles 5), sent as the body
 * field `idempotencyKey`: the same key with the same request answers the first result, with
 * another request it is refused (IDEMPOTENCY_KEY_REUSED). Made once per movement the client
 * means (a UUID fits), so a retried submit never moves money twice.
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_:.-]{8,100}$/, '8 to 100 of A-Z a-z 0-9 _ : . -');
