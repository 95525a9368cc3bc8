// Proves checklist A2 on the machine's PostgreSQL (PGlite has one connection, so nothing runs
// in parallel there): 50 parallel requests that each withdraw the whole balance, under 50
// different keys, end with exactly one withdrawal, the rest refused with a stable code, and
// the ledger balanced.
import { describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../ledger/index.ts';
import { balancesOf } from '../../testing/factories/money.ts';
import { readyMember, withdraw } from '../../testing/factories/withdrawals.ts';
import { codeOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('parallel withdrawals on PostgreSQL', () => {
  const world = useTestApp({ temporaryDataDir: true });

  it('lets exactly one of 50 whole-balance withdrawals through', async () => {
    const { app, testDb } = world;
    const { member, card } = await readyMember(app, testDb.db, 40_000n);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        withdraw(app, member, { amountMinor: '40000', payeeAccountId: card.id }),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    const refusals = new Set(
      responses.filter((response) => response.statusCode !== 200).map(codeOf),
    );
    expect([...refusals]).toEqual(['INSUFFICIENT_BALANCE']);
    expect(await balancesOf(testDb.db, member)).toEqual({ main: 0n, locked: 40_000n });
    const rows = await testDb.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM withdrawals WHERE member_id = $1',
      [member.memberId],
    );
    expect(rows.count).toBe(1);
    expect((await checkLedgerInvariants(testDb.db)).violations).toEqual([]);
  }, 60_000);
});
