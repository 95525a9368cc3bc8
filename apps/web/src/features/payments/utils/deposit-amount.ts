import { parseAmountToMinor, type DepositChannel } from '@lanna/contract';
import { formatMinorUnits } from '@/lib/money';

export type Message = { key: string; values?: Record<string, string> };

export type DepositCurrency = { currencySymbol: string; currencyDecimals: number };

/** Minor units with the currency symbol and 2 decimals, as the site shows money. */
export const formatMoney = (minor: string | bigint, currency: DepositCurrency): string =>
  `${currency.currencySymbol}${formatMinorUnits(minor.toString(), currency.currencyDecimals)}`;

/**
 * The amount as typed, checked like the server will: a number with no more decimals than the
 * currency has (parsed as text into minor units, never through floating point), more than 0
 * and inside the channel's limits per deposit.
 */
export const validateDepositAmount = (
  text: string,
  channel: Pick<DepositChannel, 'minMinor' | 'maxMinor'>,
  currency: DepositCurrency,
): { ok: true; amountMinor: bigint } | { ok: false; message: Message } => {
  const parsed = parseAmountToMinor(text, currency.currencyDecimals);
  if (!parsed.ok)
    return {
      ok: false,
      message: {
        key: parsed.error === 'empty' ? 'validation.required' : `deposit.amount.${parsed.error}`,
      },
    };
  const amount = parsed.amountMinor;
  if (amount === 0n) return { ok: false, message: { key: 'deposit.amount.zero' } };
  if (amount < BigInt(channel.minMinor) || amount > BigInt(channel.maxMinor))
    return {
      ok: false,
      message: {
        key: 'deposit.amount.outOfRange',
        values: {
          min: formatMoney(channel.minMinor, currency),
          max: formatMoney(channel.maxMinor, currency),
        },
      },
    };
  return { ok: true, amountMinor: amount };
};

/**
 * One idempotency key per deposit the member means: made for a filled-in form and kept through
 * retries of that submit, so a lost answer never records the deposit twice.
 */
export const newDepositKey = (): string => `dep-${crypto.randomUUID()}`;
