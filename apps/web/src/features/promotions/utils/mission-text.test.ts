// Proves a mission's words and figures worked out from its rule: each task in words with its
// categories, progress in the task's unit, the reward with its wagering, the restart time in the
// merchant's zone, and a share done that never passes 100.
import type { MissionRule } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { merchantFixture } from '@/test/fixtures';
import { createTestI18n } from '@/test/render';
import {
  missionPercent,
  missionProgressText,
  missionRestartText,
  missionRewardText,
  missionTaskText,
} from './mission-text';

const { t } = createTestI18n();

const rule = (overrides: Partial<MissionRule> = {}): MissionRule => ({
  period: 'day',
  task: 'login',
  target: '1',
  categories: [],
  rewardMinor: '1000',
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: {},
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
  budgetTotalMinor: null,
  budgetReceivers: null,
  ...overrides,
});

describe('missionTaskText', () => {
  it('says each task in words, with plurals and money', () => {
    const text = (overrides: Partial<MissionRule>) =>
      missionTaskText(t, rule(overrides), merchantFixture);
    expect(text({ task: 'login', target: '1' })).toBe('Sign in 1 time');
    expect(text({ task: 'login', target: '3' })).toBe('Sign in 3 times');
    expect(text({ task: 'deposit', target: '100000' })).toBe('Deposit ฿ 1,000.00');
    expect(text({ task: 'valid_bet', target: '250050' })).toBe('Bet ฿ 2,500.50');
    expect(text({ task: 'wins', target: '1' })).toBe('Win 1 round');
    expect(text({ task: 'invite', target: '2' })).toBe('Invite 2 friends');
  });

  it('names the categories a round task counts', () => {
    expect(
      missionTaskText(
        t,
        rule({ task: 'valid_bet', target: '50000', categories: ['RNG', 'FISH'] }),
        merchantFixture,
      ),
    ).toBe('Bet ฿ 500.00 on Slots, Fishing');
    expect(
      missionTaskText(
        t,
        rule({ task: 'wins', target: '4', categories: ['LIVE'] }),
        merchantFixture,
      ),
    ).toBe('Win 4 rounds on Live casino');
  });
});

describe('missionProgressText', () => {
  it("reads progress in the task's unit, never past the target", () => {
    expect(
      missionProgressText(
        t,
        { rule: rule({ task: 'deposit', target: '100000' }), progress: '30000' },
        merchantFixture,
      ),
    ).toBe('฿ 300.00 of ฿ 1,000.00');
    expect(
      missionProgressText(
        t,
        { rule: rule({ task: 'wins', target: '5' }), progress: '7' },
        merchantFixture,
      ),
    ).toBe('5 of 5');
  });
});

describe('missionRewardText', () => {
  it('adds the wagering only when the reward asks some', () => {
    expect(missionRewardText(t, rule(), merchantFixture)).toBe('Reward ฿ 10.00');
    expect(missionRewardText(t, rule({ wageringMultiplier: 3 }), merchantFixture)).toBe(
      'Reward ฿ 10.00 · wager 3×',
    );
  });
});

describe('missionRestartText', () => {
  it("says when the period ends in the merchant's zone", () => {
    expect(missionRestartText(t, '2026-03-02T17:00:00.000Z', 'Asia/Bangkok')).toBe(
      'Starts again at 2026/03/03 00:00',
    );
  });
});

describe('missionPercent', () => {
  it('rounds down and caps at 100, so the bar never overflows', () => {
    expect(missionPercent('0', '5')).toBe(0);
    expect(missionPercent('299999', '300000')).toBe(99);
    expect(missionPercent('300000', '300000')).toBe(100);
    expect(missionPercent('9', '5')).toBe(100);
  });
});
