import type { Db } from '../../db/client.ts';

/**
 * A team's figures (issue 22 item 2; decision 019): everyone below an agent is its closure rows
 * at depth 1 and more (agent_hierarchy), and what they did is read from the per-member day
 * totals the betting and money paths keep (member_round_days, member_flow_days), never from
 * rounds or ledger entries.
 */

export type TeamScope = { merchantId: number; agentId: number; from: string; to: string };

export type TeamSizeRow = { members: number; direct_members: number; new_members: number };

/** The team's size now, and how many of it registered within the days (the zone's days). */
export const countTeam = (db: Db, scope: TeamScope & { timeZone: string }) =>
  db.one<TeamSizeRow>(
    `SELECT count(*)::int AS members,
       count(*) FILTER (WHERE h.depth = 1)::int AS direct_members,
       count(*) FILTER (WHERE m.created_at >= ($3::date)::timestamp AT TIME ZONE $5::text
         AND m.created_at < ($4::date + 1)::timestamp AT TIME ZONE $5::text)::int AS new_members
     FROM agent_hierarchy h JOIN members m ON m.id = h.descendant_id
     WHERE h.merchant_id = $1 AND h.ancestor_id = $2 AND h.depth > 0`,
    [scope.merchantId, scope.agentId, scope.from, scope.to, scope.timeZone],
  );

export type TeamRoundsRow = {
  valid_bet_minor: string;
  profit_minor: string;
  active_members: number;
};

/** The team's settled real-money rounds within the days, and how many members placed them. */
export const sumTeamRounds = (db: Db, scope: TeamScope) =>
  db.one<TeamRoundsRow>(
    `SELECT coalesce(sum(d.valid_bet_minor), 0)::text AS valid_bet_minor,
       coalesce(sum(d.profit_minor), 0)::text AS profit_minor,
       count(DISTINCT d.member_id) FILTER (WHERE d.valid_bet_minor > 0)::int AS active_members
     FROM agent_hierarchy h JOIN member_round_days d ON d.member_id = h.descendant_id
     WHERE h.merchant_id = $1 AND h.ancestor_id = $2 AND h.depth > 0
       AND d.day BETWEEN $3::date AND $4::date`,
    [scope.merchantId, scope.agentId, scope.from, scope.to],
  );

/** The team's net money of each flow type within the days (credits positive). */
export const sumTeamFlows = async (
  db: Db,
  scope: TeamScope,
  types: readonly string[],
): Promise<Map<string, bigint>> => {
  const rows = await db.query<{ type: string; net_minor: string }>(
    `SELECT f.type, sum(f.net_minor)::text AS net_minor
     FROM agent_hierarchy h JOIN member_flow_days f ON f.member_id = h.descendant_id
     WHERE h.merchant_id = $1 AND h.ancestor_id = $2 AND h.depth > 0
       AND f.day BETWEEN $3::date AND $4::date AND f.type = ANY ($5::text[])
     GROUP BY f.type`,
    [scope.merchantId, scope.agentId, scope.from, scope.to, types],
  );
  return new Map(rows.map((row) => [row.type, BigInt(row.net_minor)]));
};
