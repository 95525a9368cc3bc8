import type { ContractKind, ContractTerms } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

export type ContractRow = {
  id: string;
  merchant_id: number;
  kind: ContractKind;
  upline_id: string | null;
  downline_id: string;
  upline: string | null;
  downline: string;
  terms: ContractTerms;
  top_rate_bp: number;
  status: 'pending' | 'active' | 'rejected' | 'terminated';
  offered_at: Date;
  offered_at_micros: string;
  decided_at: Date | null;
  ended_at: Date | null;
  ended_by: 'upline' | 'downline' | 'undercut' | 'replaced' | 'operator' | null;
  notice_for: 'upline' | 'downline' | null;
};

export type ContractActor = 'upline' | 'downline' | 'undercut' | 'replaced' | 'operator' | 'house';

const COLUMNS = `c.id, c.merchant_id, c.kind, c.upline_id, c.downline_id, u.username AS upline,
  d.username AS downline, c.terms, c.top_rate_bp, c.status, c.offered_at,
  ${microsOf('c.offered_at')} AS offered_at_micros, c.decided_at, c.ended_at, c.ended_by,
  c.notice_for`;
const FROM = `FROM agent_contracts c JOIN members d ON d.id = c.downline_id
  LEFT JOIN members u ON u.id = c.upline_id`;

/** A contract of the merchant by id, locked for a change when `forUpdate`. */
export const findContract = (db: Db, merchantId: number, id: number, forUpdate = false) =>
  db.maybeOne<ContractRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE c.merchant_id = $1 AND c.id = $2
     ${forUpdate ? 'FOR UPDATE OF c' : ''}`,
    [merchantId, id],
  );

/** The contract of a kind in force for the agent, if any. */
export const findActiveContract = (db: Db, downlineId: number, kind: ContractKind) =>
  db.maybeOne<ContractRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE c.downline_id = $1 AND c.kind = $2 AND c.status = 'active'`,
    [downlineId, kind],
  );

/** The agent's contracts offered to it or in force, locked. */
export const findReceivedOpen = (db: Db, downlineId: number) =>
  db.query<ContractRow>(
    `SELECT ${COLUMNS} ${FROM}
     WHERE c.downline_id = $1 AND c.status IN ('active', 'pending') ORDER BY c.id FOR UPDATE OF c`,
    [downlineId],
  );

/** Contracts of a kind the agent gave, in force or offered, above a rate. */
export const findOfferedAbove = (db: Db, uplineId: number, kind: ContractKind, rateBp: number) =>
  db.query<ContractRow>(
    `SELECT ${COLUMNS} ${FROM}
     WHERE c.upline_id = $1 AND c.kind = $2 AND c.status IN ('active', 'pending')
       AND c.top_rate_bp > $3
     ORDER BY c.id FOR UPDATE OF c`,
    [uplineId, kind, rateBp],
  );

export const insertContract = async (
  db: Db,
  contract: {
    merchantId: number;
    kind: ContractKind;
    uplineId: number | null;
    downlineId: number;
    terms: ContractTerms;
    topRateBp: number;
    now: Date;
  },
): Promise<number> => {
  const row = await db.one<{ id: string }>(
    `INSERT INTO agent_contracts (merchant_id, kind, upline_id, downline_id, terms, top_rate_bp,
       status, offered_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7) RETURNING id`,
    [
      contract.merchantId,
      contract.kind,
      contract.uplineId,
      contract.downlineId,
      JSON.stringify(contract.terms),
      contract.topRateBp,
      contract.now,
    ],
  );
  return Number(row.id);
};

export const decideContract = (db: Db, id: number, status: 'active' | 'rejected', now: Date) =>
  db.query(`UPDATE agent_contracts SET status = $2, decided_at = $3 WHERE id = $1`, [
    id,
    status,
    now,
  ]);

export const endContract = (
  db: Db,
  id: number,
  change: {
    endedBy: NonNullable<ContractRow['ended_by']>;
    noticeFor: ContractRow['notice_for'];
    now: Date;
  },
) =>
  db.query(
    `UPDATE agent_contracts SET status = 'terminated', ended_at = $2, ended_by = $3, notice_for = $4
     WHERE id = $1`,
    [id, change.now, change.endedBy, change.noticeFor],
  );

export const clearNotice = (db: Db, id: number) =>
  db.query('UPDATE agent_contracts SET notice_for = NULL WHERE id = $1', [id]);

export const insertEvent = (
  db: Db,
  contractId: number,
  event: 'offered' | 'accepted' | 'rejected' | 'terminated' | 'acknowledged',
  actor: ContractActor,
  now: Date,
) =>
  db.query(
    'INSERT INTO agent_contract_events (contract_id, event, actor, at) VALUES ($1, $2, $3, $4)',
    [contractId, event, actor, now],
  );

/** A page of the contracts the agent received or offered, newest first (decision 016). */
export const findContracts = (
  db: Db,
  filter: ContractFilter,
  page: { start: PageStart; limit: number },
) => {
  const where = whereOf(filter);
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'c.offered_at', id: 'c.id' },
    where.param,
  );
  if (condition) where.conditions.push(condition);
  return db.query<ContractRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${where.conditions.join(' AND ')}
     ORDER BY c.offered_at ${order}, c.id ${order}
     LIMIT ${where.param(page.limit)} OFFSET ${where.param(offset)}`,
    where.params,
  );
};

export type ContractFilter = {
  merchantId: number;
  memberId: number;
  side: 'received' | 'offered';
  kind?: ContractKind | undefined;
  status?: ContractRow['status'] | undefined;
};

const whereOf = (filter: ContractFilter) => {
  const params: SqlParam[] = [filter.merchantId, filter.memberId];
  const param = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [
    'c.merchant_id = $1',
    filter.side === 'received' ? 'c.downline_id = $2' : 'c.upline_id = $2',
  ];
  if (filter.kind) conditions.push(`c.kind = ${param(filter.kind)}`);
  if (filter.status) conditions.push(`c.status = ${param(filter.status)}`);
  return { params, param, conditions };
};

export const countContracts = async (db: Db, filter: ContractFilter, limit: number) => {
  const where = whereOf(filter);
  const row = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT 1 FROM agent_contracts c
       WHERE ${where.conditions.join(' AND ')} LIMIT ${where.param(limit)}) n`,
    where.params,
  );
  return row.count;
};

/** What waits for the agent in the pop-up: offers to answer, endings to acknowledge. */
export const findRequests = (db: Db, merchantId: number, memberId: number) =>
  db.query<ContractRow>(
    `SELECT ${COLUMNS} ${FROM}
     WHERE c.merchant_id = $1 AND (
       (c.downline_id = $2 AND (c.status = 'pending' OR c.notice_for = 'downline'))
       OR (c.upline_id = $2 AND c.notice_for = 'upline'))
     ORDER BY c.offered_at DESC, c.id DESC`,
    [merchantId, memberId],
  );
