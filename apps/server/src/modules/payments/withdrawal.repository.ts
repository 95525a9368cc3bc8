import type {
  DisputeStatus,
  EWalletType,
  PayeeAccountKind,
  WithdrawalStatus,
} from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

/**
 * A withdrawal row with its status as of `now`: a paid withdrawal past its confirmation
 * deadline reads as received by timeout (spec section 4). Nothing is written when the deadline
 * passes: no money moves then, so the state is a function of the row and the clock, the same
 * on every node without a scheduled job.
 */
export type WithdrawalRow = {
  id: string;
  merchant_id: number;
  member_id: string;
  username: string;
  idempotency_key: string;
  request_hash: string;
  amount_minor: string;
  payee_kind: PayeeAccountKind;
  payee_bank_name: string | null;
  payee_wallet_type: EWalletType | null;
  payee_account_name: string;
  payee_account_number: string;
  status: WithdrawalStatus;
  timed_out: boolean;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decision_reason: string | null;
  paid_at: Date | null;
  confirm_deadline_at: Date | null;
  confirmed_at: Date | null;
  confirmed_by: 'member' | 'timeout' | null;
  remaining_minor: string | null;
};

/** The columns of a withdrawal and its member `m`, its status as of the clock's `now` (a parameter). */
const columnsOf = (now: string) => `w.id::text AS id, w.merchant_id, w.member_id::text AS member_id,
  m.username, w.idempotency_key, w.request_hash, w.amount_minor::text AS amount_minor, w.payee_kind,
  w.payee_bank_name, w.payee_wallet_type, w.payee_account_name, w.payee_account_number,
  CASE WHEN w.status = 'paid' AND w.confirm_deadline_at <= ${now} THEN 'received' ELSE w.status END
    AS status,
  (w.status = 'paid' AND w.confirm_deadline_at <= ${now}) AS timed_out, w.requested_at,
  w.decided_at, w.decided_by, w.decision_reason, w.paid_at, w.confirm_deadline_at,
  w.confirmed_at, w.confirmed_by, w.remaining_minor::text AS remaining_minor`;

// $1 is always the clock's now.
const SELECT = `SELECT ${columnsOf('$1')} FROM withdrawals w JOIN members m ON m.id = w.member_id`;

export const nextWithdrawalId = async (db: Db): Promise<string> =>
  (
    await db.one<{ id: string }>(
      "SELECT nextval(pg_get_serial_sequence('withdrawals', 'id'))::text AS id",
    )
  ).id;

export const findWithdrawalByKey = (
  db: Db,
  now: Date,
  merchantId: number,
  memberId: number,
  idempotencyKey: string,
) =>
  db.maybeOne<WithdrawalRow>(
    `${SELECT} WHERE w.merchant_id = $2 AND w.member_id = $3 AND w.idempotency_key = $4`,
    [now, merchantId, memberId, idempotencyKey],
  );

/** One withdrawal at the merchant (and of the member, when given); FOR UPDATE to change it. */
export const findWithdrawal = (
  db: Db,
  now: Date,
  where: { merchantId: number; withdrawalId: string; memberId?: number },
  forUpdate = false,
) =>
  db.maybeOne<WithdrawalRow>(
    `${SELECT} WHERE w.merchant_id = $2 AND w.id = $3
       ${where.memberId === undefined ? '' : 'AND w.member_id = $4'}
     ${forUpdate ? 'FOR UPDATE OF w' : ''}`,
    [
      now,
      where.merchantId,
      where.withdrawalId,
      ...(where.memberId === undefined ? [] : [where.memberId]),
    ],
  );

export type NewWithdrawal = {
  id: string;
  merchantId: number;
  memberId: number;
  idempotencyKey: string;
  requestHash: string;
  amountMinor: bigint;
  payeeAccountId: string;
  payee: {
    kind: PayeeAccountKind;
    bankName: string | null;
    walletType: EWalletType | null;
    accountName: string;
    accountNumber: string;
  };
  holdTransferId: number;
  now: Date;
};

export const insertWithdrawal = (db: Db, withdrawal: NewWithdrawal) =>
  db.query(
    `INSERT INTO withdrawals (id, merchant_id, member_id, idempotency_key, request_hash,
       amount_minor, payee_account_id, payee_kind, payee_bank_name, payee_wallet_type,
       payee_account_name, payee_account_number, requested_at, hold_transfer_id)
     OVERRIDING SYSTEM VALUE
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      withdrawal.id,
      withdrawal.merchantId,
      withdrawal.memberId,
      withdrawal.idempotencyKey,
      withdrawal.requestHash,
      withdrawal.amountMinor.toString(),
      withdrawal.payeeAccountId,
      withdrawal.payee.kind,
      withdrawal.payee.bankName,
      withdrawal.payee.walletType,
      withdrawal.payee.accountName,
      withdrawal.payee.accountNumber,
      withdrawal.now,
      withdrawal.holdTransferId,
    ],
  );

/**
 * Today's withdrawals of the member that still count (all but rejected ones), today being the
 * merchant's calendar day in its time zone.
 */
export const sumTodaysWithdrawals = async (
  db: Db,
  now: Date,
  merchantId: number,
  memberId: number,
  timeZone: string,
): Promise<{ count: number; amountMinor: bigint }> => {
  const row = await db.one<{ count: number; total: string }>(
    `SELECT count(*)::int AS count, coalesce(sum(amount_minor), 0)::text AS total
     FROM withdrawals
     WHERE merchant_id = $2 AND member_id = $3 AND status <> 'rejected'
       AND requested_at >= (date_trunc('day', $1::timestamptz AT TIME ZONE $4) AT TIME ZONE $4)`,
    [now, merchantId, memberId, timeZone],
  );
  return { count: row.count, amountMinor: BigInt(row.total) };
};

export const sumHeldWithdrawals = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<bigint> =>
  BigInt(
    (
      await db.one<{ total: string }>(
        `SELECT coalesce(sum(amount_minor), 0)::text AS total FROM withdrawals
         WHERE merchant_id = $1 AND member_id = $2 AND status = 'pending'`,
        [merchantId, memberId],
      )
    ).total,
  );

/** Which withdrawals a list shows: a member's records, or a merchant's queue of one status. */
export type WithdrawalSelection = {
  merchantId: number;
  /** The member's records; null for the merchant's queue. */
  memberId: number | null;
  /** One status as of `now`; null for every status. */
  status: WithdrawalStatus | null;
  /** Calendar days (YYYY-MM-DD) in `timeZone`, both included; null leaves that end open. */
  from: string | null;
  to: string | null;
  timeZone: string;
  /** Operators review the oldest first; members read the newest first. */
  first: 'oldest' | 'newest';
  now: Date;
};

export type WithdrawalFilter = WithdrawalSelection & { start: PageStart; limit: number };

/** A range of a selection: its rows of `withdrawals` (or of a set named in `with`) as `w`. */
type WithdrawalRange = { with?: string; from: string; where: string };

/**
 * The conditions of a selection on `withdrawals w`, with their parameters from $1: what all its
 * ranges share, and each range's own. A status is stored as written, and a paid withdrawal past
 * its deadline reads as received, so 'received' is two ranges of the status index (merchant,
 * member or status, time, id: 010-withdrawals.sql, 030-payment-record-keys.sql), merged.
 * Only the conditions the selection has are written, so a generic plan keeps its ranges.
 *
 * 'paid' (awaiting the member's confirmation) is the other way round: its rows are few, but
 * they stay 'paid' past their deadline, so a range of paid rows walks every timed-out one of the
 * history. It reads the merchant's live set by deadline off withdrawals_awaiting
 * (034-withdrawals-awaiting.sql), bounded by the confirmation window, and sorts only that. The
 * set is MATERIALIZED so the member's condition stays outside it: a generic plan, not knowing
 * how few rows are past `now`, would otherwise take the member's status range.
 */
const selectionSql = (selection: WithdrawalSelection) => {
  const params: SqlParam[] = [selection.merchantId];
  const conditions = ['w.merchant_id = $1'];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  let nowPlaceholder = '';
  const now = () => (nowPlaceholder ||= `${param(selection.now)}::timestamptz`);
  if (selection.memberId !== null) conditions.push(`w.member_id = ${param(selection.memberId)}`);
  // Days are the merchant's calendar days, whatever the server's zone (spec section 1).
  if (selection.from !== null || selection.to !== null) {
    const zone = `${param(selection.timeZone)}::text`;
    if (selection.from !== null) {
      conditions.push(
        `w.requested_at >= (${param(selection.from)}::date)::timestamp AT TIME ZONE ${zone}`,
      );
    }
    if (selection.to !== null) {
      conditions.push(
        `w.requested_at < (${param(selection.to)}::date + 1)::timestamp AT TIME ZONE ${zone}`,
      );
    }
  }
  const status = selection.status;
  const of = (where: string): WithdrawalRange => ({ from: 'withdrawals', where });
  const ranges: WithdrawalRange[] =
    status === null
      ? [of('TRUE')]
      : status === 'received'
        ? [
            of("w.status = 'received'"),
            of(`w.status = 'paid' AND w.confirm_deadline_at <= ${now()}`),
          ]
        : status === 'paid'
          ? [
              {
                with: `WITH awaiting AS MATERIALIZED (SELECT * FROM withdrawals
                  WHERE merchant_id = $1 AND status = 'paid' AND confirm_deadline_at > ${now()})`,
                from: 'awaiting',
                where: 'TRUE',
              },
            ]
          : [of(`w.status = ${param(status)}`)];
  return { conditions, ranges, params, param, now };
};

/** Each range's rows in the list's order, cut at `cut`, one after the other. */
const rangesSql = (
  sql: ReturnType<typeof selectionSql>,
  shape: { columns: string; order: 'ASC' | 'DESC'; cut: number },
) =>
  sql.ranges
    .map(
      (range) =>
        `(${range.with ?? ''} SELECT ${shape.columns} FROM ${range.from} w
          WHERE ${[...sql.conditions, range.where].join(' AND ')}
          ORDER BY w.requested_at ${shape.order}, w.id ${shape.order} LIMIT ${Math.trunc(shape.cut)})`,
    )
    .join(' UNION ALL ');

/**
 * One page of withdrawals in the list's order (the other way when read `before` a key). Each
 * range is cut from its index in that order before the member is joined: a page reads its rows,
 * a deep position at most `offset + limit` of them a range, never a sort of the history.
 */
export const findWithdrawalPage = (db: Db, filter: WithdrawalFilter) => {
  const sql = selectionSql(filter);
  const { condition, order, offset } = keysetReadOf(
    filter.start,
    { time: 'w.requested_at', id: 'w.id' },
    sql.param,
    filter.first,
  );
  if (condition) sql.conditions.push(condition);
  const ranges = rangesSql(sql, { columns: 'w.*', order, cut: offset + filter.limit });
  return db.query<WithdrawalRow & { requested_at_micros: string }>(
    `SELECT ${columnsOf(sql.now())}, ${microsOf('w.requested_at')} AS requested_at_micros
     FROM (${ranges}) w
     -- The member looked up row by row: as a plain join of a small table the planner may hash
     -- it and sort the page again, out of the index's order.
     CROSS JOIN LATERAL (SELECT username FROM members m WHERE m.id = w.member_id LIMIT 1) m
     ORDER BY w.requested_at ${order}, w.id ${order}
     LIMIT ${Math.trunc(filter.limit)} OFFSET ${offset}`,
    sql.params,
  );
};

/**
 * How many withdrawals a selection holds, counted no further than `limit` (decision 016), taken
 * in the index's order as a page takes them.
 */
export const countWithdrawals = async (
  db: Db,
  selection: WithdrawalSelection,
  limit: number,
): Promise<number> => {
  const sql = selectionSql(selection);
  const ranges = rangesSql(sql, { columns: '1', order: 'DESC', cut: limit });
  const row = await db.one<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (SELECT 1 FROM (${ranges}) r LIMIT ${Math.trunc(limit)}) c`,
    sql.params,
  );
  return row.counted;
};

export const markPaid = (
  db: Db,
  id: string,
  change: { now: Date; actor: string; reason: string; transferId: number; deadline: Date },
) =>
  db.query(
    `UPDATE withdrawals SET status = 'paid', decided_at = $2, decided_by = $3,
       decision_reason = $4, settle_transfer_id = $5, paid_at = $2, confirm_deadline_at = $6
     WHERE id = $1 AND status = 'pending'`,
    [id, change.now, change.actor, change.reason, change.transferId, change.deadline],
  );

export const markRejected = (
  db: Db,
  id: string,
  change: { now: Date; actor: string; reason: string; transferId: number },
) =>
  db.query(
    `UPDATE withdrawals SET status = 'rejected', decided_at = $2, decided_by = $3,
       decision_reason = $4, settle_transfer_id = $5
     WHERE id = $1 AND status = 'pending'`,
    [id, change.now, change.actor, change.reason, change.transferId],
  );

export const markConfirmed = (
  db: Db,
  id: string,
  change: {
    status: 'received' | 'partly_received' | 'not_received';
    now: Date;
    remainingMinor: bigint | null;
  },
) =>
  db.query(
    `UPDATE withdrawals SET status = $2, confirmed_at = $3, confirmed_by = 'member',
       remaining_minor = $4
     WHERE id = $1 AND status = 'paid' AND confirm_deadline_at > $3`,
    [id, change.status, change.now, change.remainingMinor?.toString() ?? null],
  );

export type ProofRow = {
  id: string;
  withdrawal_id: string;
  content_type: 'image/png' | 'image/jpeg';
  file_path: string;
};

export const findProofIds = async (
  db: Db,
  withdrawalIds: readonly string[],
): Promise<Map<string, string[]>> => {
  if (withdrawalIds.length === 0) return new Map();
  const rows = await db.query<{ id: string; withdrawal_id: string }>(
    `SELECT id::text AS id, withdrawal_id::text AS withdrawal_id FROM withdrawal_proofs
     WHERE withdrawal_id = ANY ($1::bigint[])
     ORDER BY id`,
    [[...withdrawalIds]],
  );
  const byWithdrawal = new Map<string, string[]>();
  for (const row of rows)
    byWithdrawal.set(row.withdrawal_id, [...(byWithdrawal.get(row.withdrawal_id) ?? []), row.id]);
  return byWithdrawal;
};

export const findProof = (db: Db, withdrawalId: string, proofId: string) =>
  db.maybeOne<ProofRow>(
    `SELECT id::text AS id, withdrawal_id::text AS withdrawal_id, content_type, file_path
     FROM withdrawal_proofs
     WHERE id = $2 AND withdrawal_id = $1`,
    [withdrawalId, proofId],
  );

export const insertProof = (
  db: Db,
  proof: {
    merchantId: number;
    withdrawalId: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    filePath: string;
    now: Date;
  },
) =>
  db.query(
    `INSERT INTO withdrawal_proofs (merchant_id, withdrawal_id, content_type, size_bytes, sha256,
       file_path, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      proof.merchantId,
      proof.withdrawalId,
      proof.contentType,
      proof.sizeBytes,
      proof.sha256,
      proof.filePath,
      proof.now,
    ],
  );

export type DisputeRow = {
  id: string;
  withdrawal_id: string;
  kind: 'partly_received' | 'not_received';
  missing_minor: string;
  status: DisputeStatus;
  opened_at: Date;
  resolved_at: Date | null;
  refunded_minor: string | null;
};

const DISPUTE_COLUMNS = `d.id::text AS id, d.withdrawal_id::text AS withdrawal_id, d.kind,
  d.missing_minor::text AS missing_minor, d.status, d.opened_at, d.resolved_at,
  d.refunded_minor::text AS refunded_minor`;

export const findDisputes = async (
  db: Db,
  withdrawalIds: readonly string[],
): Promise<Map<string, DisputeRow>> => {
  if (withdrawalIds.length === 0) return new Map();
  const rows = await db.query<DisputeRow>(
    `SELECT ${DISPUTE_COLUMNS} FROM withdrawal_disputes d
     WHERE d.withdrawal_id = ANY ($1::bigint[])`,
    [[...withdrawalIds]],
  );
  return new Map(rows.map((row) => [row.withdrawal_id, row]));
};

export const findMerchantDisputes = (db: Db, merchantId: number, status?: DisputeStatus) =>
  db.query<DisputeRow>(
    `SELECT ${DISPUTE_COLUMNS} FROM withdrawal_disputes d
     WHERE d.merchant_id = $1 ${status ? 'AND d.status = $2' : ''}
     ORDER BY (d.status = 'open') DESC, d.opened_at, d.id
     LIMIT 500`,
    status ? [merchantId, status] : [merchantId],
  );

export const findDispute = (db: Db, merchantId: number, disputeId: string, forUpdate = false) =>
  db.maybeOne<DisputeRow>(
    `SELECT ${DISPUTE_COLUMNS} FROM withdrawal_disputes d WHERE d.merchant_id = $1 AND d.id = $2
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    [merchantId, disputeId],
  );

export const insertDispute = (
  db: Db,
  dispute: {
    merchantId: number;
    withdrawalId: string;
    kind: 'partly_received' | 'not_received';
    missingMinor: bigint;
    now: Date;
  },
) =>
  db.query(
    `INSERT INTO withdrawal_disputes (merchant_id, withdrawal_id, kind, missing_minor, opened_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      dispute.merchantId,
      dispute.withdrawalId,
      dispute.kind,
      dispute.missingMinor.toString(),
      dispute.now,
    ],
  );

export const closeDispute = (
  db: Db,
  disputeId: string,
  change: {
    status: 'refunded' | 'dismissed';
    now: Date;
    actor: string;
    reason: string;
    refundedMinor: bigint | null;
    transferId: number | null;
  },
) =>
  db.query(
    `UPDATE withdrawal_disputes SET status = $2, resolved_at = $3, resolved_by = $4,
       resolution_reason = $5, refunded_minor = $6, refund_transfer_id = $7
     WHERE id = $1 AND status = 'open'`,
    [
      disputeId,
      change.status,
      change.now,
      change.actor,
      change.reason,
      change.refundedMinor?.toString() ?? null,
      change.transferId,
    ],
  );
