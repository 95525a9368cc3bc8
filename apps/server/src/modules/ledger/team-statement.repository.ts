import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

/**
 * Money in and out of an agent's team (the agent centre's team transactions): entries of the
 * given types on the team members' main and bonus wallets (a withdrawal shows when it is asked
 * for and when it is given back, not its move between the held and paid), within instants.
 */
export type TeamStatementFilter = {
  merchantId: number;
  agentId: number;
  types: readonly string[];
  from: Date;
  to: Date;
};

export type TeamEntryRow = {
  id: string;
  username: string;
  type: string;
  amount_minor: string;
  created_at: Date;
  created_at_micros: string;
};

const whereOf = (filter: TeamStatementFilter) => {
  const params: SqlParam[] = [
    filter.merchantId,
    filter.agentId,
    [...filter.types],
    filter.from,
    filter.to,
  ];
  const param = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [
    'h.merchant_id = $1',
    'h.ancestor_id = $2',
    'h.depth > 0',
    'e.type = ANY ($3::text[])',
    'e.created_at >= $4',
    'e.created_at < $5',
  ];
  return { params, param, conditions };
};

const FROM = `FROM agent_hierarchy h
  JOIN ledger_entries e ON e.member_id = h.descendant_id
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('main', 'bonus')`;

export const findTeamEntries = (
  db: Db,
  filter: TeamStatementFilter,
  page: { start: PageStart; limit: number },
) => {
  const where = whereOf(filter);
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'e.created_at', id: 'e.id' },
    where.param,
  );
  if (condition) where.conditions.push(condition);
  return db.query<TeamEntryRow>(
    `SELECT e.id::text, m.username, e.type, e.amount_minor::text, e.created_at,
       ${microsOf('e.created_at')} AS created_at_micros
     ${FROM} JOIN members m ON m.id = e.member_id
     WHERE ${where.conditions.join(' AND ')}
     ORDER BY e.created_at ${order}, e.id ${order}
     LIMIT ${where.param(page.limit)} OFFSET ${where.param(offset)}`,
    where.params,
  );
};

export const countTeamEntries = async (db: Db, filter: TeamStatementFilter, limit: number) => {
  const where = whereOf(filter);
  const row = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT 1 ${FROM}
       WHERE ${where.conditions.join(' AND ')} LIMIT ${where.param(limit)}) n`,
    where.params,
  );
  return row.count;
};
