import { describe, expect, it } from 'vitest';
import { putWithdrawalSettings } from './withdrawal-ops.ts';

const SETTINGS = {
  minAmountMinor: '10000',
  maxAmountMinor: '5000000',
  dailyCount: 5,
  dailyAmountMinor: '10000000',
  turnoverMultiplierPercent: 100,
  confirmMinutes: 60,
  maxBankCards: 3,
  maxEWallets: 2,
  paymentPasswordLockAfter: 5,
  paymentPasswordLockMinutes: 15,
  reason: 'new limits for the season',
};

describe('withdrawal settings body', () => {
  it('refuses a minimum above the maximum', () => {
    const parsed = putWithdrawalSettings.body.safeParse({ ...SETTINGS, minAmountMinor: '9000000' });
    expect(parsed.success).toBe(false);
  });

  it('reports bad amounts as issues instead of throwing', () => {
    for (const bad of ['1.5', '-3', 'lots', '', 12]) {
      const parsed = putWithdrawalSettings.body.safeParse({ ...SETTINGS, maxAmountMinor: bad });
      expect(parsed.success, String(bad)).toBe(false);
    }
    const withoutMinimum = Object.fromEntries(
      Object.entries(SETTINGS).filter(([name]) => name !== 'minAmountMinor'),
    );
    expect(putWithdrawalSettings.body.safeParse(withoutMinimum).success).toBe(false);
  });
});
