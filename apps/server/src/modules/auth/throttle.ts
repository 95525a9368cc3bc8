/**
 * Login throttling (checklist 10; issue 3 item 12), as pure rules over failure counts:
 *
 * - After LOGIN_CAPTCHA_AFTER failures on a username, or from an address, every login there
 *   must carry a valid captcha.
 * - After LOGIN_LOCK_AFTER failures on a username, the addresses those failures came from are
 *   refused for a delay that doubles with each further failure (LOGIN_LOCK_BASE_SECONDS up to
 *   LOGIN_LOCK_MAX_MINUTES). An address that has not failed on the username is not locked: it
 *   needs the captcha, so the real owner can still sign in while an attacker who guesses from
 *   many addresses solves a captcha for each guess and gets one guess per address.
 * - After LOGIN_IP_LOCK_AFTER failures from one address on any usernames, that address is
 *   refused the same way (credential stuffing from one place).
 *
 * Failures count until LOGIN_FAILURE_WINDOW_MINUTES pass without an attempt on the key; a success
 * clears the username's count. The counts come from failure-counter.ts, which counts an attempt
 * before its password is checked (decision 014).
 */
export type ThrottlePolicy = {
  captchaAfter: number;
  lockAfter: number;
  ipLockAfter: number;
  baseSeconds: number;
  maxSeconds: number;
  windowMinutes: number;
};

export type FailureStats = {
  account: { failures: number; lastFailureAt: Date | null; failuresFromIp: number };
  ip: { failures: number; lastFailureAt: Date | null };
};

export type ThrottleVerdict = { retryAfterSeconds: number | null; captchaRequired: boolean };

export const policyOf = (config: {
  LOGIN_CAPTCHA_AFTER: number;
  LOGIN_LOCK_AFTER: number;
  LOGIN_IP_LOCK_AFTER: number;
  LOGIN_LOCK_BASE_SECONDS: number;
  LOGIN_LOCK_MAX_MINUTES: number;
  LOGIN_FAILURE_WINDOW_MINUTES: number;
}): ThrottlePolicy => ({
  captchaAfter: config.LOGIN_CAPTCHA_AFTER,
  lockAfter: config.LOGIN_LOCK_AFTER,
  ipLockAfter: config.LOGIN_IP_LOCK_AFTER,
  baseSeconds: config.LOGIN_LOCK_BASE_SECONDS,
  maxSeconds: config.LOGIN_LOCK_MAX_MINUTES * 60,
  windowMinutes: config.LOGIN_FAILURE_WINDOW_MINUTES,
});

/** Seconds of lock after `failures`: none below `threshold`, then base, 2x base, 4x base... */
export const lockSeconds = (
  failures: number,
  threshold: number,
  policy: ThrottlePolicy,
): number => {
  if (failures < threshold) return 0;
  const exponent = Math.min(failures - threshold, 30);
  return Math.min(policy.baseSeconds * 2 ** exponent, policy.maxSeconds);
};

const remainingSeconds = (lastFailureAt: Date | null, seconds: number, now: Date): number => {
  if (!lastFailureAt || seconds === 0) return 0;
  const remainingMs = lastFailureAt.getTime() + seconds * 1000 - now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
};

export const captchaRequiredBy = (stats: FailureStats, policy: ThrottlePolicy): boolean => {
  const accountThreshold = Math.min(policy.captchaAfter, policy.lockAfter);
  return stats.account.failures >= accountThreshold || stats.ip.failures >= policy.captchaAfter;
};

export const judge = (stats: FailureStats, policy: ThrottlePolicy, now: Date): ThrottleVerdict => {
  const ipWait = remainingSeconds(
    stats.ip.lastFailureAt,
    lockSeconds(stats.ip.failures, policy.ipLockAfter, policy),
    now,
  );
  const accountWait =
    stats.account.failuresFromIp > 0
      ? remainingSeconds(
          stats.account.lastFailureAt,
          lockSeconds(stats.account.failures, policy.lockAfter, policy),
          now,
        )
      : 0;
  const wait = Math.max(ipWait, accountWait);
  return {
    retryAfterSeconds: wait > 0 ? wait : null,
    captchaRequired: captchaRequiredBy(stats, policy),
  };
};
