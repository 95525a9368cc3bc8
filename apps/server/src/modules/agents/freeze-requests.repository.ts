import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

export type FreezeRequestRow = {
  id: string;
  merchant_id: number;
  member_id: string;
  account: string;
  requested_by: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requested_at: Date;
  requested_at_micros: string;
  decided_at: Date | null;
  decision_reason: string | null;
  agent_id: string;
};

const SELECT = `SELECT r.id, r.merchant_id, r.member_id, m.username AS account,
    a.username AS requested_by, r.reason, r.status, r.requested_at,
    ${microsOf('r.requested_at')} AS requested_at_micros, r.decided_at, r.decision_reason,
    r.agent_id
  FROM agent_freeze_requests r
  JOIN members m ON m.id = r.member_id
  JOIN members a ON a.id = r.agent_id`;

export const insertFreezeRequest = async (
  db: Db,
  request: { merchantId: number; agentId: number; memberId: number; reason: string; now: Date },
): Promise<FreezeRequestRow> => {
  const { id } = await db.one<{ id: string }>(
    `INSERT INTO agent_freeze_requests (merchant_id, agent_id, member_id, reason, requested_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [request.merchantId, request.agentId, request.memberId, request.reason, request.now],
  );
  return getFreezeRequest(db, Number(id));
};

export const hasPendingFreezeRequest = async (db: Db, memberId: number): Promise<boolean> =>
  (await db.maybeOne(
    `SELECT 1 FROM agent_freeze_requests WHERE member_id = $1 AND status = 'pending'`,
    [memberId],
  )) !== null;

/** A request of the merchant, locked for its decision. */
export const lockFreezeRequest = (db: Db, merchantId: number, id: number) =>
  db.maybeOne<FreezeRequestRow>(
    `${SELECT} WHERE r.merchant_id = $1 AND r.id = $2 FOR UPDATE OF r`,
    [merchantId, id],
  );

export const getFreezeRequest = (db: Db, id: number) =>
  db.one<FreezeRequestRow>(`${SELECT} WHERE r.id = $1`, [id]);

export const decideFreezeRequest = (
  db: Db,
  id: number,
  decision: { approve: boolean; actor: string; reason: string; now: Date },
) =>
  db.query(
    `UPDATE agent_freeze_requests SET status = $2, decided_at = $3, decided_by = $4,
       decision_reason = $5 WHERE id = $1`,
    [id, decision.approve ? 'approved' : 'rejected', decision.now, decision.actor, decision.reason],
  );

/** The operators' queue: one status of the merchant, oldest first, by keyset (decision 016). */
export const findFreezeRequests = (
  db: Db,
  filter: { merchantId: number; status: string },
  page: { start: PageStart; limit: number },
) => {
  const params: SqlParam[] = [filter.merchantId, filter.status];
  const param = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'r.requested_at', id: 'r.id' },
    param,
    'oldest',
  );
  return db.query<FreezeRequestRow>(
    `${SELECT} WHERE r.merchant_id = $1 AND r.status = $2 ${condition ? `AND ${condition}` : ''}
     ORDER BY r.requested_at ${order}, r.id ${order}
     LIMIT ${param(page.limit)} OFFSET ${param(offset)}`,
    params,
  );
};

export const countFreezeRequests = async (
  db: Db,
  filter: { merchantId: number; status: string },
  limit: number,
) =>
  (
    await db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM (SELECT 1 FROM agent_freeze_requests
         WHERE merchant_id = $1 AND status = $2 LIMIT $3) c`,
      [filter.merchantId, filter.status, limit],
    )
  ).count;
