// What a contract pays for a period, on every basis and both tierings, to the minor unit: the
// cases a contract's reader would check by hand, then properties over random terms and teams.
import type { ContractTerms, ContractTier } from '@lanna/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutOf, type PlayerPeriod } from './payout-rules.ts';

// A lost 4,000 on 10,000; B won 1,000 on 30,000; C's 500 is under the minimum bet of 1,000.
// Counted: 40,000 valid bet, a loss of 3,000, 2 active members.
const TEAM: PlayerPeriod[] = [
  { validBetMinor: 10_000n, profitMinor: -4_000n },
  { validBetMinor: 30_000n, profitMinor: 1_000n },
  { validBetMinor: 500n, profitMinor: -500n },
];

const tier = (threshold: number, rateBp: number, lossRateBp?: number, minActiveMembers = 0) => ({
  threshold: String(threshold),
  minActiveMembers,
  rateBp,
  ...(lossRateBp === undefined ? {} : { lossRateBp }),
});

const terms = (
  kind: 'realtime_salary' | 'dividend',
  basis: ContractTerms['basis'],
  tiering: ContractTerms['tiering'],
  tiers: ContractTier[],
): ContractTerms => ({
  kind,
  ...(kind === 'dividend' ? { period: 'D' as const } : {}),
  basis,
  tiering,
  tiers,
  minBetMinor: '1000',
});

const MONEY_SALARY = [tier(0, 100, 150), tier(20_000, 200, 300, 2), tier(50_000, 400, 500)];
const MEMBER_SALARY = [tier(1, 100, 150), tier(2, 200, 300), tier(3, 400, 500)];
const LOSS_DIVIDEND = [tier(0, 1_000), tier(1_000, 2_000), tier(5_000, 3_000)];
const MONEY_DIVIDEND = [tier(0, 1_000), tier(20_000, 2_000, undefined, 2), tier(50_000, 3_000)];
const MEMBER_DIVIDEND = [tier(1, 1_000), tier(2, 2_000), tier(3, 3_000)];

describe('payoutOf', () => {
  it.each([
    // Tier 2 reached: 3% of A's 10,000 (lost) and 2% of B's 30,000 (won).
    ['salary', 'valid_bet', 'highest', MONEY_SALARY, 900n],
    // Half the basis in tier 1 (1.5% and 1%), half in tier 2 (3% and 2%).
    ['salary', 'valid_bet', 'progressive', MONEY_SALARY, 675n],
    ['salary', 'active_members', 'highest', MEMBER_SALARY, 900n],
    // Of 2 members, the one between 1 and 2 is at tier 1's rates.
    ['salary', 'active_members', 'progressive', MEMBER_SALARY, 225n],
    // A loss of 3,000 lands in tier 2 (20%): 600.
    ['dividend', 'profit_loss', 'highest', LOSS_DIVIDEND, 600n],
    // 10% of the first 1,000, 20% of the next 2,000.
    ['dividend', 'profit_loss', 'progressive', LOSS_DIVIDEND, 500n],
    ['dividend', 'valid_bet', 'highest', MONEY_DIVIDEND, 600n],
    // A 15% blend of the loss: 20,000 of the 40,000 bet at 10%, 20,000 at 20%.
    ['dividend', 'valid_bet', 'progressive', MONEY_DIVIDEND, 450n],
    ['dividend', 'active_members', 'highest', MEMBER_DIVIDEND, 600n],
    ['dividend', 'active_members', 'progressive', MEMBER_DIVIDEND, 150n],
  ] as const)('pays a %s on %s, %s tier: %d', (kind, basis, tiering, tiers, expected) => {
    const contract = terms(kind === 'salary' ? 'realtime_salary' : 'dividend', basis, tiering, [
      ...tiers,
    ]);
    const figures = payoutOf(contract, TEAM);
    expect(figures).toEqual({
      validBetMinor: 40_000n,
      lossMinor: 3_000n,
      activeMembers: 2,
      amountMinor: expected,
    });
  });

  it('falls to a lower tier when the team lacks the members of a higher one', () => {
    const needsThree = [tier(0, 100), tier(20_000, 200, undefined, 3)];
    expect(
      payoutOf(terms('realtime_salary', 'valid_bet', 'highest', needsThree), TEAM),
    ).toMatchObject({ amountMinor: 400n });
  });

  it('pays no dividend when the players won, and nothing below the first threshold', () => {
    const won = [{ validBetMinor: 10_000n, profitMinor: 2_500n }];
    expect(
      payoutOf(terms('dividend', 'profit_loss', 'highest', LOSS_DIVIDEND), won).amountMinor,
    ).toBe(0n);
    const high = [tier(100_000, 500)];
    expect(payoutOf(terms('realtime_salary', 'valid_bet', 'highest', high), TEAM).amountMinor).toBe(
      0n,
    );
    expect(
      payoutOf(terms('realtime_salary', 'valid_bet', 'progressive', high), TEAM).amountMinor,
    ).toBe(0n);
  });

  const playerArb = fc.record({
    validBetMinor: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    profitMinor: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  });
  const termsArb = fc
    .record({
      kind: fc.constantFrom('realtime_salary', 'daily_salary', 'dividend' as const),
      basis: fc.constantFrom('valid_bet', 'profit_loss', 'active_members' as const),
      tiering: fc.constantFrom('highest', 'progressive' as const),
      thresholds: fc.uniqueArray(fc.bigInt({ min: 0n, max: 10n ** 9n }), {
        minLength: 1,
        maxLength: 5,
      }),
      rates: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 10, maxLength: 10 }),
      minActive: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 5, maxLength: 5 }),
      minBet: fc.bigInt({ min: 0n, max: 10n ** 6n }),
    })
    .map(({ kind, basis, tiering, thresholds, rates, minActive, minBet }): ContractTerms => ({
      kind,
      ...(kind === 'dividend' ? { period: 'W' as const } : {}),
      basis,
      tiering,
      tiers: [...thresholds]
        .sort((a, b) => (a < b ? -1 : 1))
        .map((threshold, index) => ({
          threshold: threshold.toString(),
          minActiveMembers: minActive[index] ?? 0,
          rateBp: rates[index] ?? 0,
          ...(kind === 'dividend' ? {} : { lossRateBp: rates[index + 5] ?? 0 }),
        })),
      minBetMinor: minBet.toString(),
    }));

  it('never pays more than the top rate of what it is a rate of, nor depends on order', () => {
    fc.assert(
      fc.property(termsArb, fc.array(playerArb, { maxLength: 20 }), (contract, players) => {
        const figures = payoutOf(contract, players);
        const top = BigInt(
          Math.max(...contract.tiers.map((t) => Math.max(t.rateBp, t.lossRateBp ?? 0))),
        );
        const base = contract.kind === 'dividend' ? figures.lossMinor : figures.validBetMinor;
        expect(figures.amountMinor >= 0n).toBe(true);
        expect(figures.amountMinor <= (base * top) / 10_000n).toBe(true);
        expect(payoutOf(contract, [...players].reverse())).toEqual(figures);
      }),
    );
  });
});
