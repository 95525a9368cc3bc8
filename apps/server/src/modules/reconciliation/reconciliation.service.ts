import type { ReconciliationFinding, ReconciliationRun } from '@lanna/contract';
import { totalPagesOf } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { withJobLock } from '../../jobs/scheduler.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import {
  findLastRunStart,
  findRoundMismatches,
  findRunPage,
  insertRun,
  type RoundMismatchRow,
  type RunRow,
} from './reconciliation.repository.ts';

/** The job's name, which is also its advisory lock's. */
export const RECONCILIATION_JOB = 'reconciliation';

// Enough to see what broke without a huge row when everything did.
const MAX_FINDINGS_PER_CHECK = 100;

const ROUND_COLUMNS = [
  ['round_debit_differs', 'debit_minor', 'bet_minor'],
  ['round_credit_differs', 'credit_minor', 'win_minor'],
  ['round_rollback_differs', 'rollback_minor', 'rolled_back_minor'],
] as const;

const roundFindingsOf = (row: RoundMismatchRow): ReconciliationFinding[] => {
  const subject = `${row.merchant_id}:${row.reference}`;
  if (row.debit_minor === null)
    return [
      {
        check: 'rounds',
        rule: 'round_missing',
        subject,
        found: '0',
        expected: (BigInt(row.bet_minor) + BigInt(row.win_minor)).toString(),
      },
    ];
  return ROUND_COLUMNS.flatMap(([rule, roundColumn, ledgerColumn]) => {
    const found = row[roundColumn] ?? '0';
    const expected = row[ledgerColumn];
    return found === expected ? [] : [{ check: 'rounds' as const, rule, subject, found, expected }];
  });
};

/**
 * Everything the two checks find, read in one transaction: the ledger's invariants
 * (checkLedgerInvariants) and every vendor round's totals against the ledger's bets, wins and
 * rollbacks under the round's reference.
 */
const findFindings = async (tx: Db): Promise<ReconciliationFinding[]> => {
  const ledger = await checkLedgerInvariants(tx);
  const rounds = await findRoundMismatches(tx, MAX_FINDINGS_PER_CHECK);
  return [
    ...ledger.violations.map((violation) => ({ check: 'ledger' as const, ...violation })),
    ...rounds.flatMap(roundFindingsOf).slice(0, MAX_FINDINGS_PER_CHECK),
  ];
};

const toRun = (row: RunRow): ReconciliationRun => ({
  id: row.id,
  trigger: row.trigger,
  actor: row.actor,
  startedAt: row.started_at.toISOString(),
  finishedAt: row.finished_at.toISOString(),
  ok: row.ok,
  findingCount: row.finding_count,
  findings: row.findings as ReconciliationFinding[],
});

const record = async (
  tx: Db,
  trigger: { trigger: 'schedule' } | { trigger: 'operator'; actor: string },
  clock: () => Date,
): Promise<ReconciliationRun> => {
  const startedAt = clock();
  const findings = await findFindings(tx);
  return toRun(
    await insertRun(tx, {
      trigger: trigger.trigger,
      actor: trigger.trigger === 'operator' ? trigger.actor : null,
      started_at: startedAt,
      finished_at: clock(),
      finding_count: findings.length,
      findings,
    }),
  );
};

/**
 * A scheduled run: under the job's advisory lock, and only when no run (of any node, or an
 * operator's) started within most of the interval, so several nodes with the same schedule
 * make one run per interval between them. Null when it was not this node's turn.
 */
export const runScheduledReconciliation = (
  db: Db,
  options: { clock: () => Date; intervalMs: number },
): Promise<ReconciliationRun | null> =>
  withJobLock(db, RECONCILIATION_JOB, { wait: false }, async (tx) => {
    const last = await findLastRunStart(tx);
    // Nine tenths: a timer that fires a little early still finds its own last run old enough.
    const dueAt = last === null ? 0 : last.getTime() + options.intervalMs * 0.9;
    if (options.clock().getTime() < dueAt) return null;
    return record(tx, { trigger: 'schedule' }, options.clock);
  });

/** An operator's run: waits for a scheduled one to finish, then runs; audit-logged. */
export const runReconciliationNow = async (
  db: Db,
  operator: { actor: string; reason: string; clock: () => Date },
): Promise<ReconciliationRun> => {
  const run = await withJobLock(db, RECONCILIATION_JOB, { wait: true }, async (tx) => {
    const done = await record(tx, { trigger: 'operator', actor: operator.actor }, operator.clock);
    await insertAuditEntry(tx, {
      merchantId: null,
      actor: operator.actor,
      action: 'reconciliation.run',
      target: `reconciliation_run:${done.id}`,
      reason: operator.reason,
      before: null,
      after: { ok: done.ok, findingCount: done.findingCount },
    });
    return done;
  });
  if (!run) throw new Error('the reconciliation lock was waited for, yet not held');
  return run;
};

export const findReconciliationRuns = async (
  db: Db,
  query: { pageNo: number; pageSize: number; ok?: 'true' | 'false' | undefined },
) => {
  const { rows, total } = await findRunPage(db, {
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
    ok: query.ok === undefined ? undefined : query.ok === 'true',
  });
  return {
    list: rows.map(toRun),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total,
    totalPages: totalPagesOf(total, query.pageSize),
  };
};

/** The log line a run leaves: a warning with its first findings when it found something. */
export const logRun = (
  log: {
    warn: (object: object, message: string) => void;
    info: (object: object, message: string) => void;
  },
  run: ReconciliationRun,
): void => {
  const summary = { runId: run.id, trigger: run.trigger, findingCount: run.findingCount };
  if (run.ok) log.info(summary, 'reconciliation: ledger and rounds agree');
  else
    log.warn(
      { ...summary, findings: run.findings.slice(0, 10) },
      'reconciliation: the ledger or the vendor rounds do not add up',
    );
};
