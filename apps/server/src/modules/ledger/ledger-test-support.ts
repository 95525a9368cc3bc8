import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { getOrCreateHouseAccount, getOrCreateMemberAccount } from './ledger.service.ts';
import type { LedgerAccount, TransferRequest, TransferType } from './ledger.types.ts';
import { moveEntries } from './posting.ts';

/** Test helpers of the ledger: fresh members with main wallets, and the house to pay them. */

export const merchantIdByCode = async (db: Db, code: string): Promise<number> =>
  (await db.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [code])).id;

/** A new member of the merchant (never one a test shares) and its main wallet account. */
export const newMemberWallet = async (db: Db, merchantId: number): Promise<LedgerAccount> => {
  const username = `ledger_${randomBytes(5).toString('hex')}`;
  const member = await db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type) VALUES ($1, $2, '!', 0)
     RETURNING id`,
    [merchantId, username],
  );
  return getOrCreateMemberAccount(db, merchantId, Number(member.id), { kind: 'main' });
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

export const cachedBalance = async (db: Db, accountId: number): Promise<bigint> =>
  BigInt(
    (
      await db.one<{ balance_minor: string }>(
        'SELECT balance_minor FROM ledger_accounts WHERE id = $1',
        [accountId],
      )
    ).balance_minor,
  );

export const transferCount = async (db: Db): Promise<number> =>
  (await db.one<{ count: number }>('SELECT count(*)::int AS count FROM ledger_transfers')).count;
