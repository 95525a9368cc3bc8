import {
  amountTextSchema,
  TransferAmountMinorSchema,
  type AmountTextProblem,
} from '@lanna/contract';
import { refusal } from '@/components/ui/form/issue-text';

/** The `wallet.amountError.*` text of each way typed text is not a transfer amount. */
const TEXT_OF: Record<AmountTextProblem, string> = {
  empty: 'required',
  format: 'format',
  precision: 'precision',
  zero: 'positive',
  too_large: 'tooLarge',
};

/**
 * The amount a member types in major units ("1,250.50"), read into the minor units a transfer
 * sends by the server's own rule (TransferAmountMinorSchema: positive, whole minor units, at
 * most the largest transfer) and without floating point. `availableMinor`, when known, refuses
 * more than the wallet shows; the server still decides on the real balance.
 */
export const transferAmountSchema = (currencyDecimals: number, availableMinor?: string) =>
  amountTextSchema(currencyDecimals, {
    minorSchema: TransferAmountMinorSchema,
    issueParams: (problem) => refusal({ key: `wallet.amountError.${TEXT_OF[problem]}` }).params,
  }).refine(
    (amountMinor) => availableMinor === undefined || BigInt(amountMinor) <= BigInt(availableMinor),
    refusal({ key: 'wallet.amountError.balance' }),
  );
