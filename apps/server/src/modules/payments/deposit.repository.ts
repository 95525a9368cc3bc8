import type { DepositStatus, PaymentChannelKind } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

/** SQL of payment channels and deposits (009-deposits.sql). */

export type ChannelRow = {
  id: number;
  merchant_id: number;
  code: string;
  kind: PaymentChannelKind;
  name: string;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  provider_key: string | null;
  min_minor: string;
  max_minor: string;
  enabled: boolean;
};

const CHANNEL_COLUMNS = `id, merchant_id, code, kind, name, bank_name, account_name, account_number,
  provider_key, min_minor::text AS min_minor, max_minor::text AS max_minor, enabled`;

export const findEnabledChannels = (db: Db, merchantId: number) =>
  db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE merchant_id = $1 AND enabled
     ORDER BY sort, id`,
    [merchantId],
  );

export const findChannel = (db: Db, merchantId: number, channelId: number) =>
  db.maybeOne<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE merchant_id = $1 AND id = $2`,
    [merchantId, channelId],
  );

export type DepositRow = {
  id: string;
  merchant_id: number;
  member_id: string;
  username: string;
  channel_id: number;
  channel_kind: PaymentChannelKind;
  channel_name: string;
  amount_minor: string;
  payer_name: string | null;
  reference: string | null;
  request_hash: string;
  status: DepositStatus;
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  checkout_url: string | null;
  reject_reason: string | null;
  transfer_id: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Date;
};

const DEPOSIT_SELECT = `SELECT d.id::text AS id, d.merchant_id, d.member_id::text AS member_id,
  m.username, d.channel_id, c.kind AS channel_kind, c.name AS channel_name,
  d.amount_minor::text AS amount_minor, d.payer_name, d.reference, d.request_hash, d.status,
  d.gateway_order_id, d.gateway_payment_id, d.checkout_url, d.reject_reason,
  d.transfer_id::text AS transfer_id, d.decided_by, d.decided_at, d.created_at
  FROM deposits d
  JOIN payment_channels c ON c.id = d.channel_id
  JOIN members m ON m.id = d.member_id`;

export type NewDeposit = {
  merchantId: number;
  memberId: number;
  channelId: number;
  amountMinor: bigint;
  payerName: string | null;
  reference: string | null;
  idempotencyKey: string;
  requestHash: string;
  gateway: { orderId: string; paymentId: string; checkoutUrl: string } | null;
  createdAt: Date;
};

/**
 * Writes a pending deposit unless the member already used the key; answers its id, or null when
 * the key was taken (by an earlier request, or a concurrent one that just committed).
 */
export const insertDeposit = async (db: Db, deposit: NewDeposit): Promise<string | null> => {
  const row = await db.maybeOne<{ id: string }>(
    `INSERT INTO deposits (merchant_id, member_id, channel_id, amount_minor, payer_name,
       reference, idempotency_key, request_hash, gateway_order_id, gateway_payment_id,
       checkout_url, created_at)
     VALUES ($1, $2, $3, $4::bigint, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (merchant_id, member_id, idempotency_key) DO NOTHING
     RETURNING id::text AS id`,
    [
      deposit.merchantId,
      deposit.memberId,
      deposit.channelId,
      deposit.amountMinor.toString(),
      deposit.payerName,
      deposit.reference,
      deposit.idempotencyKey,
      deposit.requestHash,
      deposit.gateway?.orderId ?? null,
      deposit.gateway?.paymentId ?? null,
      deposit.gateway?.checkoutUrl ?? null,
      deposit.createdAt,
    ],
  );
  return row?.id ?? null;
};

export const findDepositByKey = (
  db: Db,
  merchantId: number,
  memberId: number,
  idempotencyKey: string,
) =>
  db.maybeOne<DepositRow>(
    `${DEPOSIT_SELECT} WHERE d.merchant_id = $1 AND d.member_id = $2 AND d.idempotency_key = $3`,
    [merchantId, memberId, idempotencyKey],
  );

export const getDeposit = (db: Db, id: string) =>
  db.one<DepositRow>(`${DEPOSIT_SELECT} WHERE d.id = $1`, [id]);

/** The deposit under a row lock, so one decision at a time; null when not this merchant's. */
export const lockDeposit = async (db: Db, merchantId: number, id: string) => {
  const locked = await db.maybeOne<{ id: string }>(
    'SELECT id::text AS id FROM deposits WHERE merchant_id = $1 AND id = $2 FOR UPDATE',
    [merchantId, id],
  );
  return locked ? getDeposit(db, locked.id) : null;
};

/** A gateway order's deposit under a row lock; null for an order of no deposit of this merchant. */
export const lockDepositByOrder = async (db: Db, merchantId: number, orderId: string) => {
  const locked = await db.maybeOne<{ id: string }>(
    `SELECT id::text AS id FROM deposits WHERE merchant_id = $1 AND gateway_order_id = $2
     FOR UPDATE`,
    [merchantId, orderId],
  );
  return locked ? getDeposit(db, locked.id) : null;
};

export type Decision =
  | { status: 'approved'; transferId: number }
  | { status: 'rejected'; reason: string }
  | { status: 'failed' };

/** Decides a pending deposit (the caller holds its lock and checked it is pending). */
export const decideDeposit = (
  db: Db,
  id: string,
  decision: Decision,
  decidedBy: string,
  now: Date,
) =>
  db.query(
    `UPDATE deposits SET status = $2, transfer_id = $3, reject_reason = $4, decided_by = $5,
       decided_at = $6
     WHERE id = $1 AND status = 'pending'`,
    [
      id,
      decision.status,
      decision.status === 'approved' ? decision.transferId : null,
      decision.status === 'rejected' ? decision.reason : null,
      decidedBy,
      now,
    ],
  );

export type DepositFilter = {
  merchantId: number;
  memberId?: number;
  status?: DepositStatus;
  /** Calendar days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
  /** Oldest first (the operators' queue) or newest first (the member's records). */
  order: 'oldest' | 'newest';
  limit: number;
  offset: number;
};

// Days are the merchant's calendar days, whatever the server's zone (spec section 1).
const whereOf = (filter: DepositFilter) => ({
  sql: `d.merchant_id = $1 AND ($2::bigint IS NULL OR d.member_id = $2)
    AND ($3::text IS NULL OR d.status = $3)
    AND ($4::date IS NULL OR d.created_at >= ($4::date)::timestamp AT TIME ZONE $6)
    AND ($5::date IS NULL OR d.created_at < ($5::date + 1)::timestamp AT TIME ZONE $6)`,
  params: [
    filter.merchantId,
    filter.memberId ?? null,
    filter.status ?? null,
    filter.from ?? null,
    filter.to ?? null,
    filter.timeZone,
  ],
});

/** One page of deposits and the count of all that match. */
export const findDepositPage = async (
  db: Db,
  filter: DepositFilter,
): Promise<{ rows: DepositRow[]; total: number }> => {
  const where = whereOf(filter);
  const direction = filter.order === 'oldest' ? 'ASC' : 'DESC';
  const [rows, count] = await Promise.all([
    db.query<DepositRow>(
      `${DEPOSIT_SELECT} WHERE ${where.sql}
       ORDER BY d.created_at ${direction}, d.id ${direction} LIMIT $7 OFFSET $8`,
      [...where.params, filter.limit, filter.offset],
    ),
    db.one<{ total: number }>(
      `SELECT count(*)::int AS total FROM deposits d WHERE ${where.sql}`,
      where.params,
    ),
  ]);
  return { rows, total: count.total };
};
