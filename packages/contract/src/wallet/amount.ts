import { z } from 'zod';
import { uptoPattern } from '../money.ts';

/**
 * The largest amount one transfer may carry, in minor units: the ledger's own bound on an
 * entry (ten trillion major units at 2 decimals). Anything above it is refused as bad input
 * before it reaches the ledger.
 */
export const MAX_TRANSFER_MINOR = 10n ** 15n;

/**
 * An amount a member or an operator asks to move in one transfer (issue 4 items 3, 7 and 9): a
 * string of integer minor units, at least 1 and at most MAX_TRANSFER_MINOR. Zero, signs,
 * decimals, exponents and spaces are refused, so the browser (after `parseAmountToMinor`) and
 * the server apply one rule, and no amount passes through floating point.
 */
export const TransferAmountMinorSchema = z
  .string()
  .regex(uptoPattern(MAX_TRANSFER_MINOR, 1), 'minor units from 1 to the largest transfer');
