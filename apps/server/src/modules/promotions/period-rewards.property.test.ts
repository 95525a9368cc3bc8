// Property test of period rewards (issue 24, Acceptance): over random three-day histories of
// deposits and settled rounds (wins, losses, partial rollbacks), a daily reload and a daily loss
// rebate claimed every day pay, in all, exactly the rules applied day by day in the merchant's
// zone (GMT+7): the reload its percent of the day's deposits when they reach the minimum, the
// rebate its percent of the day before's net loss, each capped; the ledger stays balanced.
import { BonusGrantSchema, PromotionSchema, type RewardRule } from '@lanna/contract';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import {
  expectInvariants,
  newPlayer,
  seededGameCode,
  useVendorWorld,
} from '../../testing/factories/games.ts';
import { cashIn, depositRequest } from '../../testing/factories/ledger.ts';
import { sessionTokenOf } from '../../testing/factories/members.ts';
import { ops, postAs, valueOf } from '../../testing/requests.ts';
import { getOrCreateMemberAccount, postTransfer } from '../ledger/index.ts';

const world = useVendorWorld();
const DAY_MS = 86_400_000;
// Noon in GMT+7 of the first day; each day of the history is a day later.
const FIRST_NOON = Date.parse('2026-03-02T05:00:00.000Z');
let gameCode = '';

beforeAll(async () => {
  gameCode = await seededGameCode(world.db, 'PG', 'RNG');
});

const BASE_RULE: Omit<RewardRule, 'amount' | 'minDepositMinor'> = {
  period: 'day',
  minValidBetMinor: '0',
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: {},
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
  budgetTotalMinor: null,
  budgetReceivers: null,
};

const share = (basis: number, percent: number, cap: number) =>
  basis <= 0 ? 0 : Math.min(Math.floor((basis * percent) / 100), cap);

const roundArbitrary = fc.record({
  stakeMinor: fc.integer({ min: 1, max: 8_000 }),
  creditMinor: fc.constantFrom(0, 0, 500, 3_000, 12_000),
  rolledBackPercent: fc.constantFrom(0, 0, 0, 50),
});

const dayArbitrary = fc.record({
  deposits: fc.array(fc.integer({ min: 1, max: 9_000 }), { maxLength: 3 }),
  rounds: fc.array(roundArbitrary, { maxLength: 5 }),
});

const createActivity = async (kind: string, rule: Partial<RewardRule>) =>
  valueOf(
    await ops(world.app, 'POST', '/ops/merchants/lanna/promotions', {
      title: `Property ${Math.random().toString(36).slice(2, 10)}`,
      summary: '',
      content: '<p>Terms.</p>',
      imageUrl: null,
      kind,
      categories: ['daily'],
      startsAt: new Date(FIRST_NOON - DAY_MS).toISOString(),
      endsAt: null,
      audience: { newMembersWithinDays: null, agentTeamOf: null },
      sort: 0,
      paused: false,
      rewardRule: { ...BASE_RULE, ...rule },
      reason: 'property test',
    }),
    PromotionSchema,
  );

it("pays the rules applied to each day's deposits and the day before's net loss", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        reloadPercent: fc.integer({ min: 1, max: 200 }),
        reloadCap: fc.integer({ min: 1, max: 5_000 }),
        minDeposit: fc.integer({ min: 0, max: 6_000 }),
        rebatePercent: fc.integer({ min: 1, max: 100 }),
        rebateCap: fc.integer({ min: 1, max: 5_000 }),
      }),
      fc.array(dayArbitrary, { minLength: 3, maxLength: 3 }),
      async (terms, days) => {
        world.clock.set(new Date(FIRST_NOON - DAY_MS).toISOString());
        const reload = await createActivity('daily_bonus', {
          amount: {
            type: 'deposit_percent',
            percent: terms.reloadPercent,
            capMinor: String(terms.reloadCap),
          },
          minDepositMinor: String(terms.minDeposit),
        });
        const rebate = await createActivity('loss_rebate', {
          amount: {
            type: 'loss_percent',
            percent: terms.rebatePercent,
            capMinor: String(terms.rebateCap),
          },
          minDepositMinor: '0',
        });
        const player = await newPlayer(world);
        const main = await getOrCreateMemberAccount(world.db, player.merchantId, player.memberId, {
          kind: 'main',
        });
        const claimAt = async (at: number, id: number): Promise<number> => {
          world.clock.set(new Date(at).toISOString());
          const site = {
            host: 'localhost',
            token: await sessionTokenOf(world.app, world.db, {
              ...player,
              merchantCode: 'lanna',
              host: 'localhost',
            }),
          };
          const answer = await postAs(world.app, site, `/wps/member/promotions/${id}/claim`, {});
          return answer.statusCode === 200
            ? Number(valueOf(answer, BonusGrantSchema).bonusMinor)
            : 0;
        };

        let paid = 0;
        let expected = 0;
        let lossBefore = 0;
        for (const [index, day] of days.entries()) {
          const noon = FIRST_NOON + index * DAY_MS;
          for (const [n, amount] of day.deposits.entries()) {
            await postTransfer(
              world.db,
              depositRequest(
                player.merchantId,
                await cashIn(world.db, player.merchantId),
                main,
                BigInt(amount),
              ),
              { now: new Date(noon + n * 1000) },
            );
          }
          let loss = 0;
          for (const [n, round] of day.rounds.entries()) {
            const rollback = Math.floor((round.stakeMinor * round.rolledBackPercent) / 100);
            await world.db.query(
              `INSERT INTO vendor_rounds (merchant_id, vendor_code, round_id, member_id, game_code,
                 wallet, play_money, status, debit_minor, credit_minor, rollback_minor, opened_at,
                 updated_at, closed_at)
               VALUES ($1, 'PG', $2, $3, $4, 'main', false, 'settled', $5, $6, $7, $8, $8, $8)`,
              [
                player.merchantId,
                `period-${player.memberId}-${index}-${n}`,
                player.memberId,
                gameCode,
                round.stakeMinor,
                round.creditMinor,
                rollback,
                new Date(noon + 60_000 + n * 1000),
              ],
            );
            loss += round.stakeMinor - rollback - round.creditMinor;
          }
          // Claimed in the evening: the reload for the day, the rebate for the day before.
          const evening = noon + 6 * 3_600_000;
          paid += await claimAt(evening, reload.id);
          paid += await claimAt(evening + 1000, rebate.id);
          const deposited = day.deposits.reduce((sum, amount) => sum + amount, 0);
          if (deposited > 0 && deposited >= terms.minDeposit)
            expected += share(deposited, terms.reloadPercent, terms.reloadCap);
          expected += share(lossBefore, terms.rebatePercent, terms.rebateCap);
          lossBefore = loss;
        }
        // The last day's loss, paid the day after.
        paid += await claimAt(FIRST_NOON + days.length * DAY_MS, rebate.id);
        expected += share(lossBefore, terms.rebatePercent, terms.rebateCap);
        expect(paid).toBe(expected);
      },
    ),
    { numRuns: 15 },
  );
  await expectInvariants(world.db);
});
