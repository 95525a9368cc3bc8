// Proves group commit: concurrent posts through the batcher share a few database transactions,
// yet each is answered on its own (a refusal rejects only its caller), a key posted twice
// moves money once, events follow the commit, and closing writes what is queued first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../shared/app-error.ts';
import { createEventBus } from '../../shared/event-bus.ts';
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
import type { LedgerAccount, LedgerEvents } from './ledger.types.ts';
import { createTransferBatcher } from './transfer-batcher.ts';

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

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, code: isAppError(error) ? error.code : 'crash' }),
  );

describe('the transfer batcher', () => {
  it('answers concurrent posts one by one from a few transactions', async () => {
    const sizes: number[] = [];
    const bus = createEventBus<LedgerEvents>();
    let events = 0;
    bus.on('balanceChanged', () => (events += 1));
    const batcher = createTransferBatcher(testDb.db, {
      windowMs: 5,
      events: bus,
      onBatch: (size) => sizes.push(size),
    });
    const members = await Promise.all(
      Array.from({ length: 4 }, () => newMemberWallet(testDb.db, merchantId)),
    );
    const twice = freshKey('twice');
    const posts = [
      ...members.map((member) => depositRequest(merchantId, house, member, 100n)),
      depositRequest(merchantId, house, members[0]!, 5n, twice),
      depositRequest(merchantId, house, members[0]!, 5n, twice),
      // Queued after the deposits above, so it sees them: 100 + 5 is there, 106 is not.
      moveRequest(merchantId, 'withdrawal', members[0]!, house, 106n),
      moveRequest(merchantId, 'member_transfer', members[1]!, members[2]!, 100n),
    ];
    const answers = await Promise.all(posts.map((request) => settle(batcher.post(request))));
    await batcher.close();
    expect(
      answers.map((a) => (a.ok ? (a.value.replayed ? 'replayed' : 'posted') : a.code)),
    ).toEqual([
      'posted',
      'posted',
      'posted',
      'posted',
      'posted',
      'replayed',
      'INSUFFICIENT_BALANCE',
      'posted',
    ]);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(posts.length);
    expect(sizes.length).toBeLessThan(posts.length);
    expect(events).toBe(4 + 1 + 2);
    expect(await cachedBalance(testDb.db, members[0]!.id)).toBe(105n);
    expect(await cachedBalance(testDb.db, members[2]!.id)).toBe(200n);
    expect((await checkLedgerInvariants(testDb.db)).violations).toEqual([]);
  });

  it('gives callers answered by one batch their places in the next', async () => {
    const sizes: number[] = [];
    const batcher = createTransferBatcher(testDb.db, { onBatch: (size) => sizes.push(size) });
    const members = await Promise.all(
      Array.from({ length: 6 }, () => newMemberWallet(testDb.db, merchantId)),
    );
    // Closed loops, as a bench's callers or a busy route's: each posts again once answered.
    await Promise.all(
      members.map(async (member) => {
        for (let round = 0; round < 3; round += 1)
          await batcher.post(depositRequest(merchantId, house, member, 1n));
      }),
    );
    await batcher.close();
    expect(sizes).toEqual([6, 6, 6]);
  });

  it('writes what is queued before it closes, and refuses posts after', async () => {
    const batcher = createTransferBatcher(testDb.db, { windowMs: 1_000 });
    const member = await newMemberWallet(testDb.db, merchantId);
    const pending = batcher.post(depositRequest(merchantId, house, member, 42n));
    await batcher.close();
    expect((await pending).replayed).toBe(false);
    expect(await cachedBalance(testDb.db, member.id)).toBe(42n);
    await expect(batcher.post(depositRequest(merchantId, house, member, 1n))).rejects.toThrow(
      /closed/,
    );
  });
});
