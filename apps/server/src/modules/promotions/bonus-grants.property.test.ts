// Property test of deposit bonuses (issue 24, Acceptance): for random rules, first deposits and
// histories of settled rounds across categories (with partial rollbacks), the bonus paid is the
// rule applied to the deposit, the wagering progress is the weighted sum of the rounds' valid
// stakes in the order they settled (up to the round that meets the requirement), a met bonus
// moves to the main wallet and an open one stays locked, whole; the ledger stays balanced.
import { BonusGrantListSchema, BonusGrantSchema, PromotionSchema } from '@lanna/contract';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import {
  balanceOf,
  expectInvariants,
  newPlayer,
  seededGameCode,
  useVendorWorld,
} from '../../testing/factories/games.ts';
import { cashIn, depositRequest } from '../../testing/factories/ledger.ts';
import { sessionTokenOf } from '../../testing/factories/members.ts';
import { getAs, ops, postAs, valueOf } from '../../testing/requests.ts';
import { getOrCreateMemberAccount, postTransfer } from '../ledger/index.ts';

const world = useVendorWorld();

const CATEGORIES = ['RNG', 'LIVE', 'FISH'] as const;
type Category = (typeof CATEGORIES)[number];
const VENDOR_OF: Record<Category, string> = { RNG: 'PG', LIVE: 'EVO', FISH: 'FC' };
const gameOf: Record<Category, string> = { RNG: '', LIVE: '', FISH: '' };

beforeAll(async () => {
  for (const category of CATEGORIES)
    gameOf[category] = await seededGameCode(world.db, VENDOR_OF[category], category);
});

const ruleArbitrary = fc.record({
  percent: fc.integer({ min: 1, max: 200 }),
  capMinor: fc.integer({ min: 1, max: 20_000 }).map(String),
  wageringMultiplier: fc.integer({ min: 1, max: 3 }),
  wageringBasis: fc.constantFrom('bonus' as const, 'bonus_deposit' as const),
  contributionPercent: fc.record(
    { RNG: fc.integer({ min: 0, max: 100 }), LIVE: fc.integer({ min: 0, max: 100 }) },
    { requiredKeys: [] },
  ),
});

const roundArbitrary = fc
  .record({
    category: fc.constantFrom(...CATEGORIES),
    stakeMinor: fc.integer({ min: 0, max: 6_000 }),
    rolledBackPercent: fc.constantFrom(0, 0, 0, 50, 100),
  })
  .map((round) => ({
    ...round,
    rollbackMinor: Math.floor((round.stakeMinor * round.rolledBackPercent) / 100),
  }));

it('pays the rule, counts the weighted valid stakes once and releases exactly when met', async () => {
  await fc.assert(
    fc.asyncProperty(
      ruleArbitrary,
      fc.integer({ min: 100, max: 30_000 }),
      fc.array(roundArbitrary, { maxLength: 12 }),
      async (rule, depositMinor, rounds) => {
        const activity = valueOf(
          await ops(world.app, 'POST', '/ops/merchants/lanna/promotions', {
            title: `Property ${Math.random().toString(36).slice(2, 10)}`,
            summary: '',
            content: '<p>Terms.</p>',
            imageUrl: null,
            kind: 'first_deposit_bonus',
            categories: ['deposit'],
            startsAt: new Date(world.clock().getTime() - 60_000).toISOString(),
            endsAt: null,
            audience: { newMembersWithinDays: null, agentTeamOf: null },
            sort: 0,
            paused: false,
            bonusRule: {
              ...rule,
              minDepositMinor: '100',
              validDays: 30,
              maxBetMinor: null,
              forfeitOnWithdrawal: false,
              budgetTotalMinor: null,
              budgetReceivers: null,
            },
            reason: 'property test',
          }),
          PromotionSchema,
        );
        const player = await newPlayer(world);
        const site = {
          host: 'localhost',
          token: await sessionTokenOf(world.app, world.db, {
            ...player,
            merchantCode: 'lanna',
            host: 'localhost',
          }),
        };
        const main = await getOrCreateMemberAccount(world.db, player.merchantId, player.memberId, {
          kind: 'main',
        });
        await postTransfer(
          world.db,
          depositRequest(
            player.merchantId,
            await cashIn(world.db, player.merchantId),
            main,
            BigInt(depositMinor),
          ),
          { now: world.clock() },
        );
        const grant = valueOf(
          await postAs(world.app, site, `/wps/member/promotions/${activity.id}/claim`, {}),
          BonusGrantSchema,
        );
        const bonusMinor = Math.min(
          Math.floor((depositMinor * rule.percent) / 100),
          Number(rule.capMinor),
        );
        const basis = rule.wageringBasis === 'bonus' ? bonusMinor : bonusMinor + depositMinor;
        const requiredMinor = basis * rule.wageringMultiplier;
        expect([grant.bonusMinor, grant.wageringRequiredMinor]).toEqual([
          String(bonusMinor),
          String(requiredMinor),
        ]);

        // The rounds settle one second apart, in the order generated.
        let expected = 0;
        const start = world.clock().getTime();
        for (const [index, round] of rounds.entries()) {
          await world.db.query(
            `INSERT INTO vendor_rounds (merchant_id, vendor_code, round_id, member_id, game_code,
               wallet, play_money, status, debit_minor, credit_minor, rollback_minor, opened_at,
               updated_at, closed_at)
             VALUES ($1, $2, $3, $4, $5, 'main', false, 'settled', $6, 0, $7, $8, $9, $9)`,
            [
              player.merchantId,
              VENDOR_OF[round.category],
              `prop-${player.memberId}-${index}`,
              player.memberId,
              gameOf[round.category],
              round.stakeMinor,
              round.rollbackMinor,
              new Date(start),
              new Date(start + (index + 1) * 1000),
            ],
          );
          if (expected >= requiredMinor) continue;
          const percent =
            round.category === 'FISH' ? 0 : (rule.contributionPercent[round.category] ?? 0);
          expected += Math.floor(((round.stakeMinor - round.rollbackMinor) * percent) / 100);
        }

        const { list, lockedMinor } = valueOf(
          await getAs(world.app, site, '/wps/member/bonuses'),
          BonusGrantListSchema,
        );
        const met = expected >= requiredMinor;
        expect(list[0]).toMatchObject({
          wageredMinor: String(expected),
          status: met ? 'released' : 'active',
        });
        expect(lockedMinor).toBe(met ? '0' : String(bonusMinor));
        const bonusAccount = await getOrCreateMemberAccount(
          world.db,
          player.merchantId,
          player.memberId,
          { kind: 'bonus' },
        );
        expect(await balanceOf(world.db, bonusAccount.id)).toBe(met ? 0n : BigInt(bonusMinor));
        expect(await balanceOf(world.db, main.id)).toBe(
          BigInt(depositMinor) + (met ? BigInt(bonusMinor) : 0n),
        );
      },
    ),
    { numRuns: 20 },
  );
  await expectInvariants(world.db);
});
