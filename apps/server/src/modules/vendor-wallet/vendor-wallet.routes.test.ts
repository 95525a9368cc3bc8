// Proves the vendor wallet API's money rules as a game provider and an attacker would see them:
// bets, wins and rollbacks move exactly their amounts between the player and the house game
// account; a request replayed under its idempotency key answers the identical response and a
// transaction id is applied once, whatever the retries; a rollback may come before its debit
// and then voids it; wins and rollbacks land in maintenance, for frozen accounts and after
// the token expired, while debits are refused; trial members play with play money; and every
// round is recorded. The ledger's invariants hold after every test.
import { VendorBalanceSchema } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { TEST_OPERATOR_KEY } from '../../testing/index.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  setAccountFrozen,
  sumHouseAccount,
} from '../ledger/index.ts';
import { issueVendorSession } from './vendor-session.service.ts';
import {
  balanceOf,
  creditBody,
  debitBody,
  expectRefusal,
  freshId,
  houseSigner,
  ledgerTransferCount,
  newPlayer,
  useVendorWorld,
  resultOf,
  rollbackBody,
  TEST_VENDOR,
  valueOf,
  vendorPost,
  type Player,
} from '../../testing/factories/games.ts';

const world = useVendorWorld();

const debit = (body: object, signer = {}) => vendorPost(world, '/vendor/v1/debit', body, signer);
const credit = (body: object, signer = {}) => vendorPost(world, '/vendor/v1/credit', body, signer);
const rollback = (body: object, signer = {}) =>
  vendorPost(world, '/vendor/v1/rollback', body, signer);

const mainBalance = (player: Player) => balanceOf(world.db, player.mainAccountId);

// Over every shard: bets of different members land on different rows of the account.
const houseGameBalance = (vendorCode = TEST_VENDOR, merchantId = world.merchants.lanna) =>
  sumHouseAccount(world.db, merchantId, { kind: 'game', vendorCode });

const roundOf = (roundId: string, vendorCode = TEST_VENDOR) =>
  world.db.one<{
    member_id: string;
    status: string;
    debit_minor: string;
    credit_minor: string;
    rollback_minor: string;
    play_money: boolean;
    wallet: string;
    game_code: string;
  }>(
    `SELECT member_id::text, status, debit_minor::text, credit_minor::text,
       rollback_minor::text, play_money, wallet, game_code
     FROM vendor_rounds WHERE vendor_code = $1 AND round_id = $2`,
    [vendorCode, roundId],
  );

const setMaintenance = async (enabled: boolean) => {
  const response = await world.app.inject({
    method: 'PUT',
    url: '/ops/merchants/lanna/access',
    headers: { authorization: `Bearer ${TEST_OPERATOR_KEY}` },
    payload: {
      maintenance: { enabled, startsAt: null, endsAt: null },
      regionRestriction: { enabled: false, countries: [], cidrs: [] },
      reason: 'vendor wallet test',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('a round', () => {
  it('takes the bet from the player, pays the win, and records the round', async () => {
    const player = await newPlayer(world, { balanceMinor: 10_000n });
    const houseBefore = await houseGameBalance();
    const bet = debitBody(player, '2500', { gameCode: 'fortune-tiger' });
    const debited = resultOf(await debit(bet));
    expect(debited).toMatchObject({
      transactionId: bet.transactionId,
      playerId: player.playerId,
      currency: 'THB',
      balanceMinor: '7500',
      roundStatus: 'open',
    });
    expect(debited.walletTransactionId).toMatch(/^[0-9]+$/);
    const won = resultOf(await credit(creditBody(player, bet.roundId, '6000')));
    expect(won).toMatchObject({ balanceMinor: '13500', roundStatus: 'settled' });
    expect(await mainBalance(player)).toBe(13_500n);
    expect(await houseGameBalance()).toBe(houseBefore + 2500n - 6000n);
    expect(await roundOf(bet.roundId)).toMatchObject({
      member_id: player.playerId,
      status: 'settled',
      debit_minor: '2500',
      credit_minor: '6000',
      rollback_minor: '0',
      play_money: false,
      wallet: 'main',
      game_code: 'fortune-tiger',
    });
  });

  it('takes several bets and wins in one round until a win closes it', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const first = debitBody(player, '100');
    const { roundId } = first;
    expect((await debit(first)).statusCode).toBe(200);
    expect((await debit(debitBody(player, '200', { roundId }))).statusCode).toBe(200);
    const partial = resultOf(
      await credit(creditBody(player, roundId, '50', { roundClosed: false })),
    );
    expect(partial).toMatchObject({ balanceMinor: '750', roundStatus: 'open' });
    expect((await debit(debitBody(player, '300', { roundId }))).statusCode).toBe(200);
    // A win of 0 ends the round without moving money.
    const transfers = await ledgerTransferCount(world.db);
    const lost = resultOf(await credit(creditBody(player, roundId, '0')));
    expect(lost).toMatchObject({
      balanceMinor: '450',
      roundStatus: 'settled',
      walletTransactionId: null,
    });
    expect(await ledgerTransferCount(world.db)).toBe(transfers);
    expect(await roundOf(roundId)).toMatchObject({
      status: 'settled',
      debit_minor: '600',
      credit_minor: '50',
    });
    const late = await debit(debitBody(player, '1', { roundId }));
    expectRefusal(late, 409, 'VENDOR_ROUND_CLOSED');
    expectRefusal(await credit(creditBody(player, roundId, '10')), 409, 'VENDOR_ROUND_CLOSED');
  });

  it('refuses a credit for a round never opened, or opened by another player', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const other = await newPlayer(world, { balanceMinor: 1_000n });
    const transfers = await ledgerTransferCount(world.db);
    expectRefusal(
      await credit(creditBody(player, freshId('never'), '100')),
      404,
      'VENDOR_ROUND_NOT_FOUND',
    );
    const bet = debitBody(other, '100');
    expect((await debit(bet)).statusCode).toBe(200);
    expectRefusal(
      await credit(creditBody(player, bet.roundId, '100')),
      404,
      'VENDOR_ROUND_NOT_FOUND',
    );
    // Another player's round id in a debit is a conflict, not a way into that round.
    expectRefusal(
      await debit(debitBody(player, '10', { roundId: bet.roundId })),
      409,
      'VENDOR_ROUND_CONFLICT',
    );
    expect(await ledgerTransferCount(world.db)).toBe(transfers + 1);
    expect(await mainBalance(player)).toBe(1_000n);
  });

  it('refuses a bet beyond the balance cleanly, and the player can still bet what it has', async () => {
    const player = await newPlayer(world, { balanceMinor: 500n });
    const transfers = await ledgerTransferCount(world.db);
    const tooMuch = debitBody(player, '501');
    expectRefusal(await debit(tooMuch), 409, 'INSUFFICIENT_BALANCE');
    expect(await ledgerTransferCount(world.db)).toBe(transfers);
    expect(await mainBalance(player)).toBe(500n);
    // The refused bet opened no round.
    const rounds = await world.db.query('SELECT 1 FROM vendor_rounds WHERE round_id = $1', [
      tooMuch.roundId,
    ]);
    expect(rounds).toEqual([]);
    expect(resultOf(await debit(debitBody(player, '500'))).balanceMinor).toBe('0');
  });
});

describe('idempotency', () => {
  it('answers a replayed request with the identical response and moves money once', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '300');
    const first = await debit(bet);
    const transfers = await ledgerTransferCount(world.db);
    const again = await debit(bet);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await ledgerTransferCount(world.db)).toBe(transfers);
    expect(await mainBalance(player)).toBe(700n);
  });

  it('answers the same bytes sent again and again alike, and only to a caller that signs them', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '300');
    const cancelled = debitBody(player, '200');
    const win = creditBody(player, bet.roundId, '50', { roundClosed: false });
    const cancel = rollbackBody(player, cancelled.roundId, cancelled.transactionId);
    const calls = [
      () => debit(bet),
      () => credit(win),
      () => debit(cancelled),
      () => rollback(cancel),
    ];
    for (const call of calls) {
      const first = await call();
      expect(first.statusCode, first.body).toBe(200);
      for (let repeat = 0; repeat < 3; repeat += 1) {
        const again = await call();
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
      }
    }
    expect(await mainBalance(player)).toBe(750n);
    // The same bytes are a call of their own for another merchant's vendor, and nothing
    // without the signature.
    const elsewhere = await debit(bet, { merchantCode: 'siam', secret: world.secrets.siam });
    expect(elsewhere.statusCode).not.toBe(200);
    expectRefusal(
      await debit(bet, { secret: world.secrets.siam }),
      401,
      'VENDOR_SIGNATURE_INVALID',
    );
    expect(await mainBalance(player)).toBe(750n);
  });

  it('refuses the same idempotency key with another body', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '300');
    expect((await debit(bet)).statusCode).toBe(200);
    const changed = await debit({ ...bet, amountMinor: '301' });
    expectRefusal(changed, 422, 'IDEMPOTENCY_KEY_REUSED');
    // The key belongs to the debit: a credit under it is refused too.
    const asCredit = await credit({
      ...creditBody(player, bet.roundId, '5'),
      idempotencyKey: bet.idempotencyKey,
    });
    expectRefusal(asCredit, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await mainBalance(player)).toBe(700n);
  });

  it('applies a transaction id once: the same movement under a new key answers the first result', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '300');
    const first = resultOf(await debit(bet));
    const retried = resultOf(await debit({ ...bet, idempotencyKey: freshId('key') }));
    expect(retried).toEqual(first);
    expect(await mainBalance(player)).toBe(700n);
    const reused = await debit({ ...bet, idempotencyKey: freshId('key'), amountMinor: '100' });
    expectRefusal(reused, 422, 'VENDOR_TRANSACTION_REUSED');
    const asCredit = await credit(
      creditBody(player, bet.roundId, '100', { transactionId: bet.transactionId }),
    );
    expectRefusal(asCredit, 422, 'VENDOR_TRANSACTION_REUSED');
    expect(await mainBalance(player)).toBe(700n);
  });

  it('pays a win once, however often it is sent', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '100');
    expect((await debit(bet)).statusCode).toBe(200);
    const win = creditBody(player, bet.roundId, '900');
    const first = resultOf(await credit(win));
    for (let retry = 0; retry < 3; retry += 1) {
      const again = resultOf(await credit({ ...win, idempotencyKey: freshId('key') }));
      expect(again).toEqual(first);
    }
    expect(await mainBalance(player)).toBe(1_800n);
  });

  it('keeps a refusal: a retry under the same key is refused the same way after the balance grew', async () => {
    const player = await newPlayer(world, { balanceMinor: 100n });
    const bet = debitBody(player, '150');
    const refused = await debit(bet);
    expectRefusal(refused, 409, 'INSUFFICIENT_BALANCE');
    const win = debitBody(player, '50');
    expect((await debit(win)).statusCode).toBe(200);
    expect(resultOf(await credit(creditBody(player, win.roundId, '500'))).balanceMinor).toBe('550');
    const retried = await debit(bet);
    expect(retried.statusCode).toBe(409);
    expect(retried.body).toBe(refused.body);
    // A new request for the same bet is a new decision.
    expect((await debit({ ...bet, idempotencyKey: freshId('key') })).statusCode).toBe(200);
    expect(await mainBalance(player)).toBe(400n);
  });
});

describe('rollbacks', () => {
  it('gives the stake back once, cancels a round with nothing else in it, and answers retries with the first result', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '400');
    expect((await debit(bet)).statusCode).toBe(200);
    const cancel = rollbackBody(player, bet.roundId, bet.transactionId);
    const first = resultOf(await rollback(cancel));
    expect(first).toMatchObject({ balanceMinor: '1000', roundStatus: 'cancelled' });
    const byNewKey = resultOf(await rollback({ ...cancel, idempotencyKey: freshId('key') }));
    expect(byNewKey).toEqual(first);
    // Another rollback id for the same debit: the first answer, not a second refund.
    const second = resultOf(await rollback(rollbackBody(player, bet.roundId, bet.transactionId)));
    expect(second).toEqual(first);
    expect(await mainBalance(player)).toBe(1_000n);
    expect(await roundOf(bet.roundId)).toMatchObject({
      status: 'cancelled',
      debit_minor: '400',
      rollback_minor: '400',
    });
    expectRefusal(await credit(creditBody(player, bet.roundId, '1')), 409, 'VENDOR_ROUND_CLOSED');
  });

  it('cancels one bet of a round and leaves the round open for the others', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const first = debitBody(player, '100');
    const second = debitBody(player, '200', { roundId: first.roundId });
    expect((await debit(first)).statusCode).toBe(200);
    expect((await debit(second)).statusCode).toBe(200);
    const cancelled = resultOf(
      await rollback(rollbackBody(player, first.roundId, second.transactionId)),
    );
    expect(cancelled).toMatchObject({ balanceMinor: '900', roundStatus: 'open' });
    expect(resultOf(await credit(creditBody(player, first.roundId, '0'))).roundStatus).toBe(
      'settled',
    );
  });

  it('remembers a rollback that came before its debit, and refuses the late debit', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '400');
    const transfers = await ledgerTransferCount(world.db);
    const early = rollbackBody(player, bet.roundId, bet.transactionId);
    const unknown = await rollback(early);
    expectRefusal(unknown, 404, 'VENDOR_TRANSACTION_NOT_FOUND');
    expect((await rollback(early)).body).toBe(unknown.body);
    expectRefusal(
      await rollback({ ...early, idempotencyKey: freshId('key') }),
      404,
      'VENDOR_TRANSACTION_NOT_FOUND',
    );
    expectRefusal(await debit(bet), 409, 'VENDOR_TRANSACTION_CANCELLED');
    expectRefusal(
      await debit({ ...bet, idempotencyKey: freshId('key') }),
      409,
      'VENDOR_TRANSACTION_CANCELLED',
    );
    expect(await ledgerTransferCount(world.db)).toBe(transfers);
    expect(await mainBalance(player)).toBe(1_000n);
  });

  it('refuses a rollback of a debit that is not this player’s, or after the round settled', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const other = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(other, '100');
    expect((await debit(bet)).statusCode).toBe(200);
    expectRefusal(
      await rollback(rollbackBody(player, bet.roundId, bet.transactionId)),
      404,
      'VENDOR_TRANSACTION_NOT_FOUND',
    );
    expect((await credit(creditBody(other, bet.roundId, '0'))).statusCode).toBe(200);
    expectRefusal(
      await rollback(rollbackBody(other, bet.roundId, bet.transactionId)),
      409,
      'VENDOR_ROUND_CLOSED',
    );
    expect(await mainBalance(other)).toBe(900n);
    expect(await mainBalance(player)).toBe(1_000n);
  });
});

describe('the player token', () => {
  it('is needed live for balance and debit, never for credit and rollback', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '100');
    const other = debitBody(player, '100', { roundId: bet.roundId });
    expect((await debit(bet)).statusCode).toBe(200);
    expect((await debit(other)).statusCode).toBe(200);
    world.clock.set('2026-03-01T13:00:01.000Z');
    expectRefusal(
      await debit(debitBody(player, '100', { roundId: bet.roundId })),
      401,
      'VENDOR_SESSION_INVALID',
    );
    const balance = await vendorPost(world, '/vendor/v1/balance', {
      playerId: player.playerId,
      token: player.token,
      currency: 'THB',
    });
    expectRefusal(balance, 401, 'VENDOR_SESSION_INVALID');
    expect(
      resultOf(await rollback(rollbackBody(player, bet.roundId, other.transactionId))).balanceMinor,
    ).toBe('900');
    expect(resultOf(await credit(creditBody(player, bet.roundId, '300'))).balanceMinor).toBe(
      '1200',
    );
  });

  it('is read from the database once per node: the row never changes', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const balance = () =>
      vendorPost(world, '/vendor/v1/balance', {
        playerId: player.playerId,
        token: player.token,
        currency: 'THB',
      });
    expect((await balance()).statusCode).toBe(200);
    // Gone from the database, yet this node answers from what it read.
    await world.db.query('DELETE FROM vendor_sessions WHERE member_id = $1', [player.memberId]);
    expect((await balance()).statusCode).toBe(200);
    expect((await debit(debitBody(player, '10'))).statusCode).toBe(200);
  });

  it('names one player of one merchant at one vendor', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const other = await newPlayer(world, { balanceMinor: 1_000n });
    const siamPlayer = await newPlayer(world, { merchant: 'siam', balanceMinor: 1_000n });
    const transfers = await ledgerTransferCount(world.db);
    // Another player's token with this player's id.
    expectRefusal(
      await debit({ ...debitBody(player, '10'), token: other.token }),
      401,
      'VENDOR_SESSION_INVALID',
    );
    // Another merchant's member, through this merchant's credential.
    expectRefusal(await debit(debitBody(siamPlayer, '10')), 401, 'VENDOR_SESSION_INVALID');
    // This player's token for the test vendor, used by the house vendor.
    expectRefusal(
      await debit(debitBody(player, '10'), houseSigner(world)),
      401,
      'VENDOR_SESSION_INVALID',
    );
    // An unknown token.
    expectRefusal(
      await debit({ ...debitBody(player, '10'), token: 'A'.repeat(43) }),
      401,
      'VENDOR_SESSION_INVALID',
    );
    expect(await ledgerTransferCount(world.db)).toBe(transfers);
    // The siam member's token works at siam, with siam's credential.
    const atSiam = await vendorPost(
      world,
      '/vendor/v1/balance',
      { playerId: siamPlayer.playerId, token: siamPlayer.token, currency: 'THB' },
      { merchantCode: 'siam', secret: world.secrets.siam },
    );
    expect(atSiam.statusCode, atSiam.body).toBe(200);
  });

  it('is refused to house accounts and disabled members at launch, and a disabled member cannot bet', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const house = await world.db.one<{ id: string }>(
      "SELECT id::text FROM members WHERE merchant_id = $1 AND username = 'demo_house'",
      [world.merchants.lanna],
    );
    const launch = (memberId: number) =>
      issueVendorSession(world.db, {
        merchantId: world.merchants.lanna,
        memberId,
        vendorCode: TEST_VENDOR,
        expiresAt: new Date(world.clock().getTime() + 60_000),
        now: world.clock(),
      });
    await expect(launch(Number(house.id))).rejects.toMatchObject({ code: 'NON_MEMBER_ACCOUNT' });
    await world.db.query("UPDATE members SET status = 'disabled' WHERE id = $1", [player.memberId]);
    await expect(launch(player.memberId)).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expectRefusal(await debit(debitBody(player, '10')), 403, 'ACCOUNT_DISABLED');
    expect(await mainBalance(player)).toBe(1_000n);
  });
});

describe('maintenance and frozen accounts', () => {
  it('refuses bets in maintenance, yet pays wins and rollbacks of rounds already open', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '100');
    const other = debitBody(player, '100', { roundId: bet.roundId });
    expect((await debit(bet)).statusCode).toBe(200);
    expect((await debit(other)).statusCode).toBe(200);
    await setMaintenance(true);
    try {
      expectRefusal(await debit(debitBody(player, '100')), 503, 'MAINTENANCE');
      expectRefusal(
        await debit(debitBody(player, '100', { roundId: bet.roundId })),
        503,
        'MAINTENANCE',
      );
      // A replay of a bet taken before maintenance answers what it answered then.
      expect((await debit({ ...bet, idempotencyKey: freshId('key') })).statusCode).toBe(200);
      expect(
        resultOf(await rollback(rollbackBody(player, bet.roundId, other.transactionId)))
          .balanceMinor,
      ).toBe('900');
      expect(resultOf(await credit(creditBody(player, bet.roundId, '500'))).balanceMinor).toBe(
        '1400',
      );
    } finally {
      await setMaintenance(false);
    }
    expect((await debit(debitBody(player, '100'))).statusCode).toBe(200);
  });

  it('refuses bets from a frozen wallet, yet pays its wins and rollbacks', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '100');
    const other = debitBody(player, '100', { roundId: bet.roundId });
    expect((await debit(bet)).statusCode).toBe(200);
    expect((await debit(other)).statusCode).toBe(200);
    await setAccountFrozen(world.db, player.mainAccountId, true);
    expectRefusal(
      await debit(debitBody(player, '100', { roundId: bet.roundId })),
      403,
      'ACCOUNT_FROZEN',
    );
    expect(
      (await rollback(rollbackBody(player, bet.roundId, other.transactionId))).statusCode,
    ).toBe(200);
    expect((await credit(creditBody(player, bet.roundId, '250'))).statusCode).toBe(200);
    expect(await mainBalance(player)).toBe(1_150n);
    await setAccountFrozen(world.db, player.mainAccountId, false);
  });

  it('refuses bets of a member an operator froze, yet pays its wins', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n });
    const bet = debitBody(player, '100');
    expect((await debit(bet)).statusCode).toBe(200);
    const freeze = (frozen: boolean) =>
      world.app.inject({
        method: 'PUT',
        url: `/ops/merchants/lanna/members/${player.username}/freeze`,
        headers: { authorization: `Bearer ${TEST_OPERATOR_KEY}` },
        payload: { frozen, reason: 'vendor wallet test' },
      });
    expect((await freeze(true)).statusCode).toBe(200);
    expectRefusal(await debit(debitBody(player, '100')), 403, 'ACCOUNT_FROZEN');
    expect(resultOf(await credit(creditBody(player, bet.roundId, '300'))).balanceMinor).toBe(
      '1200',
    );
    expect((await freeze(false)).statusCode).toBe(200);
  });
});

describe('trial members', () => {
  it('play with play money: bets and wins move between the main wallet and the house trial account', async () => {
    const trial = await newPlayer(world, { type: 4, balanceMinor: 2_000n });
    const trialHouse = () => sumHouseAccount(world.db, world.merchants.lanna, { kind: 'trial' });
    const trialBefore = await trialHouse();
    const gameBefore = await houseGameBalance();
    const bet = debitBody(trial, '500');
    expect(resultOf(await debit(bet)).balanceMinor).toBe('1500');
    expect(resultOf(await credit(creditBody(trial, bet.roundId, '1200'))).balanceMinor).toBe(
      '2700',
    );
    expect(await trialHouse()).toBe(trialBefore + 500n - 1200n);
    expect(await houseGameBalance()).toBe(gameBefore);
    expect(await roundOf(bet.roundId)).toMatchObject({ play_money: true, status: 'settled' });
  });
});

describe('the balance call', () => {
  it('reads the main wallet, without opening an account for a player who never had money', async () => {
    const player = await newPlayer(world, { balanceMinor: 4_321n });
    const read = (who: Player) =>
      vendorPost(world, '/vendor/v1/balance', {
        playerId: who.playerId,
        token: who.token,
        currency: 'THB',
      });
    expect(valueOf(await read(player), VendorBalanceSchema)).toEqual({
      playerId: player.playerId,
      currency: 'THB',
      balanceMinor: '4321',
    });
    expectRefusal(
      await vendorPost(world, '/vendor/v1/balance', {
        playerId: player.playerId,
        token: player.token,
        currency: 'USD',
      }),
      400,
      'VENDOR_CURRENCY_MISMATCH',
    );
  });
});

describe('the house vendor', () => {
  it('signs with HOUSE_VENDOR_SECRET and plays against the house game account of HOUSE', async () => {
    const player = await newPlayer(world, { balanceMinor: 1_000n, vendorCode: 'HOUSE' });
    const before = await houseGameBalance('HOUSE');
    const bet = debitBody(player, '250');
    expect(resultOf(await debit(bet, houseSigner(world))).balanceMinor).toBe('750');
    // The default 1% of the stake feeds the jackpot pool (jackpot-pool.routes.test.ts).
    expect(await houseGameBalance('HOUSE')).toBe(before + 248n);
    expect((await roundOf(bet.roundId, 'HOUSE')).status).toBe('open');
  });
});

describe('a transfer-wallet merchant', () => {
  it('plays from the vendor wallet, and a round keeps its wallet when the mode changes', async () => {
    const setSingle = (isSingle: boolean) =>
      world.db.query(
        `INSERT INTO merchant_wallet_settings (merchant_id, is_single) VALUES ($1, $2)
         ON CONFLICT (merchant_id) DO UPDATE SET is_single = $2`,
        [world.merchants.siam, isSingle],
      );
    const player = await newPlayer(world, { merchant: 'siam', balanceMinor: 1_000n });
    const siam = { merchantCode: 'siam', secret: world.secrets.siam };
    const seeded = await world.db.maybeOne<{ is_single: boolean }>(
      'SELECT is_single FROM merchant_wallet_settings WHERE merchant_id = $1',
      [world.merchants.siam],
    );
    await setSingle(false);
    try {
      const vendorWallet = await getOrCreateMemberAccount(
        world.db,
        world.merchants.siam,
        player.memberId,
        { kind: 'vendor', vendorCode: TEST_VENDOR },
      );
      const read = () =>
        vendorPost(
          world,
          '/vendor/v1/balance',
          { playerId: player.playerId, token: player.token, currency: 'THB' },
          siam,
        );
      expect(valueOf(await read(), VendorBalanceSchema).balanceMinor).toBe('0');
      expectRefusal(await debit(debitBody(player, '100'), siam), 409, 'INSUFFICIENT_BALANCE');
      const houseAdjustment = await getOrCreateHouseAccount(world.db, world.merchants.siam, {
        kind: 'adjustment',
      });
      await postTransfer(world.db, {
        merchantId: world.merchants.siam,
        type: 'adjustment',
        idempotencyKey: freshId('fund-vendor-wallet'),
        entries: moveEntries(houseAdjustment.id, vendorWallet.id, 300n),
      });
      const bet = debitBody(player, '100');
      expect(resultOf(await debit(bet, siam)).balanceMinor).toBe('200');
      await setSingle(true);
      expect(
        resultOf(await credit(creditBody(player, bet.roundId, '400'), siam)).balanceMinor,
      ).toBe('600');
      expect(await balanceOf(world.db, vendorWallet.id)).toBe(600n);
      expect(await mainBalance(player)).toBe(1_000n);
      expect((await roundOf(bet.roundId)).wallet).toBe('vendor');
    } finally {
      await setSingle(seeded?.is_single ?? true);
    }
  });
});
