// The reconciliation job (reliability checklist A9) on a database with real activity: a clean
// ledger gives a clean run; a cached balance changed behind the ledger's back, or a vendor
// round whose totals no longer match its ledger transfers, is flagged with the figures found
// and expected, recorded, listed to operators and warned about. Scheduled runs happen once per
// interval and skip while another node holds the job's advisory lock.
import type { ReconciliationRun } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withJobLock } from '../../jobs/scheduler.ts';
import { buildTestApp, type TestDb } from '../../testing/index.ts';
import type { MoneyApi, VendorSigner } from '../../testing/money/money-api.ts';
import { MONEY_MERCHANT, type MoneyMember } from '../../testing/money/money-world.ts';
import { findMemberAccounts } from '../ledger/index.ts';
import { reconciliationJobs } from './reconciliation.jobs.ts';
import {
  expectOk,
  freshId as id,
  openReconciliationWorld,
  OPS,
  type ReconciliationWorld,
} from './reconciliation-world.ts';
import {
  logRun,
  RECONCILIATION_JOB,
  runScheduledReconciliation,
} from './reconciliation.service.ts';

let world: ReconciliationWorld;
let testDb: TestDb;
let app: FastifyInstance;
let api: MoneyApi;
let signer: VendorSigner;
let player: MoneyMember;
let openRound: string;

const runNow = () => world.runNow();

const runs = async (query = '') => {
  const response = await app.inject({
    method: 'GET',
    url: `/ops/reconciliation-runs${query}`,
    headers: OPS,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: { list: ReconciliationRun[]; total: number } }>().value;
};

beforeAll(async () => {
  // Real activity: funding, a wallet transfer, a settled round and one left open.
  world = await openReconciliationWorld();
  ({ testDb, app, api, signer, player } = world);
  const settled = id('round');
  expectOk(await world.bet(settled, '1000'));
  expectOk(
    await api.credit(signer, {
      idempotencyKey: id('key'),
      transactionId: id('win'),
      roundId: settled,
      playerId: player.playerId,
      currency: 'THB',
      amountMinor: '2500',
    }),
  );
  openRound = id('round');
  expectOk(await world.bet(openRound, '700'));
});

afterAll(async () => {
  await world.close();
});

describe('reconciliation', () => {
  it('refuses anyone without the operator key', async () => {
    const response = await app.inject({ method: 'GET', url: '/ops/reconciliation-runs' });
    expect(response.statusCode).toBe(401);
  });

  it('finds nothing on a clean database, records the run and audit-logs who asked', async () => {
    const run = await runNow();
    expect(run).toMatchObject({
      trigger: 'operator',
      actor: 'operator-api-key:auditor',
      scope: 'full',
      ok: true,
    });
    expect(run.findings).toEqual([]);
    expect(run.findingCount).toBe(0);
    const listed = await runs();
    expect(listed.list[0]).toEqual(run);
    const audit = await testDb.db.query<{ action: string; reason: string }>(
      'SELECT action, reason FROM audit_log WHERE target = $1',
      [`reconciliation_run:${run.id}`],
    );
    expect(audit).toEqual([{ action: 'reconciliation.run', reason: 'month-end check' }]);
  });

  it('runs on schedule once per interval, whichever node ticks', async () => {
    const intervalMs = 60 * 60_000;
    const now = Date.now();
    // An operator's run a moment ago counts: the next scheduled one waits for the interval.
    expect(
      await runScheduledReconciliation(testDb.db, { clock: () => new Date(now), intervalMs }),
    ).toBeNull();
    const later = () => new Date(now + intervalMs);
    const scheduled = await runScheduledReconciliation(testDb.db, { clock: later, intervalMs });
    expect(scheduled).toMatchObject({
      trigger: 'schedule',
      actor: null,
      scope: 'incremental',
      ok: true,
    });
    // A second node ticking at the same time finds the run already made.
    expect(await runScheduledReconciliation(testDb.db, { clock: later, intervalMs })).toBeNull();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'skips a scheduled tick while another node holds the job lock',
    async () => {
      const far = () => new Date(Date.now() + 365 * 86_400_000);
      const during = await withJobLock(testDb.db, RECONCILIATION_JOB, { wait: true }, () =>
        runScheduledReconciliation(testDb.db, { clock: far, intervalMs: 60_000 }),
      );
      expect(during).toBeNull();
    },
  );

  // PGlite never plans parallel workers; PostgreSQL does by default, which is where this holds.
  it('plans a job without parallel workers, and only inside its own transaction', async () => {
    const parallelWorkers = async (db: TestDb['db']) =>
      (
        await db.one<{ setting: string }>(
          "SELECT current_setting('max_parallel_workers_per_gather') AS setting",
        )
      ).setting;
    const before = await parallelWorkers(testDb.db);
    const inside = await withJobLock(testDb.db, RECONCILIATION_JOB, { wait: true }, (tx) =>
      parallelWorkers(tx),
    );
    expect(inside).toBe('0');
    // The pool hands back the connection just released first: a setting that outlived the
    // job's transaction would show here.
    expect(await parallelWorkers(testDb.db)).toBe(before);
  });

  it('flags a cached balance changed behind the ledger, with both figures', async () => {
    const main = (await findMemberAccounts(testDb.db, player.merchantId, player.memberId)).find(
      (account) => account.kind === 'main',
    );
    if (!main) throw new Error('no main wallet');
    // The corruption a bug or a hand-made UPDATE would leave: the ledger never wrote this.
    await testDb.db.query(
      'UPDATE ledger_accounts SET balance_minor = balance_minor + 7 WHERE id = $1',
      [main.id],
    );
    const run = await runNow();
    expect(run.ok).toBe(false);
    expect(run.findings).toEqual(
      expect.arrayContaining([
        {
          check: 'ledger',
          rule: 'balance_not_sum_of_entries',
          subject: String(main.id),
          found: String(main.balanceMinor + 7n),
          expected: String(main.balanceMinor),
        },
      ]),
    );
    expect(run.findingCount).toBe(run.findings.length);
  });

  it('flags a vendor round whose totals differ from its ledger transfers', async () => {
    await testDb.db.query(
      'UPDATE vendor_rounds SET debit_minor = debit_minor + 5 WHERE round_id = $1',
      [openRound],
    );
    const run = await runNow();
    expect(run.findings).toEqual(
      expect.arrayContaining([
        {
          check: 'rounds',
          rule: 'round_debit_differs',
          subject: `${player.merchantId}:round:${MONEY_MERCHANT.vendorCode}:${openRound}`,
          found: '705',
          expected: '700',
        },
      ]),
    );
    const failing = await runs('?ok=false');
    expect(failing.list.map((listed) => listed.id)).toContain(run.id);
    expect(failing.list.every((listed) => !listed.ok)).toBe(true);
  });

  it('warns in the log with the first findings of a run that found something', async () => {
    const [run] = (await runs('?ok=false&pageSize=1')).list;
    if (!run) throw new Error('no failing run');
    const log = { warn: vi.fn(), info: vi.fn() };
    logRun(log, run);
    expect(log.info).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ runId: run.id, findingCount: run.findingCount }),
      expect.stringContaining('do not add up'),
    );
  });

  it('schedules the job only when RECONCILE_INTERVAL_MINUTES asks for it', async () => {
    expect(reconciliationJobs(app)).toEqual([]);
    const scheduled = await buildTestApp(testDb.db, { env: { RECONCILE_INTERVAL_MINUTES: '15' } });
    try {
      expect(reconciliationJobs(scheduled).map((job) => [job.name, job.intervalMs])).toEqual([
        [RECONCILIATION_JOB, 15 * 60_000],
      ]);
    } finally {
      await scheduled.close();
    }
  });
});
