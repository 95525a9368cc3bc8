import { moneyText, type CurrencyOf } from '@/lib/money';

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
