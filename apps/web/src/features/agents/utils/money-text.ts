import { formatMinorUnits } from '@/lib/money';

/** The currency fields every agent-centre answer carries. */
export type CurrencyOf = { currencySymbol: string; currencyDecimals: number };

/** An amount as the agent centre shows it: the symbol, then 2 decimals ('฿ 1,234.50'). */
export const moneyText = (currency: CurrencyOf, amountMinor: string): string =>
  `${currency.currencySymbol} ${formatMinorUnits(amountMinor, currency.currencyDecimals)}`;

/** A gain in green, a loss in red, nothing for zero: the class of a stylesheet's `gain`/`loss`. */
export const signTone = (
  amountMinor: string,
  tones: Readonly<Record<string, string>>,
): string | undefined => {
  if (/^-?0+$/.test(amountMinor)) return undefined;
  return amountMinor.startsWith('-') ? tones['loss'] : tones['gain'];
};

/** A movement with its sign before the symbol: '+฿ 50.00' in, '-฿ 20.00' out. */
export const signedMoneyText = (currency: CurrencyOf, amountMinor: string): string => {
  const negative = amountMinor.startsWith('-');
  const size = negative ? amountMinor.slice(1) : amountMinor;
  return `${negative ? '-' : '+'}${moneyText(currency, size)}`;
};
