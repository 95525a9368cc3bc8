import {
  AGENT_TYPES,
  LOGIN_TYPES,
  roleOfType,
  type LoginPayloadSchema,
  type LoginValue,
} from '@lanna/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { toIso } from '../../shared/clock.ts';
import {
  hashPassword,
  needsRehash,
  verifyDummyPassword,
  verifyPassword,
} from '../../shared/password.ts';
import { FORCED_CHANGE_PASSWORD } from '../../shared/password-policy.ts';
import { isWhitelabelFlagOn } from '../system/index.ts';
import type { AuthContext } from './auth-context.ts';
import { auditRefusal, recordAuthEvent } from './auth-events.service.ts';
import { checkCaptcha } from './captcha.service.ts';
import {
  requireSecondVerification,
  toSecondVerificationValue,
} from './codes-second-verification.service.ts';
import type { CodesContext } from './codes.service.ts';
import { verifyHumanProof } from './human-proof.service.ts';
import type { AttemptKey, FailureCounter, Tallies } from './failure-counter.ts';
import * as members from './member.repository.ts';
import type { MemberRow } from './member.repository.ts';
import type { LoginMethod } from './session.repository.ts';
import { policyOf as sessionPolicyOf, startSession } from './session.service.ts';
import {
  captchaRequiredBy,
  judge,
  policyOf as throttlePolicyOf,
  type FailureStats,
  type ThrottleVerdict,
} from './throttle.ts';

type LoginPayload = z.output<typeof LoginPayloadSchema>;

export type { AuthContext } from './auth-context.ts';

const DAY_MS = 86_400_000;

const passwordExpired = async (ctx: AuthContext, member: MemberRow): Promise<boolean> => {
  const age = ctx.now.getTime() - member.password_changed_at.getTime();
  if (age < ctx.config.PASSWORD_MAX_AGE_DAYS * DAY_MS) return false;
  return isWhitelabelFlagOn(ctx.db, ctx.merchantId, 'PWDEXPFORCECHANGE3');
};

/**
 * The end of every successful sign-in (password, registration, free play, and the code and
 * social logins of other modules): records the login, opens a new session and says what the
 * site must do next (spec section 4, Login flow). `forcedPassword` says a password login used
 * the password that forces a change (123456); a code or social login never forces one.
 */
export const completeLogin = async (
  ctx: AuthContext,
  member: MemberRow,
  method: LoginMethod,
  options: { forcedPassword?: boolean } = {},
): Promise<LoginValue> => {
  const memberId = Number(member.id);
  const expired = await passwordExpired(ctx, member);
  const firstTimeLogin = !member.first_login_done;
  const previousLogin =
    member.last_login_at && member.last_login_ip
      ? { at: member.last_login_at, ip: member.last_login_ip }
      : null;
  const session = await ctx.db.transaction(async (tx) => {
    await members.recordLogin(tx, memberId, ctx.now, ctx.ip);
    await recordAuthEvent(
      { ...ctx, db: tx },
      { event: 'login.succeeded', memberId, username: member.username, method },
    );
    return startSession(tx, sessionPolicyOf(ctx.config), {
      merchantId: ctx.merchantId,
      memberId,
      method,
      now: ctx.now,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      previousLogin,
    });
  });
  const byPassword = method === 'password';
  return {
    token: session.token,
    expiresAt: toIso(session.expiresAt),
    role: roleOfType(member.type),
    firstTimeLogin,
    passwordExpired: expired,
    mustChangePassword:
      byPassword && (options.forcedPassword === true || firstTimeLogin || expired),
    previousLogin: previousLogin ? { at: toIso(previousLogin.at), ip: previousLogin.ip } : null,
  };
};

/** The counts before this attempt, which the throttle's rules are written for. */
const statsBefore = (tallies: Tallies): FailureStats => ({
  account: {
    failures: tallies.account.failures - 1,
    lastFailureAt: tallies.account.previousAt,
    failuresFromIp: tallies.accountFromIp.failures - 1,
  },
  ip: { failures: tallies.ip.failures - 1, lastFailureAt: tallies.ip.previousAt },
});

/** The counts once this attempt failed: what the next attempt will face. */
const statsAfter = (tallies: Tallies, now: Date): FailureStats => ({
  account: {
    failures: tallies.account.failures,
    lastFailureAt: now,
    failuresFromIp: tallies.accountFromIp.failures,
  },
  ip: { failures: tallies.ip.failures, lastFailureAt: now },
});

type Attempt = { key: AttemptKey; tallies: Tallies; verdict: ThrottleVerdict };

/**
 * Counts the attempt before anything is checked (decision 014), then judges it on the counts
 * before it, so parallel guesses are judged one after the other. A locked attempt is refused
 * and taken back: being refused is no guess, and an owner's refused try must not make the
 * owner's address one that failed on the account.
 */
const beginAttempt = async (
  ctx: AuthContext,
  failures: FailureCounter,
  usernameKey: string,
): Promise<Attempt> => {
  const key: AttemptKey = { merchantId: ctx.merchantId, usernameKey, ip: ctx.ip };
  const windowMs = ctx.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  const tallies = await failures.count(key, ctx.now, windowMs);
  const verdict = judge(statsBefore(tallies), throttlePolicyOf(ctx.config), ctx.now);
  if (verdict.retryAfterSeconds !== null) {
    await failures.uncount(key);
    throw new AppError('LOGIN_THROTTLED', {
      details: {
        retryAfterSeconds: verdict.retryAfterSeconds,
        captchaRequired: verdict.captchaRequired,
      },
    });
  }
  return { key, tallies, verdict };
};

/** A counted failure: refused with the code, saying whether the next try needs a captcha. */
const refuse = (
  ctx: AuthContext,
  attempt: Attempt,
  code: 'WRONG_CREDENTIALS' | 'CAPTCHA_INVALID',
): never => {
  const after = statsAfter(attempt.tallies, ctx.now);
  throw new AppError(code, {
    details: { captchaRequired: captchaRequiredBy(after, throttlePolicyOf(ctx.config)) },
  });
};

/**
 * A password check outside login (change password): the same counts and locks, and a wrong
 * password counts as a failure on the username, so guessing there is no cheaper than at login.
 * A right one takes its attempt back. Answers whether the password was right.
 */
export const checkPasswordThrottled = async (
  ctx: AuthContext,
  failures: FailureCounter,
  username: string,
  check: () => Promise<boolean>,
): Promise<boolean> => {
  const attempt = await beginAttempt(ctx, failures, username.trim().toLowerCase());
  const right = await check();
  if (right) await failures.uncount(attempt.key);
  return right;
};

/** The throttle first, then the captcha when one is due; both before any password check. */
const admit = async (
  ctx: AuthContext,
  failures: FailureCounter,
  usernameKey: string,
  payload: LoginPayload,
): Promise<Attempt> => {
  const attempt = await beginAttempt(ctx, failures, usernameKey);
  if (!attempt.verdict.captchaRequired) return attempt;
  if (!payload.captcha || !payload.captchaId) {
    await failures.uncount(attempt.key);
    throw new AppError('CAPTCHA_REQUIRED', { details: { captchaRequired: true } });
  }
  const solved = await checkCaptcha(ctx.db, {
    merchantId: ctx.merchantId,
    captchaId: payload.captchaId,
    answer: payload.captcha,
    now: ctx.now,
  });
  return solved ? attempt : refuse(ctx, attempt, 'CAPTCHA_INVALID');
};

/**
 * Password login (spec section 4, Login flow), merchant-scoped. An unknown username and a
 * wrong password get the same WRONG_CREDENTIALS after the same work (a dummy hash), so the
 * answer reveals no account. Only the right password learns that an account may not log in
 * (NON_MEMBER_ACCOUNT, ACCOUNT_DISABLED, NON_AGENT_ACCOUNT for the agent area). From an
 * address not seen before for the member the login is held back: SECOND_VERIFICATION_REQUIRED
 * with the challenge, finished by POST /wps/session/verify. `ctx.ip` is the trusted client
 * address (plugins/client-ip.ts), so a forged X-Forwarded-For does not dodge that step.
 */
export const loginWithPassword = (
  codes: CodesContext,
  ctx: AuthContext,
  payload: LoginPayload,
  options: { agentArea: boolean; failures: FailureCounter },
): Promise<LoginValue> =>
  auditRefusal(
    ctx,
    { failedEvent: 'login.failed', username: payload.username, method: 'password' },
    () => checkPasswordLogin(codes, ctx, payload, options),
  );

const checkPasswordLogin = async (
  codes: CodesContext,
  ctx: AuthContext,
  payload: LoginPayload,
  options: { agentArea: boolean; failures: FailureCounter },
): Promise<LoginValue> => {
  // Code login (type 'sms') is sms-login.service.ts, which the member login route calls; the
  // agent area signs in by password only.
  if (payload.type !== 'username') throw new AppError('FEATURE_DISABLED');
  // The proof of work comes first: every guess costs the guesser, whatever it guesses.
  await verifyHumanProof(codes, payload.humanVerification);
  const usernameKey = payload.username.trim().toLowerCase();
  const attempt = await admit(ctx, options.failures, usernameKey, payload);
  const member = await members.findMemberByUsername(ctx.db, ctx.merchantId, payload.username);
  const valid = member
    ? await verifyPassword(payload.password, member.password_hash)
    : await verifyDummyPassword(payload.password).then(() => false);
  if (!member || !valid) return refuse(ctx, attempt, 'WRONG_CREDENTIALS');
  await options.failures.clearAccount(attempt.key, ctx.now);
  if (!(LOGIN_TYPES as readonly number[]).includes(member.type))
    throw new AppError('NON_MEMBER_ACCOUNT');
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (options.agentArea && !(AGENT_TYPES as readonly number[]).includes(member.type)) {
    throw new AppError('NON_AGENT_ACCOUNT');
  }
  if (needsRehash(member.password_hash)) {
    await members.replacePasswordHash(
      ctx.db,
      Number(member.id),
      await hashPassword(payload.password),
    );
  }
  const forcedPassword = payload.password === FORCED_CHANGE_PASSWORD;
  const pending = await requireSecondVerification(
    codes,
    { memberId: Number(member.id), merchantId: ctx.merchantId },
    ctx.ip,
    { forcePasswordChange: forcedPassword },
  );
  if (pending) {
    throw new AppError('SECOND_VERIFICATION_REQUIRED', {
      details: { secondVerification: toSecondVerificationValue(pending) },
    });
  }
  return completeLogin(ctx, member, 'password', { forcedPassword });
};
