import type { VendorRoundStatus } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

/** Names a vendor's ids: they are unique per merchant and vendor. */
export type VendorScope = { merchantId: number; vendorCode: string };

// --- Player tokens -------------------------------------------------------------------------

export type SessionRow = { member_id: string; expires_at: Date };

export const insertSession = (
  db: Db,
  session: VendorScope & {
    memberId: number;
    gameCode: string | null;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
) =>
  db.query(
    `INSERT INTO vendor_sessions (merchant_id, member_id, vendor_code, game_code, token_hash,
       created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      session.merchantId,
      session.memberId,
      session.vendorCode,
      session.gameCode,
      session.tokenHash,
      session.createdAt,
      session.expiresAt,
    ],
  );

export const findSession = (db: Db, scope: VendorScope, tokenHash: string) =>
  db.maybeOne<SessionRow>(
    `SELECT member_id::text, expires_at FROM vendor_sessions
     WHERE token_hash = $1 AND merchant_id = $2 AND vendor_code = $3`,
    [tokenHash, scope.merchantId, scope.vendorCode],
  );

// --- Rounds ----------------------------------------------------------------------------------

export type RoundRow = {
  id: string;
  round_id: string;
  member_id: string;
  game_code: string;
  wallet: 'main' | 'vendor';
  play_money: boolean;
  status: VendorRoundStatus;
  debit_minor: string;
  credit_minor: string;
  rollback_minor: string;
};

// int8 columns as text: the engines hand int8 back in different JS types.
const ROUND_COLUMNS = `id::text, round_id, member_id::text, game_code, wallet, play_money, status,
  debit_minor::text, credit_minor::text, rollback_minor::text`;

/** The round, row-locked: every change to a round and its money runs under this lock. */
export const lockRound = (db: Db, scope: VendorScope, roundId: string) =>
  db.maybeOne<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM vendor_rounds
     WHERE merchant_id = $1 AND vendor_code = $2 AND round_id = $3 FOR UPDATE`,
    [scope.merchantId, scope.vendorCode, roundId],
  );

export const lockRoundById = (db: Db, id: string) =>
  db.one<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM vendor_rounds WHERE id = $1 FOR UPDATE`, [id]);

/** Adds to a round's totals and, when `status` is given, closes it. */
export const updateRound = (
  db: Db,
  id: string,
  change: {
    debitMinor?: bigint;
    creditMinor?: bigint;
    rollbackMinor?: bigint;
    status?: 'settled' | 'cancelled';
    at: Date;
  },
) =>
  db.query(
    `UPDATE vendor_rounds SET debit_minor = debit_minor + $2, credit_minor = credit_minor + $3,
       rollback_minor = rollback_minor + $4, status = coalesce($5, status),
       closed_at = CASE WHEN $5::text IS NULL THEN closed_at ELSE $6 END, updated_at = $6
     WHERE id = $1`,
    [
      id,
      (change.debitMinor ?? 0n).toString(),
      (change.creditMinor ?? 0n).toString(),
      (change.rollbackMinor ?? 0n).toString(),
      change.status ?? null,
      change.at,
    ],
  );

// --- Transactions ----------------------------------------------------------------------------

export type TransactionRow = {
  transaction_id: string;
  kind: 'debit' | 'credit' | 'rollback';
  state: 'applied' | 'rolled_back' | 'void';
  round_ref: string | null;
  member_id: string | null;
  amount_minor: string | null;
  request_hash: string;
  result: unknown;
};

const TRANSACTION_COLUMNS = `transaction_id, kind, state, round_ref::text, member_id::text,
  amount_minor::text, request_hash, result`;

/** The transaction, row-locked, so a debit and its rollback never cross. */
export const lockTransaction = (db: Db, scope: VendorScope, transactionId: string) =>
  db.maybeOne<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM vendor_transactions
     WHERE merchant_id = $1 AND vendor_code = $2 AND transaction_id = $3 FOR UPDATE`,
    [scope.merchantId, scope.vendorCode, transactionId],
  );

/** The rollback that cancelled a debit. */
export const findRollbackOf = (db: Db, scope: VendorScope, debitId: string) =>
  db.one<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM vendor_transactions
     WHERE merchant_id = $1 AND vendor_code = $2 AND kind = 'rollback' AND reference_id = $3`,
    [scope.merchantId, scope.vendorCode, debitId],
  );

export type NewTransaction = VendorScope & {
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  state: 'applied' | 'void';
  roundRef: string | null;
  memberId: number | null;
  amountMinor: bigint | null;
  referenceId: string | null;
  requestHash: string;
  ledgerTransferId: number | null;
  result: unknown;
  at: Date;
};

/**
 * Records a transaction id and stores the answer to the request that moved it, in one
 * statement: a concurrent use of either key fails it on that key, and neither row is written.
 */
export const insertTransactionAndAnswer = (
  db: Db,
  row: NewTransaction,
  answer: { idempotencyKey: string; requestHash: string; statusCode: number; response: unknown },
) =>
  db.query(
    `WITH recorded AS (
       INSERT INTO vendor_transactions (merchant_id, vendor_code, transaction_id, kind, state,
         round_ref, member_id, amount_minor, reference_id, request_hash, ledger_transfer_id,
         result, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     )
     INSERT INTO vendor_requests (merchant_id, vendor_code, idempotency_key, request_hash,
       status_code, response, created_at)
     VALUES ($1, $2, $14, $15, $16, $17, $13)`,
    [
      row.merchantId,
      row.vendorCode,
      row.transactionId,
      row.kind,
      row.state,
      row.roundRef,
      row.memberId,
      row.amountMinor === null ? null : row.amountMinor.toString(),
      row.referenceId,
      row.requestHash,
      row.ledgerTransferId,
      JSON.stringify(row.result),
      row.at,
      answer.idempotencyKey,
      answer.requestHash,
      answer.statusCode,
      JSON.stringify(answer.response),
    ],
  );

export const markRolledBack = (db: Db, scope: VendorScope, transactionId: string) =>
  db.query(
    `UPDATE vendor_transactions SET state = 'rolled_back'
     WHERE merchant_id = $1 AND vendor_code = $2 AND transaction_id = $3`,
    [scope.merchantId, scope.vendorCode, transactionId],
  );

// --- Answers by idempotency key --------------------------------------------------------------

export type StoredAnswer = { request_hash: string; status_code: number; response: unknown };

export const findAnswer = (db: Db, scope: VendorScope, idempotencyKey: string) =>
  db.maybeOne<StoredAnswer>(
    `SELECT request_hash, status_code, response FROM vendor_requests
     WHERE merchant_id = $1 AND vendor_code = $2 AND idempotency_key = $3`,
    [scope.merchantId, scope.vendorCode, idempotencyKey],
  );

/** Stores an answer; a concurrent one under the same key fails on the primary key. */
export const insertAnswer = (
  db: Db,
  scope: VendorScope,
  answer: {
    idempotencyKey: string;
    requestHash: string;
    statusCode: number;
    response: unknown;
    at: Date;
  },
) =>
  db.query(
    `INSERT INTO vendor_requests (merchant_id, vendor_code, idempotency_key, request_hash,
       status_code, response, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      scope.merchantId,
      scope.vendorCode,
      answer.idempotencyKey,
      answer.requestHash,
      answer.statusCode,
      JSON.stringify(answer.response),
      answer.at,
    ],
  );
