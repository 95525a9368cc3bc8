import type {
  ReconciliationFinding,
  ReconciliationRun,
  ReconciliationScope,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { withJobLock } from '../../jobs/scheduler.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { checkSinceMark } from './incremental.service.ts';
import {
  findLastRunStart,
  findRoundMismatches,
  countRuns,
  findRuns,
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

type Checked = {
  ledger: { rule: string; subject: string; found: string; expected: string }[];
  rounds: RoundMismatchRow[];
  /** Entries an incremental run read; null for a full one. */
  entriesChecked: number | null;
  /** What a run that found nothing does in its transaction once recorded. */
  whenClean: (tx: Db, runId: string) => Promise<void>;
};

/**
 * The two checks, read in the run's transaction: the ledger's invariants and the vendor
 * rounds' totals against the ledger's bets, wins and rollbacks under each round's reference.
 * 'full' reads the whole ledger (checkLedgerInvariants) and every round; 'incremental' reads
 * what is new since the last verified point (incremental.service.ts) and moves that point when
 * it finds nothing.
 */
const check = async (tx: Db, scope: ReconciliationScope): Promise<Checked> => {
  if (scope === 'incremental') {
    const since = await checkSinceMark(tx, MAX_FINDINGS_PER_CHECK);
    return { ...since, whenClean: since.advance };
  }
  const ledger = await checkLedgerInvariants(tx);
  const rounds = await findRoundMismatches(tx, MAX_FINDINGS_PER_CHECK);
  return { ledger: ledger.violations, rounds, entriesChecked: null, whenClean: async () => {} };
};

const findingsOf = (checked: Checked): ReconciliationFinding[] => [
  ...checked.ledger.map((violation) => ({ check: 'ledger' as const, ...violation })),
  ...checked.rounds.flatMap(roundFindingsOf).slice(0, MAX_FINDINGS_PER_CHECK),
];

const toRun = (row: RunRow): ReconciliationRun => ({
  id: row.id,
  trigger: row.trigger,
  actor: row.actor,
  scope: row.scope,
  startedAt: row.started_at.toISOString(),
  finishedAt: row.finished_at.toISOString(),
  ok: row.ok,
  findingCount: row.finding_count,
  findings: row.findings as ReconciliationFinding[],
});

const record = async (
  tx: Db,
  trigger: { trigger: 'schedule' } | { trigger: 'operator'; actor: string },
  scope: ReconciliationScope,
  clock: () => Date,
): Promise<ReconciliationRun> => {
  const startedAt = clock();
  const checked = await check(tx, scope);
  const findings = findingsOf(checked);
  const row = await insertRun(tx, {
    trigger: trigger.trigger,
    actor: trigger.trigger === 'operator' ? trigger.actor : null,
    scope,
    entries_checked: checked.entriesChecked,
    started_at: startedAt,
    finished_at: clock(),
    finding_count: findings.length,
    findings,
  });
  if (row.ok) await checked.whenClean(tx, row.id);
  return toRun(row);
};

/**
 * A scheduled run, incremental: under the job's advisory lock, and only when no run (of any
 * node, or an operator's) started within most of the interval, so several nodes with the same
 * schedule make one run per interval between them. Null when it was not this node's turn.
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
    return record(tx, { trigger: 'schedule' }, 'incremental', options.clock);
  });

/**
 * An operator's run, full unless the operator asks for the incremental one: waits for a
 * scheduled one to finish, then runs; audit-logged.
 */
export const runReconciliationNow = async (
  db: Db,
  operator: { actor: string; reason: string; scope: ReconciliationScope; clock: () => Date },
): Promise<ReconciliationRun> => {
  const run = await withJobLock(db, RECONCILIATION_JOB, { wait: true }, async (tx) => {
    const done = await record(
      tx,
      { trigger: 'operator', actor: operator.actor },
      operator.scope,
      operator.clock,
    );
    await insertAuditEntry(tx, {
      merchantId: null,
      actor: operator.actor,
      action: 'reconciliation.run',
      target: `reconciliation_run:${done.id}`,
      reason: operator.reason,
      before: null,
      after: { scope: done.scope, ok: done.ok, findingCount: done.findingCount },
    });
    return done;
  });
  if (!run) throw new Error('the reconciliation lock was waited for, yet not held');
  return run;
};

/**
 * A page of runs, newest first (issue 30): by the cursor of the page beside it or, without one,
 * by its number within the counted runs, counted up to `MAX_COUNTED_ROWS` (decision 016).
 */
export const findReconciliationRuns = async (
  db: Db,
  query: {
    pageNo: number;
    pageSize: number;
    cursor?: string | undefined;
    ok?: 'true' | 'false' | undefined;
  },
) => {
  const ok = query.ok === undefined ? undefined : query.ok === 'true';
  return readKeysetPage(
    query,
    {
      rows: (start, limit) => findRuns(db, { start, limit, ok }),
      count: (limit) => countRuns(db, ok, limit),
      keyOf: (row) => ({ atMicros: row.started_at_micros, id: row.id }),
    },
    (rows) => rows.map(toRun),
  );
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
