import type { Db, SqlParam } from '../../db/client.ts';
import type {
  AccountKind,
  Entry,
  LedgerAccount,
  PostedEntry,
  TransferType,
} from './ledger.types.ts';

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

/** One transfer of a `postBatch` call, shape already checked (posting.ts). */
export type BatchTransfer = {
  merchantId: number;
  type: TransferType;
  reference: string | null;
  idempotencyKey: string;
  requestHash: string;
  entries: readonly Entry[];
};

/** How `ledger_post` answered one transfer, or (`account`) named a member account it touched. */
export type BatchRow =
  | { kind: 'posted'; ord: number; transferId: number; balancesAfter: bigint[] }
  | { kind: 'stored'; ord: number; transfer: StoredTransfer }
  | { kind: 'refused'; ord: number; code: BatchRefusal }
  | { kind: 'account'; account: AccountOwner };

export type BatchRefusal =
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'ACCOUNT_FROZEN'
  | 'INSUFFICIENT_BALANCE'
  | 'NO_SUCH_ACCOUNT'
  | 'BALANCE_OUT_OF_RANGE';

/** Whose a member account is: what a balance event names. */
export type AccountOwner = Pick<
  LedgerAccount,
  'id' | 'merchantId' | 'memberId' | 'kind' | 'vendorCode'
>;

/** A row of `ledger_post` as the database returns it. */
export type LedgerPostRow = {
  r_ord: number | null;
  r_outcome: 'posted' | 'stored' | 'account' | BatchRefusal;
  r_id: string | null;
  r_balances: string[] | null;
  r_stored: StoredTransferRow | null;
  r_merchant_id: number | null;
  r_member_id: string | null;
  r_kind: AccountKind | null;
  r_vendor_code: string | null;
};

const batchRowOf = (row: LedgerPostRow): BatchRow => {
  const ord = (row.r_ord ?? 0) - 1;
  switch (row.r_outcome) {
    case 'posted':
      return {
        kind: 'posted',
        ord,
        transferId: Number(row.r_id),
        balancesAfter: (row.r_balances ?? []).map((balance) => BigInt(balance)),
      };
    case 'stored':
      if (!row.r_stored) throw new Error('ledger_post answered a stored transfer without it');
      return { kind: 'stored', ord, transfer: storedTransferOf(row.r_stored) };
    case 'account':
      if (row.r_merchant_id === null || row.r_kind === null)
        throw new Error('ledger_post answered an account without its owner');
      return {
        kind: 'account',
        account: {
          id: Number(row.r_id),
          merchantId: row.r_merchant_id,
          memberId: row.r_member_id === null ? null : Number(row.r_member_id),
          kind: row.r_kind,
          vendorCode: row.r_vendor_code,
        },
      };
    default:
      return { kind: 'refused', ord, code: row.r_outcome };
  }
};

/** `ledger_post`'s eleven arguments, in order, for a batch with no key twice. */
export const postBatchArgs = (transfers: readonly BatchTransfer[], postedAt: Date): SqlParam[] => {
  const accountIds = [
    ...new Set(transfers.flatMap((t) => t.entries.map((entry) => entry.accountId))),
  ].sort((a, b) => a - b);
  const slotOf = new Map(accountIds.map((id, index) => [id, index + 1]));
  const first: number[] = [];
  const slots: number[] = [];
  const amounts: string[] = [];
  for (const transfer of transfers) {
    first.push(slots.length + 1);
    for (const entry of transfer.entries) {
      slots.push(slotOf.get(entry.accountId) ?? 0);
      amounts.push(entry.amountMinor.toString());
    }
  }
  return [
    transfers.map((t) => t.merchantId),
    transfers.map((t) => t.type),
    transfers.map((t) => t.reference),
    transfers.map((t) => t.idempotencyKey),
    transfers.map((t) => t.requestHash),
    first,
    transfers.map((t) => t.entries.length),
    accountIds.map(String),
    slots,
    amounts,
    postedAt,
  ];
};

/** How `ledger_post` answered, row by row; `ord` is the transfer's index in the call. */
export const batchRowsOf = (rows: readonly LedgerPostRow[]): BatchRow[] => rows.map(batchRowOf);

/**
 * Decides and writes a batch of transfers in one statement (`ledger_post`, migration 021): the
 * accounts locked in id order, the keys looked up, each transfer decided in the order given
 * against the balances the ones before it left, the accepted ones written with their entries
 * and the new cached balances. Keys must be unique within one call. Outside a transaction the
 * statement is its own transaction: one round trip and one commit for the whole batch. A key
 * another transaction took meanwhile fails the statement (unique violation): run it again and
 * it finds a replay. `ord` in the rows is the transfer's index in `transfers`.
 */
export const postBatch = async (
  db: Db,
  transfers: readonly BatchTransfer[],
  postedAt: Date,
): Promise<BatchRow[]> =>
  batchRowsOf(
    await db.query<LedgerPostRow>(
      'SELECT * FROM ledger_post($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
      postBatchArgs(transfers, postedAt),
    ),
  );

/** One string per (merchant, idempotency key): keys are unique per merchant only. */
export const transferKey = (merchantId: number, idempotencyKey: string): string =>
  `${merchantId}\u0000${idempotencyKey}`;
