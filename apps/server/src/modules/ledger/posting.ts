import { createHash } from 'node:crypto';
import { AppError } from '../../shared/app-error.ts';
import type {
  Entry,
  LedgerAccount,
  PostedEntry,
  TransferOutcome,
  TransferRequest,
} from './ledger.types.ts';

/**
 * The rules of one transfer, without a database: its shape, its request hash, and whether the
 * locked accounts can take it. The service runs them on balances read under row locks, so a
 * whole batch can be decided in memory, each transfer on its own.
 */

/** Ten trillion major units at 2 decimals: no real movement is larger, and no batch of them can overflow a bigint. */
export const MAX_ENTRY_MINOR = 10n ** 15n;
// Far inside PostgreSQL's bigint (2^63 - 1): a balance that gets here is a bug, not business.
const MAX_BALANCE_MINOR = 2n ** 62n;
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

const invalid = (path: string, message: string) =>
  new AppError('TRANSFER_INVALID', { issues: [{ path, message }] });

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

const textError = (path: string, value: string | null | undefined): AppError | null =>
  value !== null && value !== undefined && (value.length < 1 || value.length > MAX_TEXT_LENGTH)
    ? invalid(path, `1 to ${MAX_TEXT_LENGTH} characters`)
    : null;

/**
 * Why a transfer is malformed, or null. A malformed transfer is the server's bug (members never
 * name entries), so each answer is a 500-class code: fail loudly, write nothing.
 */
export const shapeErrorOf = (request: TransferRequest): AppError | null => {
  const { entries } = request;
  if (entries.length < 2 || entries.length > MAX_ENTRIES)
    return invalid('entries', `2 to ${MAX_ENTRIES} entries`);
  const textProblem =
    textError('idempotencyKey', request.idempotencyKey) ??
    textError('reference', request.reference);
  if (textProblem) return textProblem;
  const seen = new Set<number>();
  let sum = 0n;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.accountId) || entry.accountId <= 0)
      return invalid('entries.accountId', 'not an account id');
    if (seen.has(entry.accountId)) return invalid('entries.accountId', 'one account twice');
    if (entry.amountMinor === 0n || abs(entry.amountMinor) > MAX_ENTRY_MINOR)
      return invalid('entries.amountMinor', 'zero or beyond the largest entry');
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

export type Refusal = Extract<TransferOutcome, { ok: false }>;

const refuse = (error: AppError): Refusal => ({ ok: false, error });

/**
 * Decides one transfer against the working balances of accounts the caller holds locked, and
 * on acceptance moves those balances. Returns the posted entries or the refusal: a debit from
 * a frozen account, or a member account that would go below zero. A refusal changes nothing.
 */
export const applyTransfer = (
  accounts: Map<number, LedgerAccount>,
  request: TransferRequest,
): { ok: true; entries: PostedEntry[] } | Refusal => {
  const posted: PostedEntry[] = [];
  for (const entry of request.entries) {
    const account = accounts.get(entry.accountId);
    if (!account || account.merchantId !== request.merchantId)
      return refuse(invalid('entries.accountId', 'no such account at this merchant'));
    if (entry.amountMinor < 0n && account.frozen) return refuse(new AppError('ACCOUNT_FROZEN'));
    const balanceAfterMinor = account.balanceMinor + entry.amountMinor;
    if (account.owner === 'member' && balanceAfterMinor < 0n)
      return refuse(new AppError('INSUFFICIENT_BALANCE'));
    if (abs(balanceAfterMinor) > MAX_BALANCE_MINOR)
      return refuse(invalid('entries.amountMinor', 'balance out of range'));
    posted.push({ ...entry, balanceAfterMinor });
  }
  for (const entry of posted) {
    const account = accounts.get(entry.accountId);
    if (account) account.balanceMinor = entry.balanceAfterMinor;
  }
  return { ok: true, entries: posted };
};
