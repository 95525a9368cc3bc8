// The betting record and personal profit and loss as a member reads them: its own real-money
// rounds at every vendor (the house vendor included), placed in the category of their game,
// filtered by category, vendor and days in the merchant's zone (GMT+7), with totals that add
// up; bad filters, guests, trial members and other members' rounds refused or never shown.
import {
  BettingRecordPageSchema,
  HOUSE_VENDOR_CODE,
  ProfitLossSchema,
  type BettingRecordPage,
  type ProfitLoss,
} from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededGameCode } from '../../testing/factories/games.ts';
import { call, loginAs } from '../../testing/index.ts';
import {
  closeMemberWorld,
  freePlayToken,
  freshId,
  fundMainWallet,
  newLannaMember,
  openMemberWorld,
  vendorPost,
  type MemberWorld,
  type VendorSigner,
} from '../../testing/member-world.ts';
import {
  ensureVendorCredentials,
  issueVendorSession,
  rotateVendorSecret,
  vendorWalletConfigOf,
} from '../vendor-wallet/index.ts';

type Player = { playerId: string; token: string };

/** The app, its database and clock: vendors call the signed vendor wallet API over inject. */
let world: MemberWorld;

const PASSWORD = 'Betting@2026x';
let token = '';
let memberId = 0;
const signers: Record<string, VendorSigner> = {};
// Vendor game codes of the catalog: JILI runs games in RNG, FISH and PVP.
const games = { pgSlot: '', jiliSlot: '', jiliFish: '' };

const gameCodeOf = (vendorCode: string, category: string): Promise<string> =>
  seededGameCode(world.db, vendorCode, category);

const newMember = async (username: string, balanceMinor: bigint): Promise<number> => {
  const id = await newLannaMember(world, username, PASSWORD);
  await fundMainWallet(world, id, balanceMinor, `betting-test:fund:${id}`);
  return id;
};

const playerAt = async (member: number, vendorCode: string): Promise<Player> =>
  issueVendorSession(world.db, {
    merchantId: world.lanna,
    memberId: member,
    vendorCode,
    expiresAt: new Date(world.clock().getTime() + 3_600_000),
    now: world.clock(),
  });

/** One round through the signed vendor API: a bet, then a win, a rollback, or nothing. */
const playRound = async (
  member: number,
  vendorCode: string,
  gameCode: string,
  betMinor: string,
  end: { winMinor: string } | 'rollback' | 'open',
) => {
  const { playerId, token: playerToken } = await playerAt(member, vendorCode);
  const roundId = freshId('round');
  const transactionId = freshId('bet');
  const signer = signers[vendorCode] as VendorSigner;
  const movement = { roundId, playerId, idempotencyKey: freshId('key') };
  await vendorPost(world, signer, '/vendor/v1/debit', {
    ...movement,
    transactionId,
    gameCode,
    token: playerToken,
    currency: 'THB',
    amountMinor: betMinor,
  });
  if (end === 'rollback') {
    await vendorPost(world, signer, '/vendor/v1/rollback', {
      ...movement,
      idempotencyKey: freshId('key'),
      transactionId: freshId('rollback'),
      referenceTransactionId: transactionId,
    });
  } else if (end !== 'open') {
    await vendorPost(world, signer, '/vendor/v1/credit', {
      ...movement,
      idempotencyKey: freshId('key'),
      transactionId: freshId('win'),
      currency: 'THB',
      amountMinor: end.winMinor,
    });
  }
  return roundId;
};

const rounds = { pgWin: '', houseLoss: '', fishOpen: '', jiliCancelled: '' };

beforeAll(async () => {
  world = await openMemberWorld('2026-03-01T12:00:00.000Z');
  const config = vendorWalletConfigOf(world.app.config);
  await ensureVendorCredentials(world.db, config, world.clock());
  const secretOf = (vendorCode: string) =>
    rotateVendorSecret(world.db, config, {
      merchantId: world.lanna,
      vendorCode,
      now: world.clock(),
    });
  signers.PG = { vendorCode: 'PG', secret: await secretOf('PG') };
  signers.JILI = { vendorCode: 'JILI', secret: await secretOf('JILI') };
  signers[HOUSE_VENDOR_CODE] = { vendorCode: HOUSE_VENDOR_CODE, secret: config.houseSecret };
  games.pgSlot = await gameCodeOf('PG', 'RNG');
  games.jiliSlot = await gameCodeOf('JILI', 'RNG');
  games.jiliFish = await gameCodeOf('JILI', 'FISH');
  memberId = await newMember('betting_reader', 100_000n);

  // 12:00 UTC on 1 March is 19:00 in Bangkok: a win of 2,500 on a bet of 1,000.
  rounds.pgWin = await playRound(memberId, 'PG', games.pgSlot, '1000', { winMinor: '2500' });
  // 18:00 UTC is already 01:00 on 2 March in Bangkok: the house slot takes 500 and pays nothing.
  world.clock.set('2026-03-01T18:00:00.000Z');
  rounds.houseLoss = await playRound(memberId, HOUSE_VENDOR_CODE, 'lanna-slot', '500', {
    winMinor: '0',
  });
  world.clock.set('2026-03-02T05:00:00.000Z');
  rounds.fishOpen = await playRound(memberId, 'JILI', games.jiliFish, '300', 'open');
  world.clock.set('2026-03-02T06:00:00.000Z');
  rounds.jiliCancelled = await playRound(memberId, 'JILI', games.jiliSlot, '200', 'rollback');

  // Someone else's round never shows.
  const other = await newMember('betting_other', 50_000n);
  await playRound(other, 'PG', games.pgSlot, '7000', { winMinor: '0' });

  world.clock.set('2026-03-03T03:00:00.000Z');
  ({ token } = await loginAs(world.app, { username: 'betting_reader', password: PASSWORD }));
});

afterAll(() => closeMemberWorld(world));

const get = async (path: string, query: string, as = token) => {
  const response = await call(world.app, { method: 'GET', url: `${path}${query}`, token: as });
  return { status: response.statusCode, body: response.json<{ code: string; value: unknown }>() };
};
const record = async (query: string): Promise<BettingRecordPage> => {
  const { status, body } = await get('/wps/member/records/betting', query);
  expect(status, JSON.stringify(body)).toBe(200);
  return BettingRecordPageSchema.parse(body.value);
};
const profitLoss = async (query: string): Promise<ProfitLoss> => {
  const { status, body } = await get('/wps/member/records/profit-loss', query);
  expect(status, JSON.stringify(body)).toBe(200);
  return ProfitLossSchema.parse(body.value);
};
const idsOf = (page: BettingRecordPage) => page.list.map((round) => round.roundId);

describe('GET /wps/member/records/betting', () => {
  it('lists only the member own rounds at every vendor, newest first, with their results', async () => {
    const page = await record('');
    expect(idsOf(page)).toEqual([
      rounds.jiliCancelled,
      rounds.fishOpen,
      rounds.houseLoss,
      rounds.pgWin,
    ]);
    expect(page).toMatchObject({ total: 4, totalPages: 1, currency: 'THB', currencyDecimals: 2 });
    const byId = new Map(page.list.map((round) => [round.roundId, round]));
    expect(byId.get(rounds.pgWin)).toMatchObject({
      vendorCode: 'PG',
      vendorName: 'PG Soft',
      gameType: 'RNG',
      status: 'settled',
      betMinor: '1000',
      validBetMinor: '1000',
      winMinor: '2500',
      profitMinor: '1500',
    });
    expect(byId.get(rounds.houseLoss)).toMatchObject({
      vendorCode: 'HOUSE',
      gameName: 'Lanna Fortune Reels',
      gameType: 'RNG',
      profitMinor: '-500',
    });
    // An open round has staked but has no result yet; a cancelled one gave the stake back.
    expect(byId.get(rounds.fishOpen)).toMatchObject({
      gameType: 'FISH',
      vendorName: 'JILI Fishing',
      status: 'open',
      betMinor: '300',
      validBetMinor: '0',
      profitMinor: '0',
      closedAt: null,
    });
    expect(byId.get(rounds.jiliCancelled)).toMatchObject({
      gameType: 'RNG',
      status: 'cancelled',
      betMinor: '0',
    });
    expect(page.totals).toEqual({
      rounds: 4,
      betMinor: '1800',
      validBetMinor: '1500',
      winMinor: '2500',
      profitMinor: '1000',
    });
  });

  it('names games in the requested language', async () => {
    const page = await record('?language=TH&vassalage=HOUSE');
    expect(page.list[0]?.gameName).not.toBe('Lanna Fortune Reels');
    expect(page.list[0]?.gameName).toMatch(/\p{Script=Thai}/u);
  });

  it('filters by category, placing a vendor that runs several categories by its game', async () => {
    expect(idsOf(await record('?gameType=FISH'))).toEqual([rounds.fishOpen]);
    expect(idsOf(await record('?gameType=RNG'))).toEqual([
      rounds.jiliCancelled,
      rounds.houseLoss,
      rounds.pgWin,
    ]);
    const live = await record('?gameType=LIVE');
    expect([live.list, live.totals.rounds, live.totals.betMinor]).toEqual([[], 0, '0']);
  });

  it('filters by vendor, alone or inside a category, with the totals of the selection', async () => {
    const jili = await record('?vassalage=JILI');
    expect(idsOf(jili)).toEqual([rounds.jiliCancelled, rounds.fishOpen]);
    expect(jili.totals).toMatchObject({ rounds: 2, betMinor: '300', validBetMinor: '0' });
    expect(idsOf(await record('?vassalage=JILI&gameType=RNG'))).toEqual([rounds.jiliCancelled]);
    expect(idsOf(await record('?vassalage=HOUSE&gameType=RNG'))).toEqual([rounds.houseLoss]);
  });

  it('reads days in the merchant zone: a round at 18:00 UTC belongs to the next Bangkok day', async () => {
    expect(idsOf(await record('?from=2026-03-01&to=2026-03-01'))).toEqual([rounds.pgWin]);
    const second = await record('?from=2026-03-02&to=2026-03-02');
    expect(idsOf(second)).toEqual([rounds.jiliCancelled, rounds.fishOpen, rounds.houseLoss]);
    expect(second.totals.profitMinor).toBe('-500');
    expect((await record('?from=2026-03-03')).list).toEqual([]);
  });

  it('pages through the rounds; a page past the end is empty but keeps the totals', async () => {
    const first = await record('?pageSize=3');
    expect(first).toMatchObject({ total: 4, totalPages: 2, pageNo: 1 });
    expect(idsOf(await record('?pageSize=3&pageNo=2'))).toEqual([rounds.pgWin]);
    const beyond = await record('?pageSize=3&pageNo=9');
    expect([beyond.list, beyond.totals.rounds]).toEqual([[], 4]);
  });

  it('refuses bad filters and a vendor the merchant does not offer, changing nothing', async () => {
    for (const query of [
      '?gameType=CASINO',
      '?from=yesterday',
      '?pageSize=1000',
      '?pageNo=0',
      '?vassalage=pg%20soft',
      '?memberId=1',
    ]) {
      const { status, body } = await get('/wps/member/records/betting', query);
      expect([status, body.code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    // Each day is valid; together they are not a range the record takes.
    for (const query of ['?from=2026-03-05&to=2026-03-01', '?from=2020-01-01&to=2026-03-01']) {
      const { status, body } = await get('/wps/member/records/betting', query);
      expect([status, body.code], query).toEqual([400, 'RULES_NOT_MET']);
    }
    for (const query of ['?vassalage=NOPE', '?vassalage=SEXY&gameType=RNG']) {
      const { status, body } = await get('/wps/member/records/betting', query);
      expect([status, body.code], query).toEqual([400, 'BETTING_UNKNOWN_VENDOR']);
    }
  });
});

describe('GET /wps/member/records/profit-loss', () => {
  it('sums the member rounds by Bangkok day and by category, adding up to the totals', async () => {
    const report = await profitLoss('?from=2026-03-01&to=2026-03-07');
    expect(report).toMatchObject({ from: '2026-03-01', to: '2026-03-07', currency: 'THB' });
    expect(report.days).toEqual([
      {
        day: '2026-03-02',
        rounds: 3,
        betMinor: '800',
        validBetMinor: '500',
        winMinor: '0',
        profitMinor: '-500',
      },
      {
        day: '2026-03-01',
        rounds: 1,
        betMinor: '1000',
        validBetMinor: '1000',
        winMinor: '2500',
        profitMinor: '1500',
      },
    ]);
    expect(report.categories.map((row) => [row.gameType, row.rounds, row.profitMinor])).toEqual([
      ['RNG', 3, '1000'],
      ['FISH', 1, '0'],
    ]);
    expect(report.totals).toEqual({
      rounds: 4,
      betMinor: '1800',
      validBetMinor: '1500',
      winMinor: '2500',
      profitMinor: '1000',
    });
  });

  it('covers the last 7 days up to today when the range is left open', async () => {
    // The clock stands at 10:00 on 3 March in Bangkok.
    const report = await profitLoss('');
    expect([report.from, report.to]).toEqual(['2026-02-25', '2026-03-03']);
    expect(report.totals.rounds).toBe(4);
    expect((await profitLoss('?to=2026-02-28')).totals.rounds).toBe(0);
    expect((await profitLoss('?from=2026-03-02')).to).toBe('2026-03-08');
  });

  it('takes the betting record filters', async () => {
    const fish = await profitLoss('?from=2026-03-01&to=2026-03-07&gameType=FISH');
    expect(fish.categories.map((row) => row.gameType)).toEqual(['FISH']);
    expect(fish.totals).toMatchObject({ rounds: 1, betMinor: '300' });
    const house = await profitLoss('?from=2026-03-01&to=2026-03-07&vassalage=HOUSE');
    expect(house.totals).toMatchObject({ rounds: 1, profitMinor: '-500' });
    const { status, body } = await get('/wps/member/records/profit-loss', '?vassalage=NOPE');
    expect([status, body.code]).toEqual([400, 'BETTING_UNKNOWN_VENDOR']);
    const tooLong = await get('/wps/member/records/profit-loss', '?from=2024-01-01&to=2026-03-01');
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'RULES_NOT_MET']);
  });
});

describe('the day totals the records read', () => {
  it('equal the rounds summed again, open, settled and cancelled, trial play left out', async () => {
    const dayTotals = () =>
      world.db.query(
        `SELECT member_id::text, day::text, vendor_code, game_code, rounds, bet_minor::text,
           valid_bet_minor::text, win_minor::text, profit_minor::text
         FROM member_round_days WHERE merchant_id = $1
         ORDER BY member_id, day, vendor_code, game_code`,
        [world.lanna],
      );
    const before = await dayTotals();
    // A trial round at play money counts nowhere.
    await world.db.query(
      `INSERT INTO vendor_rounds (merchant_id, vendor_code, round_id, member_id, game_code, wallet,
         play_money, status, debit_minor, credit_minor, opened_at, updated_at, closed_at)
       VALUES ($1, 'PG', 'trial-day-round', $2, 'trial', 'main', true, 'settled', 900, 0,
         $3, $3, $3)`,
      [world.lanna, memberId, world.clock()],
    );
    const kept = await dayTotals();
    expect(kept).toEqual(before);
    expect(kept.length).toBeGreaterThan(0);
    await world.db.query('SELECT refill_member_round_days($1)', [world.lanna]);
    expect(await dayTotals()).toEqual(kept);
  });
});

describe('who may read records', () => {
  it('refuses a guest and a trial member', async () => {
    for (const path of ['/wps/member/records/betting', '/wps/member/records/profit-loss']) {
      const guest = await call(world.app, { method: 'GET', url: path });
      expect(guest.statusCode, path).toBe(401);
    }
    const trialToken = await freePlayToken(world);
    for (const path of ['/wps/member/records/betting', '/wps/member/records/profit-loss']) {
      const refused = await get(path, '', trialToken);
      expect([refused.status, refused.body.code], path).toEqual([403, 'TRIAL_ACCOUNT_FORBIDDEN']);
    }
  });
});
