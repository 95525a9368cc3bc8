// The incremental reconciliation (issue 21 item 7) on a database with real activity: a clean
// run moves the last verified point to the newest entry and the next one reads only what came
// after it; an unbalanced entry, a round or a balance that no longer matches its entries after
// the point is found and holds the point where it was; a row older than the point changed
// behind the ledger's back is left to the full check; and a ledger write still in flight when a
// run starts is waited for, not skipped.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { MONEY_MERCHANT } from '../../testing/money/money-world.ts';
import { findMemberAccounts } from '../ledger/index.ts';
import {
  expectOk,
  freshId as id,
  openReconciliationWorld,
  type ReconciliationWorld,
} from './reconciliation-world.ts';
import { runScheduledReconciliation } from './reconciliation.service.ts';

let world: ReconciliationWorld;
let db: Db;
let adjustmentAccountId: string;
let oldTransferId: string;

const markEntryId = async () =>
  (await db.one<{ entry_id: string }>('SELECT entry_id::text FROM reconciliation_mark')).entry_id;

const newestEntryId = async () =>
  (await db.one<{ id: string }>('SELECT max(id)::text AS id FROM ledger_entries')).id;

const entriesChecked = async (runId: string) =>
  (
    await db.one<{ entries_checked: number }>(
      'SELECT entries_checked::int FROM reconciliation_runs WHERE id = $1',
      [runId],
    )
  ).entries_checked;

/**
 * What a bug or a hand-made statement would leave: `sql` run past the database's own checks
 * (triggers off for its transaction). `hold` keeps the transaction open until it resolves.
 */
const behindTheLedger = (
  sql: string,
  params: readonly string[],
  hold: Promise<void> = Promise.resolve(),
) =>
  db.transaction(async (tx) => {
    await tx.query("SELECT set_config('session_replication_role', 'replica', true)");
    await tx.query(sql, params);
    await hold;
  });

/** One entry on a transfer, the account's balance moved with it: the transfer and merchant no longer sum to zero. */
const plantEntry = (
  entry: { transferId: string; accountId: string; amountMinor: string },
  hold?: Promise<void>,
) =>
  behindTheLedger(
    `WITH moved AS (
       UPDATE ledger_accounts SET balance_minor = balance_minor + $3
       WHERE id = $2 RETURNING merchant_id, member_id, balance_minor)
     INSERT INTO ledger_entries (merchant_id, transfer_id, account_id, amount_minor,
       balance_after_minor, member_id, type, created_at)
     SELECT m.merchant_id, $1, $2, $3, m.balance_minor, m.member_id, t.type, t.created_at
     FROM moved m, ledger_transfers t WHERE t.id = $1`,
    [entry.transferId, entry.accountId, entry.amountMinor],
    hold,
  );

const changeRoundDebit = (roundId: string, byMinor: string) =>
  behindTheLedger('UPDATE vendor_rounds SET debit_minor = debit_minor + $2 WHERE round_id = $1', [
    roundId,
    byMinor,
  ]);

beforeAll(async () => {
  world = await openReconciliationWorld();
  db = world.testDb.db;
  expectOk(await world.bet(id('round'), '1000'));
  adjustmentAccountId = (
    await db.one<{ id: string }>(
      "SELECT id::text FROM ledger_accounts WHERE merchant_id = $1 AND kind = 'adjustment'",
      [world.player.merchantId],
    )
  ).id;
  oldTransferId = (
    await db.one<{ id: string }>(
      'SELECT min(id)::text AS id FROM ledger_transfers WHERE merchant_id = $1',
      [world.player.merchantId],
    )
  ).id;
});

afterAll(async () => {
  await world.close();
});

describe('incremental reconciliation', () => {
  it('checks everything on its first run, then only what came after its last verified point', async () => {
    const entries = await db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM ledger_entries',
    );
    const first = await world.runNow('incremental');
    expect(first).toMatchObject({ scope: 'incremental', ok: true, findings: [] });
    expect(await entriesChecked(first.id)).toBe(entries.count);
    expect(await markEntryId()).toBe(await newestEntryId());

    const quiet = await world.runNow('incremental');
    expect(quiet.ok).toBe(true);
    expect(await entriesChecked(quiet.id)).toBe(0);

    expectOk(await world.bet(id('round'), '300'));
    const next = await world.runNow('incremental');
    expect(next.ok).toBe(true);
    expect(await entriesChecked(next.id)).toBe(2);
    expect(await markEntryId()).toBe(await newestEntryId());
  });

  it('is what the schedule runs', async () => {
    const scheduled = await runScheduledReconciliation(db, {
      clock: () => new Date(Date.now() + 365 * 86_400_000),
      intervalMs: 60_000,
    });
    expect(scheduled).toMatchObject({ trigger: 'schedule', scope: 'incremental', ok: true });
  });

  it('finds an entry added to an old transfer after the mark, and keeps the mark until it is corrected', async () => {
    const mark = await markEntryId();
    await plantEntry({
      transferId: oldTransferId,
      accountId: adjustmentAccountId,
      amountMinor: '5',
    });
    const found = await world.runNow('incremental');
    expect(found.ok).toBe(false);
    expect(found.findings).toEqual(
      expect.arrayContaining([
        {
          check: 'ledger',
          rule: 'transfer_unbalanced',
          subject: oldTransferId,
          found: '5',
          expected: '0',
        },
        {
          check: 'ledger',
          rule: 'merchant_unbalanced',
          subject: String(world.player.merchantId),
          found: '5',
          expected: '0',
        },
      ]),
    );
    expect(await markEntryId()).toBe(mark);
    // The mark held, so the next run still looks at the entry.
    expect((await world.runNow('incremental')).ok).toBe(false);

    // A correction is a new entry; once the transfer sums to zero again the mark moves past both.
    await plantEntry({
      transferId: oldTransferId,
      accountId: adjustmentAccountId,
      amountMinor: '-5',
    });
    const corrected = await world.runNow('incremental');
    expect(corrected.findings).toEqual([]);
    expect(await markEntryId()).toBe(await newestEntryId());
  });

  it('finds a vendor round whose totals differ from what the ledger moved since the mark, and carries the verified totals on', async () => {
    const roundId = id('round');
    expectOk(await world.bet(roundId, '400'));
    expect((await world.runNow('incremental')).ok).toBe(true);
    expectOk(await world.bet(roundId, '250'));
    await changeRoundDebit(roundId, '5');
    const mark = await markEntryId();
    const found = await world.runNow('incremental');
    expect(found.findings).toEqual([
      {
        check: 'rounds',
        rule: 'round_debit_differs',
        subject: `${world.player.merchantId}:round:${MONEY_MERCHANT.vendorCode}:${roundId}`,
        found: '655',
        expected: '650',
      },
    ]);
    expect(await markEntryId()).toBe(mark);
    await changeRoundDebit(roundId, '-5');
    expect((await world.runNow('incremental')).ok).toBe(true);
    // The round's verified 650 plus this bet, against the round's 750.
    expectOk(await world.bet(roundId, '100'));
    expect((await world.runNow('incremental')).ok).toBe(true);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'waits for a ledger write that drew a lower id and commits after a later one',
    async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // Draws its entry id now and commits only when released, after a bet with higher ids.
      const inFlight = plantEntry(
        { transferId: oldTransferId, accountId: adjustmentAccountId, amountMinor: '3' },
        held,
      );
      await sleep(50);
      expectOk(await world.bet(id('round'), '100'));
      const running = world.runNow('incremental');
      await sleep(200);
      release();
      await inFlight;
      const found = await running;
      expect(found.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ rule: 'transfer_unbalanced', subject: oldTransferId }),
        ]),
      );
      await plantEntry({
        transferId: oldTransferId,
        accountId: adjustmentAccountId,
        amountMinor: '-3',
      });
      expect((await world.runNow('incremental')).ok).toBe(true);
    },
  );

  it('leaves a balance edited behind an account that has not moved to the full check, and finds it when the account moves', async () => {
    const main = (
      await findMemberAccounts(db, world.player.merchantId, world.player.memberId)
    ).find((account) => account.kind === 'main');
    if (!main) throw new Error('no main wallet');
    await db.query('UPDATE ledger_accounts SET balance_minor = balance_minor + 7 WHERE id = $1', [
      main.id,
    ]);
    const incremental = await world.runNow('incremental');
    expect(incremental.ok).toBe(true);
    expect(await entriesChecked(incremental.id)).toBe(0);
    const full = await world.runNow('full');
    expect(full).toMatchObject({ scope: 'full', ok: false });
    expect(full.findings).toContainEqual(
      expect.objectContaining({ rule: 'balance_not_sum_of_entries', subject: String(main.id) }),
    );
    // The account's verified sum is carried, so its next movement shows the difference.
    expectOk(
      await world.api.adjust(MONEY_MERCHANT.code, world.player.username, {
        direction: 'credit',
        amountMinor: '100',
        reason: 'goodwill',
        idempotencyKey: id('adjust'),
      }),
    );
    const moved = await world.runNow('incremental');
    expect(moved.findings).toEqual([
      {
        check: 'ledger',
        rule: 'balance_not_sum_of_entries',
        subject: String(main.id),
        found: String(main.balanceMinor + 107n),
        expected: String(main.balanceMinor + 100n),
      },
    ]);
  });
});
