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
import * as attempts from './login-attempt.repository.ts';
import * as members from './member.repository.ts';
import type { MemberRow } from './member.repository.ts';
import type { LoginMethod } from './session.repository.ts';
import { policyOf as sessionPolicyOf, startSession } from './session.service.ts';
import { judge, policyOf as throttlePolicyOf, type FailureStats } from './throttle.ts';

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

const loadStats = async (ctx: AuthContext, usernameKey: string): Promise<FailureStats> => {
  const since = new Date(ctx.now.getTime() - ctx.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
  const [account, ip] = await Promise.all([
    attempts.countAccountFailures(ctx.db, ctx.merchantId, usernameKey, ctx.ip, since),
    attempts.countIpFailures(ctx.db, ctx.merchantId, ctx.ip, since),
  ]);
  return {
    account: {
      failures: account.failures,
      lastFailureAt: account.last_failure_at,
      failuresFromIp: account.failures_from_ip,
    },
    ip: { failures: ip.failures, lastFailureAt: ip.last_failure_at },
  };
};

/** Records a failure and refuses with the code, saying whether the next try needs a captcha. */
const fail = async (
  ctx: AuthContext,
  usernameKey: string,
  stats: FailureStats,
  code: 'WRONG_CREDENTIALS' | 'CAPTCHA_INVALID',
): Promise<never> => {
  await attempts.insertAttempt(ctx.db, {
    merchantId: ctx.merchantId,
    usernameKey,
    ip: ctx.ip,
    at: ctx.now,
    succeeded: false,
  });
  const after: FailureStats = {
    account: { ...stats.account, failures: stats.account.failures + 1, lastFailureAt: ctx.now },
    ip: { failures: stats.ip.failures + 1, lastFailureAt: ctx.now },
  };
  const policy = throttlePolicyOf(ctx.config);
  throw new AppError(code, {
    details: { captchaRequired: judge(after, policy, ctx.now).captchaRequired },
  });
};

/**
 * For a password check outside login (change password): the same throttle, and a wrong
 * password counts as a failure on the username, so guessing there is no cheaper than at login.
 */
export const passwordCheckGuard = (ctx: AuthContext, username: string) => {
  const usernameKey = username.trim().toLowerCase();
  return {
    admit: async (): Promise<void> => {
      const verdict = judge(
        await loadStats(ctx, usernameKey),
        throttlePolicyOf(ctx.config),
        ctx.now,
      );
      if (verdict.retryAfterSeconds !== null) {
        throw new AppError('LOGIN_THROTTLED', {
          details: { retryAfterSeconds: verdict.retryAfterSeconds },
        });
      }
    },
    recordFailure: () =>
      attempts.insertAttempt(ctx.db, {
        merchantId: ctx.merchantId,
        usernameKey,
        ip: ctx.ip,
        at: ctx.now,
        succeeded: false,
      }),
  };
};

/** The throttle first, then the captcha when one is due; both before any password check. */
const admit = async (ctx: AuthContext, usernameKey: string, payload: LoginPayload) => {
  const stats = await loadStats(ctx, usernameKey);
  const verdict = judge(stats, throttlePolicyOf(ctx.config), ctx.now);
  if (verdict.retryAfterSeconds !== null) {
    throw new AppError('LOGIN_THROTTLED', {
      details: {
        retryAfterSeconds: verdict.retryAfterSeconds,
        captchaRequired: verdict.captchaRequired,
      },
    });
  }
  if (verdict.captchaRequired) {
    if (!payload.captcha || !payload.captchaId) {
      throw new AppError('CAPTCHA_REQUIRED', { details: { captchaRequired: true } });
    }
    const solved = await checkCaptcha(ctx.db, {
      merchantId: ctx.merchantId,
      captchaId: payload.captchaId,
      answer: payload.captcha,
      now: ctx.now,
    });
    if (!solved) await fail(ctx, usernameKey, stats, 'CAPTCHA_INVALID');
  }
  return stats;
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
  options: { agentArea: boolean },
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
  options: { agentArea: boolean },
): Promise<LoginValue> => {
  // Code login (type 'sms') is sms-login.service.ts, which the member login route calls; the
  // agent area signs in by password only.
  if (payload.type !== 'username') throw new AppError('FEATURE_DISABLED');
  // The proof of work comes first: every guess costs the guesser, whatever it guesses.
  await verifyHumanProof(codes, payload.humanVerification);
  const usernameKey = payload.username.trim().toLowerCase();
  const stats = await admit(ctx, usernameKey, payload);
  const member = await members.findMemberByUsername(ctx.db, ctx.merchantId, payload.username);
  const valid = member
    ? await verifyPassword(payload.password, member.password_hash)
    : await verifyDummyPassword(payload.password).then(() => false);
  if (!member || !valid) return fail(ctx, usernameKey, stats, 'WRONG_CREDENTIALS');
  await attempts.insertAttempt(ctx.db, {
    merchantId: ctx.merchantId,
    usernameKey,
    ip: ctx.ip,
    at: ctx.now,
    succeeded: true,
  });
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
