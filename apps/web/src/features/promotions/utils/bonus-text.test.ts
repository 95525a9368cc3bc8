// Proves the bonus words and figures worked out from the contract: the terms line, the games
// that count in the menu's order, and the wagering share done, on minor units alone.
import { describe, expect, it } from 'vitest';
import { bonusRuleFixture, merchantFixture } from '@/test/fixtures';
import { createTestI18n } from '@/test/render';
import { bonusTermsText, contributionsOf, wageringPercent } from './bonus-text';

describe('bonusTermsText', () => {
  const { t } = createTestI18n();

  it('says what a bonus pays, the wagering it asks and for how long', () => {
    expect(bonusTermsText(t, bonusRuleFixture(), merchantFixture)).toBe(
      '100% up to ฿ 5,000.00 · wager 10× bonus + deposit · 30 days',
    );
    expect(
      bonusTermsText(
        t,
        bonusRuleFixture({ percent: 50, wageringBasis: 'bonus', validDays: 1 }),
        merchantFixture,
      ),
    ).toBe('50% up to ฿ 5,000.00 · wager 10× bonus · 1 day');
  });

  it('names the largest bet an open bonus allows', () => {
    expect(bonusTermsText(t, bonusRuleFixture({ maxBetMinor: '50000' }), merchantFixture)).toBe(
      '100% up to ฿ 5,000.00 · wager 10× bonus + deposit · 30 days · max bet ฿ 500.00',
    );
  });
});

describe('contributionsOf', () => {
  it("lists the counting categories in the menu's order and leaves out those at 0%", () => {
    expect(contributionsOf({ SPORTS: 50, RNG: 100, LIVE: 0 })).toEqual([
      { category: 'RNG', percent: 100 },
      { category: 'SPORTS', percent: 50 },
    ]);
  });
});

describe('wageringPercent', () => {
  it('rounds down, so only a met requirement reads 100', () => {
    expect(wageringPercent('0', '600000')).toBe(0);
    expect(wageringPercent('599999', '600000')).toBe(99);
    expect(wageringPercent('600000', '600000')).toBe(100);
  });

  it('stops at 100 and counts nothing to wager as done', () => {
    expect(wageringPercent('700000', '600000')).toBe(100);
    expect(wageringPercent('0', '0')).toBe(100);
  });

  it('stays exact beyond the range of floating point', () => {
    expect(wageringPercent('9007199254740993', '9007199254740994')).toBe(99);
  });
});
