import type { Db } from '../../db/client.ts';
import type { AccountKind, LedgerAccount, PostedEntry, TransferType } from './ledger.types.ts';

type AccountRow = {
  id: string;
  merchant_id: number;
  owner: 'member' | 'house';
  member_id: string | null;
  kind: AccountKind;
  vendor_code: string | null;
  balance_minor: string;
  frozen: boolean;
};

const ACCOUNT_COLUMNS =
  'id, merchant_id, owner, member_id, kind, vendor_code, balance_minor, frozen';

const toAccount = (row: AccountRow): LedgerAccount => ({
  id: Number(row.id),
  merchantId: row.merchant_id,
  owner: row.owner,
  memberId: row.member_id === null ? null : Number(row.member_id),
  kind: row.kind,
  vendorCode: row.vendor_code,
  balanceMinor: BigInt(row.balance_minor),
  frozen: row.frozen,
});

/** Names one account: a member's wallet (memberId) or a house account (memberId null). */
export type AccountKey = {
  merchantId: number;
  memberId: number | null;
  kind: AccountKind;
  vendorCode: string | null;
  /** Which row of a sharded house account; 0 for every member wallet. */
  shard: number;
};

export const findAccount = async (db: Db, key: AccountKey): Promise<LedgerAccount | null> => {
  // Two texts rather than IS NOT DISTINCT FROM, which no index can serve.
  const member = key.memberId === null ? 'member_id IS NULL' : 'member_id = $5';
  const row = await db.maybeOne<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts
     WHERE merchant_id = $1 AND ${member} AND kind = $2 AND vendor_code IS NOT DISTINCT FROM $3
       AND shard = $4`,
    [
      key.merchantId,
      key.kind,
      key.vendorCode,
      key.shard,
      ...(key.memberId === null ? [] : [key.memberId]),
    ],
  );
  return row && toAccount(row);
};

/** Creates the account unless it exists (then returns null: read it, it is committed). */
export const insertAccount = async (db: Db, key: AccountKey): Promise<LedgerAccount | null> => {
  const row = await db.maybeOne<AccountRow>(
    `INSERT INTO ledger_accounts (merchant_id, owner, member_id, kind, vendor_code, shard)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (merchant_id, member_id, kind, vendor_code, shard) DO NOTHING
     RETURNING ${ACCOUNT_COLUMNS}`,
    [
      key.merchantId,
      key.memberId === null ? 'house' : 'member',
      key.memberId,
      key.kind,
      key.vendorCode,
      key.shard,
    ],
  );
  return row && toAccount(row);
};

/** Every shard of a house account, row-locked in id order when `lock` is set. */
export const findHouseShards = async (
  db: Db,
  key: Omit<AccountKey, 'memberId' | 'shard'>,
  lock: boolean,
): Promise<LedgerAccount[]> => {
  const rows = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts
     WHERE merchant_id = $1 AND member_id IS NULL AND kind = $2
       AND vendor_code IS NOT DISTINCT FROM $3
     ORDER BY id ${lock ? 'FOR UPDATE' : ''}`,
    [key.merchantId, key.kind, key.vendorCode],
  );
  return rows.map(toAccount);
};

export const findMemberAccounts = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<LedgerAccount[]> => {
  const rows = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE merchant_id = $1 AND member_id = $2
     ORDER BY kind, vendor_code`,
    [merchantId, memberId],
  );
  return rows.map(toAccount);
};

export const updateFrozen = (db: Db, accountId: number, frozen: boolean) =>
  db.query('UPDATE ledger_accounts SET frozen = $2 WHERE id = $1', [accountId, frozen]);

export type StoredTransfer = {
  transferId: number;
  merchantId: number;
  type: TransferType;
  reference: string | null;
  idempotencyKey: string;
  requestHash: string;
  postedAt: Date;
  entries: PostedEntry[];
};

type StoredTransferRow = {
  id: string;
  merchant_id: number;
  type: TransferType;
  reference: string | null;
  idempotency_key: string;
  request_hash: string;
  /** A Date from a column, an ISO text from JSON. */
  created_at: Date | string;
  entries: { a: string; m: string; b: string }[];
};

const storedTransferOf = (row: StoredTransferRow): StoredTransfer => ({
  transferId: Number(row.id),
  merchantId: row.merchant_id,
  type: row.type,
  reference: row.reference,
  idempotencyKey: row.idempotency_key,
  requestHash: row.request_hash,
  postedAt: new Date(row.created_at),
  entries: row.entries.map((entry) => ({
    accountId: Number(entry.a),
    amountMinor: BigInt(entry.m),
    balanceAfterMinor: BigInt(entry.b),
  })),
});

/**
 * The transfers already posted under any of these (merchant, key) pairs, with their entries,
 * and these accounts read and row-locked in id order, in one round trip. Every poster locks in
 * that one order, so two transfers over the same accounts wait for each other instead of
 * deadlocking. Rows travel as JSON, every int8 as text.
 */
export const findTransfersAndLockAccounts = async (
  db: Db,
  keys: readonly { merchantId: number; idempotencyKey: string }[],
  accountIds: readonly number[],
): Promise<{ stored: StoredTransfer[]; accounts: Map<number, LedgerAccount> }> => {
  const rows = await db.query<{ account: AccountRow | null; transfer: StoredTransferRow | null }>(
    `WITH locked AS (
       SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE id = ANY ($3::bigint[])
       ORDER BY id FOR UPDATE
     )
     SELECT json_build_object('id', id::text, 'merchant_id', merchant_id, 'owner', owner,
         'member_id', member_id::text, 'kind', kind, 'vendor_code', vendor_code,
         'balance_minor', balance_minor::text, 'frozen', frozen) AS account,
       NULL::json AS transfer
     FROM locked
     UNION ALL
     SELECT NULL, json_build_object('id', t.id::text, 'merchant_id', t.merchant_id,
         'type', t.type, 'reference', t.reference, 'idempotency_key', t.idempotency_key,
         'request_hash', t.request_hash, 'created_at', t.created_at,
         'entries', (SELECT json_agg(json_build_object('a', e.account_id::text,
             'm', e.amount_minor::text, 'b', e.balance_after_minor::text) ORDER BY e.id)
           FROM ledger_entries e WHERE e.transfer_id = t.id))
     FROM ledger_transfers t
     JOIN unnest($1::int[], $2::text[]) AS k (merchant_id, idempotency_key)
       ON t.merchant_id = k.merchant_id AND t.idempotency_key = k.idempotency_key`,
    [
      keys.map((key) => key.merchantId),
      keys.map((key) => key.idempotencyKey),
      accountIds.map(String),
    ],
  );
  const accounts = new Map<number, LedgerAccount>();
  const stored: StoredTransfer[] = [];
  for (const row of rows) {
    if (row.account) accounts.set(Number(row.account.id), toAccount(row.account));
    if (row.transfer) stored.push(storedTransferOf(row.transfer));
  }
  return { stored, accounts };
};

export type NewTransfer = {
  merchantId: number;
  type: TransferType;
  reference: string | null;
  idempotencyKey: string;
  requestHash: string;
  entries: readonly PostedEntry[];
};

/**
 * Writes accepted transfers, their entries and the new cached balances in one statement, one
 * round trip however many transfers. Entries are inserted in the order given, so an account's
 * entries carry increasing ids along its balance history. Returns each transfer's id by key.
 * A key another transaction took meanwhile fails the statement (unique violation): the
 * caller's transaction runs again and finds it as a replay.
 */
export const insertTransfers = async (
  db: Db,
  transfers: readonly NewTransfer[],
  balances: ReadonlyMap<number, bigint>,
  postedAt: Date,
): Promise<Map<string, number>> => {
  const entries = transfers.flatMap((transfer) =>
    transfer.entries.map((entry) => ({ transfer, entry })),
  );
  const rows = await db.query<{ id: string; merchant_id: number; idempotency_key: string }>(
    `WITH transfers AS (
       INSERT INTO ledger_transfers (merchant_id, type, reference, idempotency_key, request_hash,
         created_at)
       SELECT merchant_id, type, reference, idempotency_key, request_hash, $6::timestamptz
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
         AS t (merchant_id, type, reference, idempotency_key, request_hash, ord)
       ORDER BY ord
       RETURNING id, merchant_id, idempotency_key
     ), entries AS (
       INSERT INTO ledger_entries (merchant_id, transfer_id, account_id, amount_minor,
         balance_after_minor)
       SELECT t.merchant_id, t.id, e.account_id, e.amount_minor, e.balance_after_minor
       FROM unnest($7::int[], $8::text[], $9::bigint[], $10::bigint[], $11::bigint[])
         WITH ORDINALITY AS e (merchant_id, idempotency_key, account_id, amount_minor,
           balance_after_minor, ord)
       JOIN transfers t
         ON t.merchant_id = e.merchant_id AND t.idempotency_key = e.idempotency_key
       ORDER BY e.ord
     ), balances AS (
       UPDATE ledger_accounts a SET balance_minor = b.balance_minor
       FROM unnest($12::bigint[], $13::bigint[]) AS b (id, balance_minor)
       WHERE a.id = b.id
     )
     SELECT id, merchant_id, idempotency_key FROM transfers`,
    [
      transfers.map((t) => t.merchantId),
      transfers.map((t) => t.type),
      transfers.map((t) => t.reference),
      transfers.map((t) => t.idempotencyKey),
      transfers.map((t) => t.requestHash),
      postedAt,
      entries.map(({ transfer }) => transfer.merchantId),
      entries.map(({ transfer }) => transfer.idempotencyKey),
      entries.map(({ entry }) => String(entry.accountId)),
      entries.map(({ entry }) => entry.amountMinor.toString()),
      entries.map(({ entry }) => entry.balanceAfterMinor.toString()),
      [...balances.keys()].map(String),
      [...balances.values()].map((balance) => balance.toString()),
    ],
  );
  return new Map(
    rows.map((row) => [transferKey(row.merchant_id, row.idempotency_key), Number(row.id)]),
  );
};

/** One string per (merchant, idempotency key): keys are unique per merchant only. */
export const transferKey = (merchantId: number, idempotencyKey: string): string =>
  `${merchantId}\u0000${idempotencyKey}`;
