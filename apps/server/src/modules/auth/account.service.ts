import { createHash, randomBytes } from 'node:crypto';
import {
  roleOfType,
  TRIAL_TYPE,
  type ChangePasswordPayloadSchema,
  type LoginValue,
  type MemberInfo,
  type RegisterRules,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIsoOrNull } from '../../shared/clock.ts';
import { hashPassword, verifyPassword } from '../../shared/password.ts';
import { isWhitelabelFlagOn } from '../system/index.ts';
import { recordAuthEvent } from './auth-events.service.ts';
import type { FailureCounter } from './failure-counter.ts';
import { checkPasswordThrottled, completeLogin, type AuthContext } from './login.service.ts';
import * as members from './member.repository.ts';
import { checkNewPassword } from './new-password.ts';
import { endOtherSessions, type SessionMember } from './session.service.ts';

type ChangePasswordPayload = z.output<typeof ChangePasswordPayloadSchema>;

// Accounts that can never sign in with a password: free play has none.
const NO_PASSWORD = '!';

/**
 * The wallet module's payer of a new trial account's play money, passed in by app.ts: wallet
 * reads the auth module's members, so auth does not import wallet.
 */
export type PayTrialPlayMoney = (
  tx: Db,
  trial: { merchantId: number; memberId: number },
) => Promise<void>;

/**
 * Free play (flag FREEPLAY3; spec sections 6 and 7): a new trial account, its play money (the
 * merchant's amount, decision 017) in the same transaction, and its session. An address may ask
 * for FREEPLAY_PER_IP_PER_HOUR of them an hour (plugins/rate-limit.ts).
 */
export const startFreeplay = async (
  ctx: AuthContext,
  payTrialPlayMoney: PayTrialPlayMoney,
): Promise<LoginValue> => {
  if (!(await isWhitelabelFlagOn(ctx.db, ctx.merchantId, 'FREEPLAY3')))
    throw new AppError('FEATURE_DISABLED');
  const memberId = await ctx.db.transaction(async (tx) => {
    const id = await members.insertMember(tx, {
      merchantId: ctx.merchantId,
      username: `trial_${randomBytes(6).toString('hex')}`,
      passwordHash: NO_PASSWORD,
      type: TRIAL_TYPE,
      nickname: 'Trial',
      email: null,
      mobileNum: null,
      countryDialingCode: null,
      uplineId: null,
      referrerId: null,
      registerIp: ctx.ip,
      registerMethod: 'FREEPLAY',
      firstLoginDone: true,
      now: ctx.now,
    });
    await members.insertHierarchy(tx, ctx.merchantId, id, null);
    await payTrialPlayMoney(tx, { merchantId: ctx.merchantId, memberId: id });
    return id;
  });
  const member = await members.getMember(ctx.db, ctx.merchantId, memberId);
  return completeLogin(ctx, member, 'freeplay');
};

/**
 * Change password (spec section 5): the old password must be right, the new one must pass the
 * merchant's password rule, differ from the old and not be a common password, and the
 * confirmation must match ('inconsistent twice'). Every other session of the member ends.
 */
export const changePassword = async (
  ctx: AuthContext,
  session: SessionMember,
  payload: ChangePasswordPayload,
  rules: RegisterRules,
  failures: FailureCounter,
): Promise<{ signedOutSessions: number }> => {
  const member = await members.getMember(ctx.db, ctx.merchantId, session.memberId);
  const right = await checkPasswordThrottled(ctx, failures, member.username, () =>
    verifyPassword(payload.oldPassword, member.password_hash),
  );
  if (!right) throw new AppError('WRONG_OLD_PASSWORD');
  const { newPassword } = payload;
  if (payload.confirmNewPassword !== newPassword) throw new AppError('PASSWORD_MISMATCH');
  if (newPassword === payload.oldPassword) throw new AppError('PASSWORD_UNCHANGED');
  checkNewPassword(newPassword, member.username, rules);
  const hash = await hashPassword(newPassword);
  const signedOutSessions = await ctx.db.transaction(async (tx) => {
    await members.changePasswordHash(tx, session.memberId, hash, ctx.now);
    await recordAuthEvent(
      { ...ctx, db: tx },
      { event: 'password.changed', memberId: session.memberId, username: member.username },
    );
    return endOtherSessions(tx, session, session.sessionId, 'password', ctx.now, ctx.events);
  });
  return { signedOutSessions };
};

export const getMemberInfo = async (
  ctx: Pick<AuthContext, 'db' | 'merchantId'>,
  session: SessionMember,
): Promise<MemberInfo> => {
  const member = await members.getMember(ctx.db, ctx.merchantId, session.memberId);
  const role = roleOfType(member.type);
  return {
    id: Number(member.id),
    account: member.username,
    nickname: member.nickname,
    type: member.type,
    role,
    isAgent: role === 'agent',
    isTrial: role === 'trial',
    lastLoginAt: toIsoOrNull(session.previousLogin?.at ?? null),
    lastLoginIp: session.previousLogin?.ip ?? null,
  };
};

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The member's avatar, drawn here (no third-party images at run time): the first letter of the
 * nickname or username on a colour derived from the account, as an SVG data URL.
 */
export const memberIconOf = (session: Pick<SessionMember, 'username' | 'nickname'>): string => {
  const name = session.nickname || session.username;
  const first = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name);
  const initial = escapeXml([...first][0]?.segment.toUpperCase() ?? '?');
  const hue = (createHash('sha256').update(session.username).digest().readUInt8(0) * 360) / 256;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="hsl(${hue.toFixed(0)} 55% 42%)"/>` +
    `<text x="48" y="62" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#fff">${initial}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

export const completeFirstLogin = async (
  ctx: Pick<AuthContext, 'db'>,
  session: SessionMember,
): Promise<{ firstTimeLogin: false }> => {
  await members.markFirstLoginDone(ctx.db, session.memberId);
  return { firstTimeLogin: false };
};
