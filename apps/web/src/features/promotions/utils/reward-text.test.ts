// Proves a period reward's terms line in the words a member reads: what it pays and when, on
// which condition, a loss rebate by yesterday's or last week's loss, and its wagering (or none).
import { describe, expect, it } from 'vitest';
import { merchantFixture, rewardRuleFixture } from '@/test/fixtures';
import { createTestI18n } from '@/test/render';
import { rewardTermsText } from './reward-text';

describe('rewardTermsText', () => {
  const { t } = createTestI18n();
  const terms = (overrides: Parameters<typeof rewardRuleFixture>[0]) =>
    rewardTermsText(t, rewardRuleFixture(overrides), merchantFixture);

  it('says a daily bonus pays each day the member deposits enough, without wagering', () => {
    expect(terms({})).toBe('฿ 50.00 each day you deposit ฿ 100.00 or more · no wagering');
  });

  it('names the bet asked for a weekly bonus, and both conditions when the rule asks both', () => {
    expect(terms({ period: 'week', minDepositMinor: '0', minValidBetMinor: '20000' })).toBe(
      '฿ 50.00 each week you bet ฿ 200.00 or more · no wagering',
    );
    expect(terms({ period: 'week', minValidBetMinor: '20000' })).toBe(
      '฿ 50.00 each week you deposit ฿ 100.00 or more and bet ฿ 200.00 or more · no wagering',
    );
  });

  it('says a newbie bonus pays once, for new members', () => {
    expect(terms({ period: 'once', minDepositMinor: '0' })).toBe(
      '฿ 50.00 once, for new members · no wagering',
    );
  });

  it("pays a loss rebate back on yesterday's or last week's net loss, up to its cap", () => {
    const rebate = { type: 'loss_percent', percent: 10, capMinor: '10000' } as const;
    expect(terms({ amount: rebate, minDepositMinor: '0' })).toBe(
      "10% of yesterday's net loss back, up to ฿ 100.00 · no wagering",
    );
    expect(terms({ amount: rebate, period: 'week', minDepositMinor: '0' })).toBe(
      "10% of last week's net loss back, up to ฿ 100.00 · no wagering",
    );
  });

  it('pays a reload a percent of the deposits, up to its cap', () => {
    expect(terms({ amount: { type: 'deposit_percent', percent: 20, capMinor: '50000' } })).toBe(
      '20% of your deposits, up to ฿ 500.00, each day you deposit ฿ 100.00 or more · no wagering',
    );
  });

  it('states the wagering, its days and the largest bet while there is wagering', () => {
    expect(terms({ wageringMultiplier: 2, validDays: 7 })).toBe(
      '฿ 50.00 each day you deposit ฿ 100.00 or more · 2× wagering, 7 days',
    );
    expect(terms({ wageringMultiplier: 1, validDays: 1, maxBetMinor: '2000' })).toBe(
      '฿ 50.00 each day you deposit ฿ 100.00 or more · 1× wagering, 1 day · max bet ฿ 20.00',
    );
  });

  it('leaves out the largest bet of a reward paid without wagering: it limits nothing', () => {
    expect(terms({ maxBetMinor: '2000' })).toBe(
      '฿ 50.00 each day you deposit ฿ 100.00 or more · no wagering',
    );
  });
});
