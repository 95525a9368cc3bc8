import { AGENT_TYPES, type ContractKind } from '@lanna/contract';
import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

/** What narrows an agent's team list; `activeSince` is the first day that counts as active. */
export type DownlineFilter = {
  merchantId: number;
  agentId: number;
  activeSince: string;
  search?: string | undefined;
  level?: number | undefined;
  status?: 'active' | 'disabled' | undefined;
  activity?: 'active' | 'inactive' | undefined;
  kind?: 'member' | 'agent' | undefined;
};

export type DownlineRow = {
  id: string;
  username: string;
  nickname: string;
  type: number;
  status: 'active' | 'disabled';
  level: number;
  upline: string;
  created_at: Date;
  created_at_micros: string;
  last_login_at: Date | null;
  team_size: number;
  active: boolean;
  frozen: boolean;
  freeze_status: 'pending' | 'approved' | 'rejected' | null;
  freeze_requested_at: Date | null;
};

// Whether the member placed a settled real-money bet since the day (its day totals).
const ACTIVE = (since: string) =>
  `EXISTS (SELECT 1 FROM member_round_days d
     WHERE d.member_id = m.id AND d.day >= ${since}::date AND d.valid_bet_minor > 0)`;

/** `%` and `_` typed in a search are letters, not wildcards. */
const likeOf = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const filterOf = (filter: DownlineFilter) => {
  const params: SqlParam[] = [filter.merchantId, filter.agentId];
  const param = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = ['h.merchant_id = $1', 'h.ancestor_id = $2', 'h.depth > 0'];
  if (filter.level !== undefined) conditions.push(`h.depth = ${param(filter.level)}`);
  if (filter.status) conditions.push(`m.status = ${param(filter.status)}`);
  if (filter.kind) {
    const agentTypes = param(AGENT_TYPES.map(String));
    conditions.push(
      `${filter.kind === 'agent' ? '' : 'NOT '}m.type = ANY (${agentTypes}::smallint[])`,
    );
  }
  if (filter.search) {
    const like = param(likeOf(filter.search.toLowerCase()));
    conditions.push(`(lower(m.username) LIKE ${like} OR lower(m.nickname) LIKE ${like})`);
  }
  // Added once, and only where a statement uses it: an unused parameter has no type.
  let sinceParam: string | undefined;
  const since = (): string => (sinceParam ??= param(filter.activeSince));
  if (filter.activity) {
    conditions.push(`${filter.activity === 'active' ? '' : 'NOT '}${ACTIVE(since())}`);
  }
  return { params, param, conditions, since };
};

const FROM = `FROM agent_hierarchy h JOIN members m ON m.id = h.descendant_id`;

/** A page of the team, newest registration first, by keyset (decision 016). */
export const findDownlines = (
  db: Db,
  filter: DownlineFilter,
  page: { start: PageStart; limit: number },
) => {
  const where = filterOf(filter);
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'm.created_at', id: 'm.id' },
    where.param,
  );
  if (condition) where.conditions.push(condition);
  return db.query<DownlineRow>(
    `SELECT m.id, m.username, m.nickname, m.type, m.status, h.depth AS level,
       coalesce(u.username, '') AS upline, m.created_at, ${microsOf('m.created_at')} AS created_at_micros,
       m.last_login_at,
       (SELECT count(*) FROM agent_hierarchy s WHERE s.ancestor_id = m.id AND s.depth > 0)::int
         AS team_size,
       ${ACTIVE(where.since())} AS active,
       coalesce(w.frozen, false) AS frozen, f.status AS freeze_status,
       f.requested_at AS freeze_requested_at
     ${FROM} LEFT JOIN members u ON u.id = m.upline_id
       LEFT JOIN member_wallet_status w ON w.member_id = m.id
       LEFT JOIN LATERAL (SELECT r.status, r.requested_at FROM agent_freeze_requests r
         WHERE r.member_id = m.id ORDER BY r.id DESC LIMIT 1) f ON true
     WHERE ${where.conditions.join(' AND ')}
     ORDER BY m.created_at ${order}, m.id ${order}
     LIMIT ${where.param(page.limit)} OFFSET ${where.param(offset)}`,
    where.params,
  );
};

/** How many members the filter selects, counted no further than `limit`. */
export const countDownlines = async (db: Db, filter: DownlineFilter, limit: number) => {
  const where = filterOf(filter);
  const row = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM (
       SELECT 1 ${FROM} WHERE ${where.conditions.join(' AND ')} LIMIT ${where.param(limit)}) c`,
    where.params,
  );
  return row.count;
};

/** The contracts in force the agent gave each of the members, by member. */
export const findContractsGiven = (db: Db, agentId: number, memberIds: readonly number[]) =>
  db.query<{ downline_id: string; kind: ContractKind; top_rate_bp: number }>(
    `SELECT downline_id, kind, top_rate_bp FROM agent_contracts
     WHERE upline_id = $1 AND downline_id = ANY ($2::bigint[]) AND status = 'active'
     ORDER BY downline_id, kind`,
    [agentId, memberIds.map(String)],
  );
