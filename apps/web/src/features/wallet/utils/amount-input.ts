import { parseAmountToMinor, TransferAmountMinorSchema } from '@lanna/contract';

/** Why typed text cannot be sent as a transfer amount; each has a `wallet.amountError.*` text. */
export type AmountInputError =
  'required' | 'format' | 'precision' | 'positive' | 'tooLarge' | 'balance';

export type AmountInput =
  { ok: true; amountMinor: string } | { ok: false; error: AmountInputError };

/**
 * Reads the amount a member typed in major units ("1,250.50") into the minor units the server
 * takes, with the server's own rule (TransferAmountMinorSchema: positive, whole minor units, at
 * most the largest transfer) and without floating point. `availableMinor`, when known, refuses
 * more than the wallet shows; the server still decides on the real balance.
 */
export const readAmount = (
  text: string,
  currencyDecimals: number,
  availableMinor?: string,
): AmountInput => {
  const parsed = parseAmountToMinor(text, currencyDecimals);
  if (!parsed.ok) {
    const error = (
      {
        empty: 'required',
        format: 'format',
        precision: 'precision',
        too_large: 'tooLarge',
      } as const
    )[parsed.error];
    return { ok: false, error };
  }
  if (parsed.amountMinor === 0n) return { ok: false, error: 'positive' };
  const amountMinor = parsed.amountMinor.toString();
  if (!TransferAmountMinorSchema.safeParse(amountMinor).success)
    return { ok: false, error: 'tooLarge' };
  if (availableMinor !== undefined && parsed.amountMinor > BigInt(availableMinor))
    return { ok: false, error: 'balance' };
  return { ok: true, amountMinor };
};
