import {
  type LoginValue,
  type RegisterRules,
  type ResetPasswordByCodePayloadSchema,
} from '@lanna/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword } from '../../shared/password.ts';
import { getVerificationSettings } from './codes-merchant.ts';
import { findMemberByUsername, type MemberContactRow } from './codes-members.repository.ts';
import { recordAuthEvent } from './auth-events.service.ts';
import { completeLogin, type AuthContext } from './login.service.ts';
import { checkNewPassword } from './new-password.ts';
import { changePasswordHash, getMember } from './member.repository.ts';
import { endOtherSessions } from './session.service.ts';
import { findMemberByPhone, phoneDestination } from './sms-codes.service.ts';
import { consumeCode, sendCode, type CodeMessage, type CodesContext } from './codes.service.ts';
import { verifyHumanProof } from './human-proof.service.ts';

const REAL_ACCOUNT_TYPES: readonly number[] = [0, 1, 2, 41, 42];

const resetEmail =
  (merchantCode: string, username: string) =>
  (code: string, expiredMinutes: number): CodeMessage => ({
    subject: `${merchantCode.toUpperCase()} password reset code`,
    text: [
      `Someone asked to reset the password of ${username}.`,
      '',
      `Your reset code is ${code}. It expires in ${expiredMinutes} minutes.`,
      'Enter it on the forgot-password page with your new password.',
      '',
      'If it was not you, ignore this message: your password has not changed.',
    ].join('\n'),
  });

/** The member a reset is for: an active real account with this username. */
export const findResettableMember = async (
  context: CodesContext,
  merchantId: number,
  username: string,
): Promise<MemberContactRow | null> => {
  const member = await findMemberByUsername(context.db, merchantId, username.trim());
  return member && member.status === 'active' && REAL_ACCOUNT_TYPES.includes(member.type)
    ? member
    : null;
};

/**
 * Forgot by e-mail (spec section 4): a reset code to the member's address when username and
 * address belong together. The answer, its throttle and its timing are the same when they do
 * not (the message goes out after answering), so nobody learns whether an account exists; the
 * spec's 'username or email does not exist' is deliberately never sent. Throttling is by the
 * address typed, so a flood to one victim is bounded either way.
 */
export const requestPasswordResetByEmail = async (
  context: CodesContext,
  meta: { merchantId: number; merchantCode: string; ip: string },
  body: { username: string; email: string; humanProof: string },
): Promise<{ expiredMinutes: number }> => {
  await verifyHumanProof(context, { proof: body.humanProof });
  const destination = body.email.trim().toLowerCase();
  const member = await findResettableMember(context, meta.merchantId, body.username);
  const matches = member?.email?.trim().toLowerCase() === destination;
  return sendCode(context, {
    merchantId: meta.merchantId,
    purpose: 'resetPassword',
    channel: 'email',
    destination,
    ip: meta.ip,
    deliver: matches,
    background: true,
    compose: resetEmail(meta.merchantCode, member?.username ?? body.username),
  });
};

type ResetPayload = z.output<typeof ResetPasswordByCodePayloadSchema>;

/** Who the reset is for and where its code went; a nobody gets a destination with no code. */
const resetTarget = async (
  context: CodesContext,
  merchantId: number,
  payload: ResetPayload,
): Promise<{ member: MemberContactRow | null; destination: string }> => {
  if (payload.mobileNum !== undefined) {
    const settings = await getVerificationSettings(context.db, merchantId);
    const destination = phoneDestination(settings, payload.mobileNum, payload.countryDialingCode);
    const member = await findMemberByPhone(
      context,
      merchantId,
      settings,
      destination,
      payload.mobileNum,
    );
    return { member, destination };
  }
  const member = await findResettableMember(context, merchantId, payload.username ?? '');
  return { member, destination: member?.email?.trim().toLowerCase() ?? '' };
};

/**
 * Reset by code (spec sections 3 and 4, Forgot password: phone): the new password is checked
 * first, so a weak one does not spend the code; then the code is spent, the password replaced,
 * every session of the member ended, and the member signed in as after a code login (no forced
 * change). An unknown number or username has no code: CODE_INVALID, as for a wrong code.
 */
export const resetPasswordByCode = async (
  context: CodesContext,
  auth: AuthContext,
  payload: ResetPayload,
  rules: RegisterRules,
): Promise<LoginValue> => {
  const { member, destination } = await resetTarget(context, auth.merchantId, payload);
  checkNewPassword(payload.newPassword, member?.username ?? payload.username ?? '', rules);
  if (!member || destination === '') throw new AppError('CODE_INVALID');
  await consumeCode(context, {
    merchantId: auth.merchantId,
    purpose: 'resetPassword',
    destination,
    code: payload.verificationCode,
  });
  const memberId = Number(member.id);
  const hash = await hashPassword(payload.newPassword);
  await auth.db.transaction(async (tx) => {
    await changePasswordHash(tx, memberId, hash, auth.now);
    await endOtherSessions(
      tx,
      { merchantId: auth.merchantId, memberId },
      null,
      'password',
      auth.now,
      auth.events,
    );
    await recordAuthEvent(
      { ...auth, db: tx },
      {
        event: 'password.reset',
        memberId,
        username: member.username,
        method: payload.mobileNum === undefined ? 'email' : 'sms',
      },
    );
  });
  return completeLogin(auth, await getMember(auth.db, auth.merchantId, memberId), 'code');
};
