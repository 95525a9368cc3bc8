import { createHash } from 'node:crypto';
import { AppError } from '../../shared/app-error.ts';
import type { Entry, TransferRequest } from './ledger.types.ts';

/**
 * What is checked of a transfer before the database sees it: its shape and its request hash.
 * Whether the accounts can take it is decided under their row locks, by `ledger_post`
 * (migration 021).
 */

/** Ten trillion major units at 2 decimals: no real movement is larger, and no batch of them can overflow a bigint. */
export const MAX_ENTRY_MINOR = 10n ** 15n;
const MAX_ENTRIES = 16;
const MAX_TEXT_LENGTH = 200;

/** The two entries of a plain movement of `amountMinor` from one account to another. */
export const moveEntries = (
  fromAccountId: number,
  toAccountId: number,
  amountMinor: bigint,
): Entry[] => [
  { accountId: fromAccountId, amountMinor: -amountMinor },
  { accountId: toAccountId, amountMinor },
];

/** A malformed transfer: the server's bug, never a member's input (a 500-class code). */
export const invalidTransfer = (path: string, message: string): AppError =>
  new AppError('TRANSFER_INVALID', { issues: [{ path, message }] });

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

const textError = (path: string, value: string | null | undefined): AppError | null =>
  value !== null && value !== undefined && (value.length < 1 || value.length > MAX_TEXT_LENGTH)
    ? invalidTransfer(path, `1 to ${MAX_TEXT_LENGTH} characters`)
    : null;

/**
 * Why a transfer is malformed, or null. A malformed transfer is the server's bug (members never
 * name entries), so each answer is a 500-class code: fail loudly, write nothing.
 */
export const shapeErrorOf = (request: TransferRequest): AppError | null => {
  const { entries } = request;
  if (entries.length < 2 || entries.length > MAX_ENTRIES)
    return invalidTransfer('entries', `2 to ${MAX_ENTRIES} entries`);
  const textProblem =
    textError('idempotencyKey', request.idempotencyKey) ??
    textError('reference', request.reference);
  if (textProblem) return textProblem;
  const seen = new Set<number>();
  let sum = 0n;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.accountId) || entry.accountId <= 0)
      return invalidTransfer('entries.accountId', 'not an account id');
    if (seen.has(entry.accountId)) return invalidTransfer('entries.accountId', 'one account twice');
    if (entry.amountMinor === 0n || abs(entry.amountMinor) > MAX_ENTRY_MINOR)
      return invalidTransfer('entries.amountMinor', 'zero or beyond the largest entry');
    seen.add(entry.accountId);
    sum += entry.amountMinor;
  }
  if (sum !== 0n)
    return new AppError('TRANSFER_UNBALANCED', {
      issues: [{ path: 'entries', message: `entries sum to ${sum}, not 0` }],
    });
  return null;
};

/**
 * SHA-256 of what was asked: the same request always hashes the same, whatever the order of
 * its entries, and any other request under the same key hashes differently.
 */
export const requestHashOf = (request: TransferRequest): string => {
  const entries = [...request.entries]
    .sort((a, b) => a.accountId - b.accountId)
    .map((entry) => [entry.accountId, entry.amountMinor.toString()]);
  const canonical = JSON.stringify([
    request.merchantId,
    request.type,
    request.reference ?? null,
    entries,
    request.fingerprint ?? null,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
};
