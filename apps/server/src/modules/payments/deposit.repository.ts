import type { DepositStatus, PaymentChannelKind } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

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

const DEPOSIT_COLUMNS = `d.id::text AS id, d.merchant_id, d.member_id::text AS member_id,
  m.username, d.channel_id, c.kind AS channel_kind, c.name AS channel_name,
  d.amount_minor::text AS amount_minor, d.payer_name, d.reference, d.request_hash, d.status,
  d.gateway_order_id, d.gateway_payment_id, d.checkout_url, d.reject_reason,
  d.transfer_id::text AS transfer_id, d.decided_by, d.decided_at, d.created_at`;
const DEPOSIT_JOINS = `JOIN payment_channels c ON c.id = d.channel_id
  JOIN members m ON m.id = d.member_id`;
const DEPOSIT_SELECT = `SELECT ${DEPOSIT_COLUMNS} FROM deposits d ${DEPOSIT_JOINS}`;
// A page's channel and member, looked up row by row: as a plain join of two small tables the
// planner may hash them and sort the page again, out of the index's order.
const DEPOSIT_LOOKUPS = `CROSS JOIN LATERAL (
    SELECT kind, name FROM payment_channels c WHERE c.id = d.channel_id LIMIT 1) c
  CROSS JOIN LATERAL (SELECT username FROM members m WHERE m.id = d.member_id LIMIT 1) m`;

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

/** Which deposits a list shows: a member's records, or a merchant's queue of one status. */
export type DepositSelection = {
  merchantId: number;
  /** The member's records; null for the merchant's queue. */
  memberId: number | null;
  /** One status; null for every status. */
  status: DepositStatus | null;
  /** Calendar days (YYYY-MM-DD) in `timeZone`, both included; null leaves that end open. */
  from: string | null;
  to: string | null;
  timeZone: string;
  /** Oldest first (the operators' pending queue) or newest first (everything else). */
  first: 'oldest' | 'newest';
};

export type DepositFilter = DepositSelection & { start: PageStart; limit: number };

/**
 * The conditions of a selection on `deposits d`, each a range of one index in the list's order
 * (merchant, member or status, time, id: 009-deposits.sql, 030-payment-record-keys.sql), with
 * their parameters from $1. Only the conditions the selection has are written: an
 * `$n IS NULL OR ...` would hide the range from a generic plan.
 */
const selectionSql = (selection: DepositSelection) => {
  const params: SqlParam[] = [selection.merchantId];
  const conditions = ['d.merchant_id = $1'];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (selection.memberId !== null) conditions.push(`d.member_id = ${param(selection.memberId)}`);
  if (selection.status !== null) conditions.push(`d.status = ${param(selection.status)}`);
  // Days are the merchant's calendar days, whatever the server's zone (spec section 1).
  if (selection.from !== null || selection.to !== null) {
    const zone = `${param(selection.timeZone)}::text`;
    if (selection.from !== null) {
      conditions.push(
        `d.created_at >= (${param(selection.from)}::date)::timestamp AT TIME ZONE ${zone}`,
      );
    }
    if (selection.to !== null) {
      conditions.push(
        `d.created_at < (${param(selection.to)}::date + 1)::timestamp AT TIME ZONE ${zone}`,
      );
    }
  }
  return { conditions, params, param };
};

/**
 * One page of deposits in the list's order (the other way when read `before` a key). The page
 * is cut from the index in that order before its channel and member are joined: it reads its
 * rows, a deep position at most `offset + limit` of them, never a sort of the history.
 */
export const findDepositPage = (db: Db, filter: DepositFilter) => {
  const sql = selectionSql(filter);
  const { condition, order, offset } = keysetReadOf(
    filter.start,
    { time: 'd.created_at', id: 'd.id' },
    sql.param,
    filter.first,
  );
  if (condition) sql.conditions.push(condition);
  const orderBy = `ORDER BY d.created_at ${order}, d.id ${order}`;
  return db.query<DepositRow & { created_at_micros: string }>(
    `SELECT ${DEPOSIT_COLUMNS}, ${microsOf('d.created_at')} AS created_at_micros
     FROM (SELECT * FROM deposits d WHERE ${sql.conditions.join(' AND ')} ${orderBy}
       LIMIT ${Math.trunc(offset + filter.limit)}) d
     ${DEPOSIT_LOOKUPS}
     ${orderBy} LIMIT ${Math.trunc(filter.limit)} OFFSET ${offset}`,
    sql.params,
  );
};

/**
 * How many deposits a selection holds, counted no further than `limit` (decision 016), taken
 * in the index's order as a page takes them.
 */
export const countDeposits = async (
  db: Db,
  selection: DepositSelection,
  limit: number,
): Promise<number> => {
  const sql = selectionSql(selection);
  const row = await db.one<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (
       SELECT 1 FROM deposits d WHERE ${sql.conditions.join(' AND ')}
       ORDER BY d.created_at DESC, d.id DESC LIMIT ${Math.trunc(limit)}) c`,
    sql.params,
  );
  return row.counted;
};
