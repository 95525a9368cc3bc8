import { LOGIN_TYPES, type LoginPayloadSchema, type LoginValue } from '@lanna/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { getVerificationSettings } from './codes-merchant.ts';
import { rememberIp } from './codes-second-verification.repository.ts';
import { consumeCode, type CodesContext } from './codes.service.ts';
import { verifyHumanProof } from './human-proof.service.ts';
import { completeLogin, type AuthContext } from './login.service.ts';
import { getMember } from './member.repository.ts';
import { findMemberByPhone } from './sms-codes.service.ts';
import { toE164 } from './sms-phone.ts';

type LoginPayload = z.output<typeof LoginPayloadSchema>;

/**
 * Code login (login type 'sms', flag MOBILEVERCODELOGIN3; spec section 4): `username` is the
 * mobile number and `password` the code from POST /wps/verification/sms/noLogin. The code is
 * the proof of the phone, so the address becomes known and no second verification follows;
 * a code login never forces a password change. An unknown number has no code: CODE_INVALID,
 * as for a wrong one. Password login (login.service.ts) hands type 'sms' here.
 */
export const loginWithSmsCode = async (
  context: CodesContext,
  auth: AuthContext,
  payload: Pick<LoginPayload, 'username' | 'password' | 'humanVerification'>,
): Promise<LoginValue> => {
  const settings = await getVerificationSettings(context.db, auth.merchantId);
  if (!settings.isOn('MOBILEVERCODELOGIN3')) throw new AppError('FEATURE_DISABLED');
  await verifyHumanProof(context, payload.humanVerification);
  const mobileNum = payload.username.trim();
  const code = payload.password.trim();
  const destination = /^[0-9]{4,20}$/.test(mobileNum)
    ? toE164(settings.countryDialingCode, mobileNum)
    : null;
  if (!destination || !/^[0-9]{6}$/.test(code)) throw new AppError('CODE_INVALID');
  const contact = await findMemberByPhone(
    context,
    auth.merchantId,
    settings,
    destination,
    mobileNum,
  );
  if (!contact) throw new AppError('CODE_INVALID');
  await consumeCode(context, { merchantId: auth.merchantId, purpose: 'login', destination, code });
  const member = await getMember(auth.db, auth.merchantId, Number(contact.id));
  if (!(LOGIN_TYPES as readonly number[]).includes(member.type))
    throw new AppError('NON_MEMBER_ACCOUNT');
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  await rememberIp(auth.db, {
    merchantId: auth.merchantId,
    memberId: Number(member.id),
    ip: auth.ip,
    at: auth.now,
  });
  return completeLogin(auth, member, 'code');
};
