// Concurrency of the vendor wallet API on a real PostgreSQL server (reliability checklist A2,
// A4, A5): 50 parallel debits of the whole balance leave exactly one standing; parallel
// copies of one request, or of one transaction under many keys, make one effect and the same
// answer; and a rollback racing its own debit ends with the player's money untouched either
// way. PGlite runs one statement at a time, so these run only when TEST_DATABASE_URL is set.
import type { Envelope, VendorTransactionResult } from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  closeVendorWorld,
  debitBody,
  expectInvariants,
  freshId,
  ledgerTransferCount,
  newPlayer,
  openVendorWorld,
  rollbackBody,
  vendorPost,
  type VendorWorld,
} from '../../testing/factories/games.ts';

const PARALLEL = 50;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL, in parallel', () => {
  let world: VendorWorld;

  beforeAll(async () => {
    world = await openVendorWorld();
  });

  afterAll(async () => {
    await closeVendorWorld(world);
  });

  it('lets exactly one of 50 debits of the whole balance through', async () => {
    const player = await newPlayer(world, { balanceMinor: 5_000n });
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        vendorPost(world, '/vendor/v1/debit', debitBody(player, '5000')),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(PARALLEL - 1);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json<{ code: string }>().code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(0n);
    await expectInvariants(world.db);
  });

  it('answers parallel copies of one request alike and moves the money once', async () => {
    const player = await newPlayer(world, { balanceMinor: 5_000n });
    const transfers = await ledgerTransferCount(world.db);
    const bet = debitBody(player, '700');
    const copies = await Promise.all(
      Array.from({ length: 20 }, () => vendorPost(world, '/vendor/v1/debit', bet)),
    );
    expect(new Set(copies.map((copy) => copy.statusCode))).toEqual(new Set([200]));
    expect(new Set(copies.map((copy) => copy.body)).size).toBe(1);
    // The same transaction under many keys: one effect, one value.
    const retries = await Promise.all(
      Array.from({ length: 20 }, () =>
        vendorPost(world, '/vendor/v1/debit', { ...bet, idempotencyKey: freshId('key') }),
      ),
    );
    const values = retries.map((retry) => retry.json<Envelope<VendorTransactionResult>>().value);
    expect(new Set(values.map((value) => JSON.stringify(value))).size).toBe(1);
    expect(await ledgerTransferCount(world.db)).toBe(transfers + 1);
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(4_300n);
    await expectInvariants(world.db);
  });

  it('leaves the player whole when a rollback races its own debit', async () => {
    const player = await newPlayer(world, { balanceMinor: 10_000n });
    for (let race = 0; race < 10; race += 1) {
      const bet = debitBody(player, '1000');
      const cancel = rollbackBody(player, bet.roundId, bet.transactionId);
      const [debited, rolledBack] = await Promise.all([
        vendorPost(world, '/vendor/v1/debit', bet),
        vendorPost(world, '/vendor/v1/rollback', cancel),
      ]);
      // Either the debit came first and was rolled back, or the rollback voided it.
      const outcome = [debited.statusCode, rolledBack.statusCode].join('/');
      expect(['200/200', '409/404']).toContain(outcome);
      expect(await balanceOf(world.db, player.mainAccountId)).toBe(10_000n);
    }
    await expectInvariants(world.db);
  });
});
