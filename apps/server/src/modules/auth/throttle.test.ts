// Proves the throttle rules alone: the captcha threshold, the doubling delay with its ceiling,
// and that an account's lock binds only the addresses that failed on it (no lock-out of the
// owner), while an address's own lock binds it for every username.
import { describe, expect, it } from 'vitest';
import { judge, lockSeconds, type FailureStats, type ThrottlePolicy } from './throttle.ts';

const POLICY: ThrottlePolicy = {
  captchaAfter: 3,
  lockAfter: 5,
  ipLockAfter: 20,
  baseSeconds: 30,
  maxSeconds: 900,
  windowMinutes: 60,
};
const NOW = new Date('2026-01-01T00:00:00.000Z');

const stats = (account: number, fromIp: number, ip: number, ageSeconds = 0): FailureStats => {
  const at = new Date(NOW.getTime() - ageSeconds * 1000);
  return {
    account: { failures: account, lastFailureAt: account ? at : null, failuresFromIp: fromIp },
    ip: { failures: ip, lastFailureAt: ip ? at : null },
  };
};

describe('login throttle', () => {
  it('doubles the delay after the threshold up to the ceiling', () => {
    expect([4, 5, 6, 7, 20].map((n) => lockSeconds(n, 5, POLICY))).toEqual([0, 30, 60, 120, 900]);
  });

  it('asks for a captcha from the third failure on the account or from the address', () => {
    expect(judge(stats(2, 2, 2), POLICY, NOW).captchaRequired).toBe(false);
    expect(judge(stats(3, 0, 0), POLICY, NOW).captchaRequired).toBe(true);
    expect(judge(stats(0, 0, 3), POLICY, NOW).captchaRequired).toBe(true);
  });

  it('locks the addresses that failed on a locked account, not a clean one', () => {
    expect(judge(stats(6, 1, 1), POLICY, NOW).retryAfterSeconds).toBe(60);
    expect(judge(stats(6, 0, 0), POLICY, NOW)).toEqual({
      retryAfterSeconds: null,
      captchaRequired: true,
    });
  });

  it('locks an address that failed on many usernames, and lifts every lock when it expires', () => {
    expect(judge(stats(0, 0, 21), POLICY, NOW).retryAfterSeconds).toBe(60);
    expect(judge(stats(6, 1, 21, 61), POLICY, NOW).retryAfterSeconds).toBeNull();
  });
});
