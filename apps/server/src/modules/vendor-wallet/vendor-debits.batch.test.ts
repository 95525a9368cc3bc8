// Proves that debits decided together (group commit, vendor-wallet.service.ts) are each answered
// as if alone: a burst of bets from many players where some are refused (beyond the balance,
// another player's token, another currency, a frozen member) leaves every other bet standing; bets of
// one round arriving at once all land in that round; one transaction sent under many keys at
// once, and copies of one request, move the money once and answer alike.
import type { Envelope, VendorTransactionResult } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY } from '../../testing/index.ts';
import {
  balanceOf,
  debitBody,
  expectRefusal,
  freshId,
  ledgerTransferCount,
  newPlayer,
  useVendorWorld,
  resultOf,
  vendorPost,
} from '../../testing/factories/games.ts';

const world = useVendorWorld();

const debit = (body: object) => vendorPost(world, '/vendor/v1/debit', body);

const freeze = async (username: string) => {
  const response = await world.app.inject({
    method: 'PUT',
    url: `/ops/merchants/lanna/members/${username}/freeze`,
    headers: { authorization: `Bearer ${TEST_OPERATOR_KEY}` },
    payload: { frozen: true, reason: 'batch test' },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('debits sent at once', () => {
  it('answers each on its own: the refusals are refused, every other bet lands', async () => {
    const players = await Promise.all(
      Array.from({ length: 12 }, () => newPlayer(world, { balanceMinor: 1_000n })),
    );
    const [poor, stranger, foreign, frozen, ...paying] = players;
    if (!poor || !stranger || !foreign || !frozen) throw new Error('players missing');
    await freeze(frozen.username);
    const responses = await Promise.all([
      debit(debitBody(poor, '1001')),
      debit({ ...debitBody(stranger, '100'), token: foreign.token }),
      debit({ ...debitBody(foreign, '100'), currency: 'USD' }),
      debit(debitBody(frozen, '100')),
      ...paying.map((player, index) => debit(debitBody(player, String(100 + index)))),
    ]);
    const [tooMuch, strangerToken, otherCurrency, frozenBet, ...bets] = responses;
    expectRefusal(tooMuch, 409, 'INSUFFICIENT_BALANCE');
    expectRefusal(strangerToken, 401, 'VENDOR_SESSION_INVALID');
    expectRefusal(otherCurrency, 400, 'VENDOR_CURRENCY_MISMATCH');
    expectRefusal(frozenBet, 403, 'ACCOUNT_FROZEN');
    for (const [index, response] of bets.entries()) {
      expect(resultOf(response).balanceMinor).toBe(String(1_000 - (100 + index)));
    }
    for (const player of [poor, stranger, foreign, frozen])
      expect(await balanceOf(world.db, player.mainAccountId)).toBe(1_000n);
  });

  it('lands every bet of one round sent at once in that round', async () => {
    const player = await newPlayer(world, { balanceMinor: 10_000n });
    const roundId = freshId('round');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => debit(debitBody(player, '250', { roundId }))),
    );
    const balances = responses.map((response) => BigInt(resultOf(response).balanceMinor));
    expect(balances.sort((a, b) => (a < b ? -1 : 1))).toEqual([
      8_500n,
      8_750n,
      9_000n,
      9_250n,
      9_500n,
      9_750n,
    ]);
    const round = await world.db.one<{ debit_minor: string; status: string }>(
      `SELECT debit_minor::text, status FROM vendor_rounds WHERE round_id = $1`,
      [roundId],
    );
    expect(round).toEqual({ debit_minor: '1500', status: 'open' });
  });

  it('moves one transaction once, sent under many keys and copied, and answers alike', async () => {
    const player = await newPlayer(world, { balanceMinor: 5_000n });
    const transfers = await ledgerTransferCount(world.db);
    const bet = debitBody(player, '700');
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => debit(bet)),
      ...Array.from({ length: 5 }, () => debit({ ...bet, idempotencyKey: freshId('key') })),
    ]);
    const values = responses.map(
      (response) => response.json<Envelope<VendorTransactionResult>>().value,
    );
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([200]));
    expect(new Set(values.map((value) => JSON.stringify(value))).size).toBe(1);
    expect(await ledgerTransferCount(world.db)).toBe(transfers + 1);
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(4_300n);
  });

  it('refuses another request under a key taken in the same burst, and moves nothing for it', async () => {
    const player = await newPlayer(world, { balanceMinor: 5_000n });
    const bet = debitBody(player, '300');
    const other = { ...bet, amountMinor: '301', transactionId: freshId('bet') };
    const responses = await Promise.all([debit(bet), debit(other)]);
    const accepted = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(accepted).toHaveLength(1);
    for (const response of refused) expectRefusal(response, 422, 'IDEMPOTENCY_KEY_REUSED');
    const balance = BigInt(resultOf(accepted[0] as (typeof responses)[number]).balanceMinor);
    expect([4_700n, 4_699n]).toContain(balance);
    expect(await balanceOf(world.db, player.mainAccountId)).toBe(balance);
  });
});
