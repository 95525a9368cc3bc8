import type { DepositChannel } from '@lanna/contract';
import { refusal } from '@/components/ui/form/issue-text';
import { formatMinorUnits } from '@/lib/money';
import { paymentAmountSchema } from './payment-amount';

export type DepositCurrency = { currencySymbol: string; currencyDecimals: number };

/** Minor units with the currency symbol and 2 decimals, as the site shows money. */
export const formatMoney = (minor: string | bigint, currency: DepositCurrency): string =>
  `${currency.currencySymbol}${formatMinorUnits(minor.toString(), currency.currencyDecimals)}`;

/**
 * The amount as typed, checked like the server will: a number with no more decimals than the
 * currency has, more than 0 and inside the channel's limits per deposit.
 */
export const depositAmountSchema = (
  channel: Pick<DepositChannel, 'minMinor' | 'maxMinor'>,
  currency: DepositCurrency,
) =>
  paymentAmountSchema(currency.currencyDecimals, 'deposit').refine(
    (amountMinor) =>
      BigInt(amountMinor) >= BigInt(channel.minMinor) &&
      BigInt(amountMinor) <= BigInt(channel.maxMinor),
    refusal({
      key: 'deposit.amount.outOfRange',
      values: {
        min: formatMoney(channel.minMinor, currency),
        max: formatMoney(channel.maxMinor, currency),
      },
    }),
  );

/**
 * One idempotency key per deposit the member means: made for a filled-in form and kept through
 * retries of that submit, so a lost answer never records the deposit twice.
 */
export const newDepositKey = (): string => `dep-${crypto.randomUUID()}`;
