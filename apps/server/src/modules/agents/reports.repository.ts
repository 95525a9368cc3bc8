import type { ContractKind } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

/** The team below an agent over calendar days, as the day totals hold it (decision 019). */
export type DaysScope = { merchantId: number; agentId: number; from: string; to: string };

const TEAM_DAYS_WHERE = `WHERE h.merchant_id = $1 AND h.ancestor_id = $2 AND h.depth > 0
    AND d.day BETWEEN $3::date AND $4::date`;
const TEAM_DAYS = `FROM agent_hierarchy h JOIN member_round_days d ON d.member_id = h.descendant_id
  ${TEAM_DAYS_WHERE}`;

const SUMS = `sum(d.rounds)::int AS rounds, sum(d.bet_minor)::text AS bet_minor,
  sum(d.valid_bet_minor)::text AS valid_bet_minor, sum(d.win_minor)::text AS win_minor,
  sum(d.profit_minor)::text AS profit_minor`;

export type SumsRow = {
  rounds: number;
  bet_minor: string;
  valid_bet_minor: string;
  win_minor: string;
  profit_minor: string;
};

/** The team's rounds per vendor and game (the service places them in categories). */
export const sumTeamByGame = (db: Db, scope: DaysScope) =>
  db.query<SumsRow & { vendor_code: string; game_code: string }>(
    `SELECT d.vendor_code, d.game_code, ${SUMS} ${TEAM_DAYS} GROUP BY d.vendor_code, d.game_code`,
    [scope.merchantId, scope.agentId, scope.from, scope.to],
  );

/** Players of the team by valid bet, or those who lost by their loss, with their level. */
export const findTeamPlayers = (
  db: Db,
  scope: DaysScope & { order: 'valid_bet' | 'loss' },
  page: { limit: number; offset: number },
) =>
  db.query<SumsRow & { username: string; level: number }>(
    `SELECT m.username, h.depth AS level, ${SUMS}
     FROM agent_hierarchy h JOIN members m ON m.id = h.descendant_id
       JOIN member_round_days d ON d.member_id = h.descendant_id
     ${TEAM_DAYS_WHERE}
     GROUP BY m.username, h.depth
     ${scope.order === 'loss' ? 'HAVING sum(d.profit_minor) < 0' : ''}
     ORDER BY ${scope.order === 'loss' ? 'sum(d.profit_minor) ASC' : 'sum(d.valid_bet_minor) DESC'},
       m.username
     LIMIT $5 OFFSET $6`,
    [scope.merchantId, scope.agentId, scope.from, scope.to, page.limit, page.offset],
  );

export const countTeamPlayers = async (
  db: Db,
  scope: DaysScope & { order: 'valid_bet' | 'loss' },
  limit: number,
) =>
  (
    await db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM (SELECT d.member_id ${TEAM_DAYS}
         GROUP BY d.member_id ${scope.order === 'loss' ? 'HAVING sum(d.profit_minor) < 0' : ''}
         LIMIT $5) n`,
      [scope.merchantId, scope.agentId, scope.from, scope.to, limit],
    )
  ).count;

export type PayoutFilter = {
  merchantId: number;
  memberId: number;
  side: 'received' | 'paid';
  kind?: ContractKind | undefined;
  from: Date;
  to: Date;
};

export type PayoutRow = {
  id: string;
  contract_id: string;
  kind: ContractKind;
  period_start: Date;
  period_start_micros: string;
  period_end: Date;
  counterpart: string | null;
  valid_bet_minor: string;
  loss_minor: string;
  active_members: number;
  amount_minor: string;
  status: 'paid' | 'due' | 'forced' | 'nothing';
  due_at: Date | null;
  paid_at: Date | null;
};

const payoutWhere = (filter: PayoutFilter) => {
  const params: SqlParam[] = [filter.merchantId, filter.memberId, filter.from, filter.to];
  const param = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [
    'p.merchant_id = $1',
    filter.side === 'received' ? 'p.payee_id = $2' : 'p.payer_id = $2',
    'p.period_start >= $3',
    'p.period_start < $4',
    // Periods with nothing to pay are kept for the runs, not shown.
    "p.status <> 'nothing'",
  ];
  if (filter.kind) conditions.push(`p.kind = ${param(filter.kind)}`);
  return { params, param, conditions };
};

const PAYOUT_COLUMNS = (side: 'received' | 'paid') => `p.id, p.contract_id, p.kind,
  p.period_start, ${microsOf('p.period_start')} AS period_start_micros, p.period_end,
  o.username AS counterpart, p.valid_bet_minor::text, p.loss_minor::text, p.active_members,
  p.amount_minor::text, p.status, p.due_at, p.paid_at
  FROM agent_payouts p LEFT JOIN members o ON o.id = ${side === 'received' ? 'p.payer_id' : 'p.payee_id'}`;

/** One payout, as the given side sees it. */
export const getPayout = (db: Db, id: number, side: 'received' | 'paid') =>
  db.one<PayoutRow>(`SELECT ${PAYOUT_COLUMNS(side)} WHERE p.id = $1`, [id]);

export const findPayouts = (
  db: Db,
  filter: PayoutFilter,
  page: { start: PageStart; limit: number },
) => {
  const where = payoutWhere(filter);
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'p.period_start', id: 'p.id' },
    where.param,
  );
  if (condition) where.conditions.push(condition);
  return db.query<PayoutRow>(
    `SELECT ${PAYOUT_COLUMNS(filter.side)}
     WHERE ${where.conditions.join(' AND ')}
     ORDER BY p.period_start ${order}, p.id ${order}
     LIMIT ${where.param(page.limit)} OFFSET ${where.param(offset)}`,
    where.params,
  );
};

export const countPayouts = async (db: Db, filter: PayoutFilter, limit: number) => {
  const where = payoutWhere(filter);
  const row = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT 1 FROM agent_payouts p
       WHERE ${where.conditions.join(' AND ')} LIMIT ${where.param(limit)}) n`,
    where.params,
  );
  return row.count;
};

/** What the filter's payouts moved, per kind (dividends still owed not included). */
export const sumPayouts = (db: Db, filter: PayoutFilter) => {
  const where = payoutWhere(filter);
  return db.query<{ kind: ContractKind; amount_minor: string }>(
    `SELECT p.kind, sum(p.amount_minor)::text AS amount_minor FROM agent_payouts p
     WHERE ${where.conditions.join(' AND ')} AND p.status IN ('paid', 'forced')
     GROUP BY p.kind ORDER BY p.kind`,
    where.params,
  );
};
