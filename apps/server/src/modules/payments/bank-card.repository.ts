import type { EWalletType, PayeeAccountKind } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

/** A bound bank card or e-wallet, with its whole account number (never sent to members). */
export type PayeeAccountRow = {
  id: string;
  kind: PayeeAccountKind;
  bank_name: string | null;
  wallet_type: EWalletType | null;
  account_name: string;
  account_number: string;
  created_at: Date;
};

const COLUMNS =
  'id::text AS id, kind, bank_name, wallet_type, account_name, account_number, created_at';

/**
 * Serialises one member's payee changes and withdrawal requests for the rest of the
 * transaction, so counting (cards against the limit, today's withdrawals) and acting happen as
 * one step. An advisory lock: nothing else of the member's waits on it.
 */
export const lockMemberPayments = (db: Db, memberId: number) =>
  db.query("SELECT pg_advisory_xact_lock(hashtextextended('payments:member:' || $1, 0))", [
    String(memberId),
  ]);

export const findBoundPayeeAccounts = (db: Db, merchantId: number, memberId: number) =>
  db.query<PayeeAccountRow>(
    `SELECT ${COLUMNS} FROM payee_accounts
     WHERE merchant_id = $1 AND member_id = $2 AND unbound_at IS NULL
     ORDER BY created_at, id`,
    [merchantId, memberId],
  );

/** One bound account of the member; another member's id finds nothing. */
export const findBoundPayeeAccount = (
  db: Db,
  merchantId: number,
  memberId: number,
  accountId: string,
) =>
  db.maybeOne<PayeeAccountRow>(
    `SELECT ${COLUMNS} FROM payee_accounts
     WHERE id = $3 AND merchant_id = $1 AND member_id = $2 AND unbound_at IS NULL`,
    [merchantId, memberId, accountId],
  );

export type NewPayeeAccount = {
  merchantId: number;
  memberId: number;
  kind: PayeeAccountKind;
  bankName: string | null;
  walletType: EWalletType | null;
  accountName: string;
  accountNumber: string;
  now: Date;
};

/** Inserts the account, or answers null when the member already has it bound. */
export const insertPayeeAccount = (db: Db, account: NewPayeeAccount) =>
  db.maybeOne<PayeeAccountRow>(
    `INSERT INTO payee_accounts (merchant_id, member_id, kind, bank_name, wallet_type,
       account_name, account_number, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (member_id, kind, coalesce(wallet_type, ''), account_number)
       WHERE unbound_at IS NULL DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      account.merchantId,
      account.memberId,
      account.kind,
      account.bankName,
      account.walletType,
      account.accountName,
      account.accountNumber,
      account.now,
    ],
  );

/** Unbinds a bound account of the member; false when there is none by that id. */
export const unbindPayeeAccount = async (
  db: Db,
  merchantId: number,
  memberId: number,
  accountId: string,
  now: Date,
): Promise<boolean> =>
  (
    await db.query(
      `UPDATE payee_accounts SET unbound_at = $4
       WHERE id = $3 AND merchant_id = $1 AND member_id = $2 AND unbound_at IS NULL
       RETURNING id`,
      [merchantId, memberId, accountId, now],
    )
  ).length > 0;
