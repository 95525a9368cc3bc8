/**
 * Money crosses the wire as a string of integer minor units (style.md, Naming); it is shown
 * with 2 decimals (spec section 9) without ever passing through floating point.
 */
export const DISPLAY_DECIMALS = 2;

// One grouping formatter per locale: making one costs more than formatting with it, and figures
// that move (the jackpot, live totals) format every frame.
const groupers = new Map<string, Intl.NumberFormat>();
const grouperFor = (locale: string): Intl.NumberFormat => {
  let grouper = groupers.get(locale);
  if (!grouper) {
    grouper = new Intl.NumberFormat(locale, { useGrouping: true });
    groupers.set(locale, grouper);
  }
  return grouper;
};

export const formatMinorUnits = (
  amountMinor: string,
  currencyDecimals: number,
  locale = 'en-US',
): string => {
  const negative = amountMinor.startsWith('-');
  let minor = BigInt(negative ? amountMinor.slice(1) : amountMinor);
  // Scale to hundredths: drop extra digits (truncating toward zero) or pad missing ones.
  if (currencyDecimals > DISPLAY_DECIMALS)
    minor /= 10n ** BigInt(currencyDecimals - DISPLAY_DECIMALS);
  if (currencyDecimals < DISPLAY_DECIMALS)
    minor *= 10n ** BigInt(DISPLAY_DECIMALS - currencyDecimals);
  const whole = minor / 100n;
  const cents = (minor % 100n).toString().padStart(DISPLAY_DECIMALS, '0');
  const grouped = grouperFor(locale).format(whole);
  return `${negative && minor !== 0n ? '-' : ''}${grouped}.${cents}`;
};

/** The currency fields an amount is shown with: the merchant's, or those of the answer. */
export type CurrencyOf = { currencySymbol: string; currencyDecimals: number };

/** An amount with its currency: the symbol, then 2 decimals ('฿ 1,234.50'). */
export const moneyText = (currency: CurrencyOf, amountMinor: string): string =>
  `${currency.currencySymbol} ${formatMinorUnits(amountMinor, currency.currencyDecimals)}`;
