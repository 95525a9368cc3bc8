// Proves the ledger under real concurrency (reliability checklist A2, A4, A7): many clients of
// a PostgreSQL pool at once. Fifty posts that each take the whole balance: exactly one wins.
// Fifty copies of one request under one key: one effect, every caller the same transfer.
// Batches that touch the same accounts in every order finish without a deadlock and leave the
// invariants whole. PGlite is one connection, where nothing runs at once, so this file runs
// only when TEST_DATABASE_URL names a server.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../testing/index.ts';
import { checkLedgerInvariants } from './invariants.service.ts';
import {
  cachedBalance,
  cashIn,
  depositRequest,
  freshKey,
  moveRequest,
  newMemberWallet,
} from '../../testing/factories/ledger.ts';
import { merchantIdOf } from '../../testing/factories/merchants.ts';
import { postTransfer, postTransfers } from './ledger.service.ts';
import type { LedgerAccount, TransferOutcome } from './ledger.types.ts';

const CLIENTS = 50;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the ledger under concurrency', () => {
  let testDb: TestDb;
  let merchantId: number;
  let house: LedgerAccount;

  beforeAll(async () => {
    testDb = await openTestDb();
    merchantId = await merchantIdOf(testDb.db, 'lanna');
    house = await cashIn(testDb.db, merchantId);
  });

  afterAll(async () => {
    await testDb.close();
  });

  const funded = async (amountMinor: bigint) => {
    const account = await newMemberWallet(testDb.db, merchantId);
    await postTransfer(testDb.db, depositRequest(merchantId, house, account, amountMinor));
    return account;
  };

  const codes = (outcomes: TransferOutcome[]) =>
    outcomes.map((o) => (o.ok ? (o.transfer.replayed ? 'replayed' : 'posted') : o.error.code));

  const count = (values: string[], value: string) => values.filter((v) => v === value).length;

  it('lets exactly one of 50 parallel withdrawals of the whole balance through', async () => {
    const member = await funded(10_000n);
    const outcomes = (
      await Promise.all(
        Array.from({ length: CLIENTS }, () =>
          postTransfers(testDb.db, [moveRequest(merchantId, 'withdrawal', member, house, 10_000n)]),
        ),
      )
    ).flat();
    const answers = codes(outcomes);
    expect(count(answers, 'posted')).toBe(1);
    expect(count(answers, 'INSUFFICIENT_BALANCE')).toBe(CLIENTS - 1);
    expect(await cachedBalance(testDb.db, member.id)).toBe(0n);
    expect((await checkLedgerInvariants(testDb.db)).violations).toEqual([]);
  });

  it('applies 50 parallel copies of one keyed request once, answering all with it', async () => {
    const member = await newMemberWallet(testDb.db, merchantId);
    const request = depositRequest(merchantId, house, member, 777n, freshKey('same'));
    const outcomes = (
      await Promise.all(Array.from({ length: CLIENTS }, () => postTransfers(testDb.db, [request])))
    ).flat();
    const answers = codes(outcomes);
    expect(count(answers, 'posted')).toBe(1);
    expect(count(answers, 'replayed')).toBe(CLIENTS - 1);
    const ids = new Set(outcomes.map((o) => (o.ok ? o.transfer.transferId : null)));
    expect(ids.size).toBe(1);
    expect(await cachedBalance(testDb.db, member.id)).toBe(777n);
    const rows = await testDb.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM ledger_transfers WHERE idempotency_key = $1',
      [request.idempotencyKey],
    );
    expect(rows.count).toBe(1);
  });

  it('finishes crossing batches over shared accounts without a deadlock', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => funded(1_000n)));
    const pick = () => members[randomInt(members.length)] ?? house;
    const batches = Array.from({ length: CLIENTS }, () =>
      Array.from({ length: 5 }, () => {
        const from = pick();
        const others = members.filter((m) => m.id !== from.id);
        const to = others[randomInt(others.length)] ?? house;
        return moveRequest(merchantId, 'member_transfer', from, to, BigInt(randomInt(1, 400)));
      }),
    );
    const outcomes = (await Promise.all(batches.map((b) => postTransfers(testDb.db, b)))).flat();
    const answers = codes(outcomes);
    expect(count(answers, 'posted') + count(answers, 'INSUFFICIENT_BALANCE')).toBe(CLIENTS * 5);
    const total = (await Promise.all(members.map((m) => cachedBalance(testDb.db, m.id)))).reduce(
      (sum, balance) => sum + balance,
      0n,
    );
    expect(total).toBe(4_000n);
    expect((await checkLedgerInvariants(testDb.db)).violations).toEqual([]);
  });
});
