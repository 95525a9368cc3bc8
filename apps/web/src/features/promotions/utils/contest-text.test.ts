import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/test/render';
import { contestRuleFixture, merchantFixture } from '@/test/fixtures';
import {
  claimByText,
  contestTermsText,
  countedGamesText,
  prizePoolMinor,
  prizeRanges,
} from './contest-text';

const t = createTestI18n().t;

describe('contest text', () => {
  it('adds up the prizes in minor units, past what a float holds exactly', () => {
    expect(prizePoolMinor({ prizesMinor: ['9007199254740993', '7'] })).toBe('9007199254741000');
  });

  it('joins consecutive places of the same prize into one range', () => {
    expect(prizeRanges({ prizesMinor: ['500', '300', '100', '100', '100', '50', '100'] })).toEqual([
      { from: 1, to: 1, prizeMinor: '500' },
      { from: 2, to: 2, prizeMinor: '300' },
      { from: 3, to: 5, prizeMinor: '100' },
      { from: 6, to: 6, prizeMinor: '50' },
      { from: 7, to: 7, prizeMinor: '100' },
    ]);
  });

  it('names every game when the rule lists no category', () => {
    expect(countedGamesText(t, [])).toBe('All games');
    expect(countedGamesText(t, ['SPORTS', 'FISH'])).toBe('Sports, Fishing');
  });

  it('gives the last moment to claim in the merchant zone', () => {
    expect(
      claimByText('2026-03-31T16:59:00.000Z', contestRuleFixture({ claimDays: 1 }), 'Asia/Bangkok'),
    ).toBe('2026/04/01 23:59');
  });

  it('states a one-prize ranking in one line', () => {
    expect(
      contestTermsText(
        t,
        {
          rule: contestRuleFixture({ prizesMinor: ['5000'], claimDays: 1, categories: ['LIVE'] }),
          endsAt: '2026-03-31T16:59:00.000Z',
        },
        'Asia/Bangkok',
        merchantFixture,
      ),
    ).toBe(
      '฿ 50.00 for 1 prize · ends 2026/03/31 23:59 · claim within 1 day of the end · Live casino',
    );
  });
});
