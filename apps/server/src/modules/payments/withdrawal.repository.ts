import type {
  DisputeStatus,
  EWalletType,
  PayeeAccountKind,
  WithdrawalStatus,
} from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';

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

// $1 is always the clock's now.
const EFFECTIVE_STATUS = `CASE WHEN w.status = 'paid' AND w.confirm_deadline_at <= $1
  THEN 'received' ELSE w.status END`;

const SELECT = `SELECT w.id::text AS id, w.merchant_id, w.member_id::text AS member_id, m.username, w.idempotency_key,
  w.request_hash, w.amount_minor::text AS amount_minor, w.payee_kind, w.payee_bank_name, w.payee_wallet_type,
  w.payee_account_name, w.payee_account_number, ${EFFECTIVE_STATUS} AS status,
  (w.status = 'paid' AND w.confirm_deadline_at <= $1) AS timed_out, w.requested_at,
  w.decided_at, w.decided_by, w.decision_reason, w.paid_at, w.confirm_deadline_at,
  w.confirmed_at, w.confirmed_by, w.remaining_minor::text AS remaining_minor
  FROM withdrawals w JOIN members m ON m.id = w.member_id`;

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

export type WithdrawalFilter = {
  merchantId: number;
  memberId?: number;
  status?: WithdrawalStatus;
  /** Calendar days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
  /** Operators review the oldest first; members read the newest first. */
  order: 'oldest' | 'newest';
  limit: number;
  offset: number;
};

const filterSql = (filter: WithdrawalFilter): { where: string; params: SqlParam[] } => {
  const params: SqlParam[] = [filter.merchantId];
  const clauses = ['w.merchant_id = $2'];
  const add = (clause: (index: string) => string, value: SqlParam) => {
    params.push(value);
    clauses.push(clause(`$${params.length + 1}`));
  };
  if (filter.memberId !== undefined) add((i) => `w.member_id = ${i}`, filter.memberId);
  if (filter.status) add((i) => `${EFFECTIVE_STATUS} = ${i}`, filter.status);
  // Days are the merchant's calendar days, whatever the server's zone (spec section 1).
  if (filter.from || filter.to) {
    params.push(filter.timeZone);
    const zone = `$${params.length + 1}::text`;
    if (filter.from)
      add((i) => `w.requested_at >= (${i}::date)::timestamp AT TIME ZONE ${zone}`, filter.from);
    if (filter.to)
      add((i) => `w.requested_at < (${i}::date + 1)::timestamp AT TIME ZONE ${zone}`, filter.to);
  }
  return { where: clauses.join(' AND '), params };
};

export const findWithdrawalPage = async (
  db: Db,
  now: Date,
  filter: WithdrawalFilter,
): Promise<{ rows: WithdrawalRow[]; total: number }> => {
  const { where, params } = filterSql(filter);
  const order = filter.order === 'oldest' ? 'ASC' : 'DESC';
  const values: SqlParam[] = [now, ...params];
  const [rows, count] = await Promise.all([
    db.query<WithdrawalRow>(
      `${SELECT} WHERE ${where} ORDER BY w.requested_at ${order}, w.id ${order}
       LIMIT ${filter.limit} OFFSET ${filter.offset}`,
      values,
    ),
    db.one<{ total: number }>(
      // $1 (now) is typed even when no status filter reads it.
      `SELECT count(*)::int AS total FROM withdrawals w
       WHERE ${where} AND $1::timestamptz IS NOT NULL`,
      values,
    ),
  ]);
  return { rows, total: count.total };
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
