// The jackpot pool as players and vendors see it: a share of every real-money house bet feeds
// the pool, the pool shows on GET /wps/game/jackpot, a jackpot win pays the whole pool once
// (a replay pays nothing more), play money neither feeds nor wins it, and a third-party vendor
// can neither feed nor claim it. The ledger's invariants hold after every test.
import { HOUSE_VENDOR_CODE, JackpotSchema } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { HOUSE_SHARDS, sumHouseAccount } from '../ledger/index.ts';
import {
  balanceOf,
  creditBody,
  debitBody,
  expectRefusal,
  houseSigner,
  newPlayer,
  useVendorWorld,
  resultOf,
  valueOf,
  vendorPost,
} from '../../testing/factories/games.ts';

const world = useVendorWorld({ JACKPOT_SHARE_BPS: '150' });

const house = () => houseSigner(world);
// Over every shard: each member's bets feed the shards of its own number.
const houseAccount = (kind: 'jackpot' | 'game') =>
  sumHouseAccount(
    world.db,
    world.merchants.lanna,
    kind === 'game' ? { kind, vendorCode: HOUSE_VENDOR_CODE } : { kind },
  );

const houseBet = async (amountMinor: string, options: { type?: 0 | 4 } = {}) => {
  const player = await newPlayer(world, {
    balanceMinor: 1_000_000n,
    vendorCode: HOUSE_VENDOR_CODE,
    ...options,
  });
  const bet = debitBody(player, amountMinor, { gameCode: 'lanna-slot' });
  resultOf(await vendorPost(world, '/vendor/v1/debit', bet, house()));
  return { player, bet };
};

describe('the jackpot pool', () => {
  it('takes its share of a real-money house bet, and the home counter shows the pool', async () => {
    const poolBefore = await houseAccount('jackpot');
    const gameBefore = await houseAccount('game');
    const { player } = await houseBet('10000');
    // 1.5% of 100.00 to the pool, the rest to the house game account; the player pays the stake.
    expect(await houseAccount('jackpot')).toBe(poolBefore + 150n);
    expect(await houseAccount('game')).toBe(gameBefore + 9_850n);
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(990_000n);

    const response = await world.app.inject({ method: 'GET', url: '/wps/game/jackpot' });
    const jackpot = valueOf(response, JackpotSchema);
    expect(jackpot).toMatchObject({ amountMinor: String(poolBefore + 150n), currency: 'THB' });
  });

  it('rounds the share down: a stake too small for a whole minor unit feeds nothing', async () => {
    const poolBefore = await houseAccount('jackpot');
    await houseBet('66');
    expect(await houseAccount('jackpot')).toBe(poolBefore);
  });

  it('pays the whole pool with the win, once, and a replay answers the same', async () => {
    const { player, bet } = await houseBet('20000');
    const pool = await houseAccount('jackpot');
    expect(pool).toBeGreaterThan(0n);
    const win = { ...creditBody(player, bet.roundId, '5000'), jackpot: true };
    const first = await vendorPost(world, '/vendor/v1/credit', win, house());
    const paid = resultOf(first);
    const expected = 1_000_000n - 20_000n + 5_000n + pool;
    expect(paid).toMatchObject({ balanceMinor: String(expected), roundStatus: 'settled' });
    expect(await houseAccount('jackpot')).toBe(0n);

    const replay = await vendorPost(world, '/vendor/v1/credit', win, house());
    expect(replay.body).toBe(first.body);
    const again = await vendorPost(
      world,
      '/vendor/v1/credit',
      { ...win, idempotencyKey: `${win.idempotencyKey}-retry` },
      house(),
    );
    expect(resultOf(again).balanceMinor).toBe(String(expected));
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(expected);
    const round = await world.db.one<{ credit_minor: string }>(
      'SELECT credit_minor::text FROM vendor_rounds WHERE round_id = $1',
      [bet.roundId],
    );
    expect(round.credit_minor).toBe(String(5_000n + pool));
  });

  it('pays the pool from every shard, whichever members fed it', async () => {
    for (let bet = 0; bet < HOUSE_SHARDS + 2; bet += 1) await houseBet('10000');
    const shards = await world.db.query<{ shard: number }>(
      `SELECT shard FROM ledger_accounts
       WHERE merchant_id = $1 AND kind = 'jackpot' AND balance_minor > 0`,
      [world.merchants.lanna],
    );
    expect(shards.length).toBeGreaterThan(1);
    const pool = await houseAccount('jackpot');
    const { player, bet } = await houseBet('10000');
    const poolNow = await houseAccount('jackpot');
    const win = { ...creditBody(player, bet.roundId, '0'), jackpot: true };
    expect(resultOf(await vendorPost(world, '/vendor/v1/credit', win, house())).balanceMinor).toBe(
      String(1_000_000n - 10_000n + poolNow),
    );
    expect(poolNow).toBeGreaterThan(pool);
    expect(await houseAccount('jackpot')).toBe(0n);
  });

  it('is neither fed nor won with play money', async () => {
    const poolBefore = await houseAccount('jackpot');
    const { player, bet } = await houseBet('10000', { type: 4 });
    expect(await houseAccount('jackpot')).toBe(poolBefore);
    const win = { ...creditBody(player, bet.roundId, '0'), jackpot: true };
    resultOf(await vendorPost(world, '/vendor/v1/credit', win, house()));
    expect(await houseAccount('jackpot')).toBe(poolBefore);
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(990_000n);
  });

  it('is not offered to third-party vendors: their bets feed nothing and a claim is refused', async () => {
    const player = await newPlayer(world, { balanceMinor: 50_000n });
    const poolBefore = await houseAccount('jackpot');
    const bet = debitBody(player, '10000');
    resultOf(await vendorPost(world, '/vendor/v1/debit', bet));
    expect(await houseAccount('jackpot')).toBe(poolBefore);
    const claim = { ...creditBody(player, bet.roundId, '100'), jackpot: true };
    expectRefusal(
      await vendorPost(world, '/vendor/v1/credit', claim),
      403,
      'VENDOR_JACKPOT_NOT_OFFERED',
    );
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(40_000n);
    expect(await houseAccount('jackpot')).toBe(poolBefore);
  });
});
