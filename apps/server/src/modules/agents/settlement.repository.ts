import type { ContractKind, ContractTerms } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

export type RunRow = { id: string; status: 'running' | 'done' };

/**
 * Claims the run of a period for this node: a new run, or one whose lease ran out (its node
 * stopped halfway). Null when another node holds it or it is done.
 */
export const claimRun = (
  db: Db,
  run: {
    merchantId: number;
    kind: ContractKind;
    start: Date;
    end: Date;
    now: Date;
    leaseUntil: Date;
  },
) =>
  db.maybeOne<RunRow>(
    `INSERT INTO agent_settlement_runs AS r (merchant_id, kind, period_start, period_end, status,
       lease_until, started_at)
     VALUES ($1, $2, $3, $4, 'running', $6, $5)
     ON CONFLICT (merchant_id, kind, period_start) DO UPDATE SET lease_until = EXCLUDED.lease_until
       WHERE r.status = 'running' AND r.lease_until < $5
     RETURNING id, status`,
    [run.merchantId, run.kind, run.start, run.end, run.now, run.leaseUntil],
  );

export const finishRun = (db: Db, runId: number, now: Date) =>
  db.query(`UPDATE agent_settlement_runs SET status = 'done', finished_at = $2 WHERE id = $1`, [
    runId,
    now,
  ]);

/**
 * Where the merchant's runs of a kind go on from: the first run that has not finished (a node
 * stopped in it), else the end of the last one; null before any run.
 */
export const resumeFrom = async (db: Db, merchantId: number, kind: ContractKind) =>
  (
    await db.one<{ at: Date | null }>(
      `SELECT coalesce(min(period_start) FILTER (WHERE status = 'running'), max(period_end)) AS at
       FROM agent_settlement_runs WHERE merchant_id = $1 AND kind = $2`,
      [merchantId, kind],
    )
  ).at;

export type InForceRow = {
  id: string;
  upline_id: string | null;
  downline_id: string;
  downline: string;
  terms: ContractTerms;
};

/**
 * Contracts of a kind in force at the end of a period (accepted by then and not ended by then)
 * with no payout yet for a period ending then, uplines before downlines: an agent is paid
 * before it pays its own downlines.
 */
export const findUnpaidInForce = (db: Db, merchantId: number, kind: ContractKind, at: Date) =>
  db.query<InForceRow>(
    `SELECT c.id, c.upline_id, c.downline_id, m.username AS downline, c.terms
     FROM agent_contracts c JOIN members m ON m.id = c.downline_id
     WHERE c.merchant_id = $1 AND c.kind = $2 AND c.decided_at <= $3
       AND c.status IN ('active', 'terminated') AND (c.ended_at IS NULL OR c.ended_at > $3)
       AND NOT EXISTS (SELECT 1 FROM agent_payouts p WHERE p.contract_id = c.id AND p.period_end = $3)
     ORDER BY (SELECT count(*) FROM agent_hierarchy h WHERE h.descendant_id = c.downline_id), c.id`,
    [merchantId, kind, at],
  );

export type PlayerRow = {
  agent_id: string;
  bucket: Date;
  member_id: string;
  valid_bet_minor: string;
  profit_minor: string;
};

/**
 * Each player's settled rounds in the period, per team it belongs to (the agent itself
 * included), in buckets of `bucket` from the period's start (the whole period when null).
 */
export const findTeamPlayers = (
  db: Db,
  merchantId: number,
  agentIds: readonly number[],
  period: { start: Date; end: Date },
  bucket: '5 minutes' | '1 hour' | null,
) =>
  db.query<PlayerRow>(
    `SELECT h.ancestor_id AS agent_id,
       ${bucket ? `date_bin(interval '${bucket}', s.slot, $2)` : '$2::timestamptz'} AS bucket,
       s.member_id, sum(s.valid_bet_minor)::text AS valid_bet_minor,
       sum(s.profit_minor)::text AS profit_minor
     FROM member_round_slots s JOIN agent_hierarchy h ON h.descendant_id = s.member_id
     WHERE s.merchant_id = $1 AND s.slot >= $2 AND s.slot < $3
       AND h.ancestor_id = ANY ($4::bigint[])
     GROUP BY 1, 2, 3`,
    [merchantId, period.start, period.end, agentIds.map(String)],
  );

export type NewPayout = {
  merchantId: number;
  contractId: number;
  kind: ContractKind;
  start: Date;
  end: Date;
  payerId: number | null;
  payeeId: number;
  validBetMinor: bigint;
  lossMinor: bigint;
  activeMembers: number;
  amountMinor: bigint;
  status: 'paid' | 'due' | 'forced' | 'nothing';
  transferId: number | null;
  dueAt: Date | null;
  now: Date;
};

export const insertPayout = (db: Db, payout: NewPayout) =>
  db.query(
    `INSERT INTO agent_payouts (merchant_id, contract_id, kind, period_start, period_end, payer_id,
       payee_id, valid_bet_minor, loss_minor, active_members, amount_minor, status, transfer_id,
       due_at, created_at, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
       CASE WHEN $13::bigint IS NULL THEN NULL ELSE $15::timestamptz END)`,
    [
      payout.merchantId,
      payout.contractId,
      payout.kind,
      payout.start,
      payout.end,
      payout.payerId,
      payout.payeeId,
      payout.validBetMinor.toString(),
      payout.lossMinor.toString(),
      payout.activeMembers,
      payout.amountMinor.toString(),
      payout.status,
      payout.transferId,
      payout.dueAt,
      payout.now,
    ],
  );

export type DueRow = {
  id: string;
  contract_id: string;
  kind: ContractKind;
  period_start: Date;
  payer_id: string;
  payer: string;
  payee_id: string;
  amount_minor: string;
};

/** Dividends an upline owes whose time ran out by `now` (or one by id), locked. */
export const findDue = (db: Db, merchantId: number, filter: { overdueAt: Date } | { id: number }) =>
  db.query<DueRow>(
    `SELECT p.id, p.contract_id, p.kind, p.period_start, p.payer_id, m.username AS payer,
       p.payee_id, p.amount_minor::text
     FROM agent_payouts p JOIN members m ON m.id = p.payer_id
     WHERE p.merchant_id = $1 AND p.status = 'due'
       AND ${'id' in filter ? 'p.id = $2' : 'p.due_at <= $2'}
     ORDER BY p.id FOR UPDATE OF p`,
    [merchantId, 'id' in filter ? filter.id : filter.overdueAt],
  );

export const settleDue = (
  db: Db,
  id: number,
  status: 'paid' | 'forced',
  transferId: number,
  now: Date,
) =>
  db.query(`UPDATE agent_payouts SET status = $2, transfer_id = $3, paid_at = $4 WHERE id = $1`, [
    id,
    status,
    transferId,
    now,
  ]);
