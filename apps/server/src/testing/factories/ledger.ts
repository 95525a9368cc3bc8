import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  type LedgerAccount,
  type TransferRequest,
  type TransferType,
} from '../../modules/ledger/index.ts';
import { newMember } from './members.ts';

/** Ledger-level money for the ledger's own tests: main wallets, the house, transfer requests. */

/** A new member of the merchant (never one a test shares) and its main wallet account. */
export const newMemberWallet = async (db: Db, merchantId: number): Promise<LedgerAccount> => {
  const code = await db.one<{ code: 'lanna' | 'siam' }>(
    'SELECT code FROM merchants WHERE id = $1',
    [merchantId],
  );
  const member = await newMember(db, { merchantCode: code.code, passwordHash: '!' });
  return getOrCreateMemberAccount(db, merchantId, member.memberId, { kind: 'main' });
};

export const cashIn = (db: Db, merchantId: number) =>
  getOrCreateHouseAccount(db, merchantId, { kind: 'cash_in' });

/** A unique idempotency key, so tests never collide with each other or with the seed. */
export const freshKey = (label: string): string =>
  `test:${label}:${randomBytes(6).toString('hex')}`;

/** A request moving `amountMinor` from one account to another under a fresh key. */
export const moveRequest = (
  merchantId: number,
  type: TransferType,
  from: LedgerAccount,
  to: LedgerAccount,
  amountMinor: bigint,
  idempotencyKey = freshKey(type),
): TransferRequest => ({
  merchantId,
  type,
  idempotencyKey,
  entries: moveEntries(from.id, to.id, amountMinor),
});

/** A deposit-shaped request: `amountMinor` from the house's cash_in to `account`. */
export const depositRequest = (
  merchantId: number,
  house: LedgerAccount,
  account: LedgerAccount,
  amountMinor: bigint,
  idempotencyKey = freshKey('deposit'),
) => moveRequest(merchantId, 'deposit', house, account, amountMinor, idempotencyKey);

/** The balance the account row keeps beside its entries. */
export const cachedBalance = async (db: Db, accountId: number): Promise<bigint> =>
  BigInt(
    (
      await db.one<{ balance_minor: string }>(
        'SELECT balance_minor FROM ledger_accounts WHERE id = $1',
        [accountId],
      )
    ).balance_minor,
  );
