import type { Db, SqlParam } from '../../db/client.ts';
import { keysetReadOf, microsOf, type PageStart } from '../../shared/keyset.ts';

export type RoundMismatchRow = {
  merchant_id: number;
  reference: string;
  /** The round's totals (null: the ledger moved money for a round that has no row). */
  debit_minor: string | null;
  credit_minor: string | null;
  rollback_minor: string | null;
  /** What the ledger moved under the round's reference, per transfer type. */
  bet_minor: string;
  win_minor: string;
  rolled_back_minor: string;
};

// One statement, so the rounds and the ledger are read in one snapshot even while bets land:
// a round's totals and its ledger transfer are written in one transaction by the vendor wallet
// module. This is the one place that reads both modules' tables together, and it only reads.
// A transfer's amount is the sum of its positive entries: a bet that feeds the jackpot pool has
// three (house and pool), whose positive entries still sum to the stake.
const ROUND_MISMATCHES_SQL = `
  WITH moved AS (
    SELECT t.merchant_id, t.reference,
      coalesce(sum(e.amount_minor) FILTER (WHERE t.type = 'bet'), 0) AS bet_minor,
      coalesce(sum(e.amount_minor) FILTER (WHERE t.type = 'win'), 0) AS win_minor,
      coalesce(sum(e.amount_minor) FILTER (WHERE t.type = 'rollback'), 0) AS rolled_back_minor
    FROM ledger_transfers t
    JOIN ledger_entries e ON e.transfer_id = t.id AND e.amount_minor > 0
    WHERE t.type IN ('bet', 'win', 'rollback') AND t.reference LIKE 'round:%'
    GROUP BY t.merchant_id, t.reference
  ), rounds AS (
    SELECT merchant_id, 'round:' || vendor_code || ':' || round_id AS reference,
      debit_minor, credit_minor, rollback_minor
    FROM vendor_rounds
  )
  SELECT coalesce(r.merchant_id, m.merchant_id) AS merchant_id,
    coalesce(r.reference, m.reference) AS reference,
    r.debit_minor::text, r.credit_minor::text, r.rollback_minor::text,
    coalesce(m.bet_minor, 0)::text AS bet_minor,
    coalesce(m.win_minor, 0)::text AS win_minor,
    coalesce(m.rolled_back_minor, 0)::text AS rolled_back_minor
  FROM rounds r
  FULL JOIN moved m ON m.merchant_id = r.merchant_id AND m.reference = r.reference
  WHERE r.reference IS NULL
     OR r.debit_minor <> coalesce(m.bet_minor, 0)
     OR r.credit_minor <> coalesce(m.win_minor, 0)
     OR r.rollback_minor <> coalesce(m.rolled_back_minor, 0)
  ORDER BY 1, 2
  LIMIT $1`;

export const findRoundMismatches = (db: Db, limit: number) =>
  db.query<RoundMismatchRow>(ROUND_MISMATCHES_SQL, [limit]);

export type RunRow = {
  id: string;
  trigger: 'schedule' | 'operator';
  actor: string | null;
  scope: 'full' | 'incremental';
  /** Ledger entries an incremental run read; null for a full run. */
  entries_checked: number | null;
  started_at: Date;
  finished_at: Date;
  ok: boolean;
  finding_count: number;
  findings: unknown;
};

export type NewRun = Omit<RunRow, 'id' | 'ok'>;

const RUN_COLUMNS = `id::text, trigger, actor, scope, entries_checked::int, started_at, finished_at,
  ok, finding_count, findings`;

export const insertRun = (db: Db, run: NewRun) =>
  db.one<RunRow>(
    `INSERT INTO reconciliation_runs (trigger, actor, scope, entries_checked, started_at,
       finished_at, ok, finding_count, findings)
     VALUES ($1, $2, $3, $4, $5, $6, $7 = 0, $7, $8::jsonb)
     RETURNING ${RUN_COLUMNS}`,
    [
      run.trigger,
      run.actor,
      run.scope,
      run.entries_checked,
      run.started_at,
      run.finished_at,
      run.finding_count,
      JSON.stringify(run.findings),
    ],
  );

/** When the latest run started, of any trigger; null before the first. */
export const findLastRunStart = async (db: Db): Promise<Date | null> =>
  (
    await db.maybeOne<{ started_at: Date }>(
      'SELECT started_at FROM reconciliation_runs ORDER BY started_at DESC, id DESC LIMIT 1',
    )
  )?.started_at ?? null;

/**
 * The runs a list shows: every run (off `reconciliation_runs_started`), or those that found
 * something or not (off `reconciliation_runs_ok_started`, migration 031). The filter is written
 * only when asked: an `$n IS NULL OR ...` would hide the range from a generic plan.
 */
const runFilterOf = (ok: boolean | undefined) => {
  const params: SqlParam[] = [];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const conditions = ok === undefined ? [] : [`ok = ${param(ok)}`];
  return { params, param, conditions };
};

const whereOf = (conditions: string[]) =>
  conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

/**
 * A page of runs, newest first (oldest first when read `before` a key), by keyset on the run's
 * start and id (decision 016): a position reads at most `offset + limit` rows in index order.
 */
export const findRuns = (
  db: Db,
  page: { start: PageStart; limit: number; ok: boolean | undefined },
) => {
  const filter = runFilterOf(page.ok);
  const { condition, order, offset } = keysetReadOf(
    page.start,
    { time: 'r.started_at', id: 'r.id' },
    filter.param,
  );
  if (condition) filter.conditions.push(condition);
  return db.query<RunRow & { started_at_micros: string }>(
    // Qualified: a bare `id` would order by the text id the columns answer.
    `SELECT ${RUN_COLUMNS}, ${microsOf('r.started_at')} AS started_at_micros
     FROM reconciliation_runs r ${whereOf(filter.conditions)}
     ORDER BY r.started_at ${order}, r.id ${order}
     LIMIT ${filter.param(page.limit)} OFFSET ${filter.param(offset)}`,
    filter.params,
  );
};

/** How many runs a list holds, counted no further than `limit`, in its index's order. */
export const countRuns = async (db: Db, ok: boolean | undefined, limit: number) => {
  const filter = runFilterOf(ok);
  const row = await db.one<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (
       SELECT 1 FROM reconciliation_runs ${whereOf(filter.conditions)}
       ORDER BY started_at DESC, id DESC LIMIT ${filter.param(limit)}) c`,
    filter.params,
  );
  return row.counted;
};
