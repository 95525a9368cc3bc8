import type { HumanVerification, WhitelabelFlag } from '@lanna/contract';
import { AppError } from '../../shared/app-error.ts';
import { getVerificationSettings, type VerificationSettings } from './codes-merchant.ts';
import { findMembersByMobile, type MemberContactRow } from './codes-members.repository.ts';
import { sendCode, type CodeMessage, type CodesContext } from './codes.service.ts';
import { verifyHumanProof } from './human-proof.service.ts';
import { toE164, withoutLeadingZeros } from './sms-phone.ts';

/** Types that hold a real account: the only ones a code may sign in or reset. */
const REAL_ACCOUNT_TYPES: readonly number[] = [0, 1, 2, 41, 42];

export const smsCodeMessage =
  (merchantCode: string) =>
  (code: string, expiredMinutes: number): CodeMessage => ({
    subject: '',
    text: `${merchantCode.toUpperCase()}: your verification code is ${code}. It expires in ${expiredMinutes} minutes. Never share it.`,
  });

const requireFlag = (settings: VerificationSettings, flag: WhitelabelFlag): void => {
  if (!settings.isOn(flag)) throw new AppError('FEATURE_DISABLED');
};

/** The number as E.164 with the merchant's dialing code when none was given, or PHONE_INVALID. */
export const phoneDestination = (
  settings: VerificationSettings,
  mobileNum: string,
  countryDialingCode: string | undefined,
): string => {
  const destination = toE164(countryDialingCode ?? settings.countryDialingCode, mobileNum);
  if (!destination) throw new AppError('PHONE_INVALID');
  return destination;
};

/**
 * The active real account whose stored number is this E.164 number, or null. Numbers are kept
 * as members typed them, so every written form is looked up and compared in E.164.
 */
export const findMemberByPhone = async (
  context: CodesContext,
  merchantId: number,
  settings: VerificationSettings,
  destination: string,
  mobileNum: string,
): Promise<MemberContactRow | null> => {
  const national = withoutLeadingZeros(mobileNum);
  const forms = [...new Set([mobileNum, national, `0${national}`, destination])];
  const rows = await findMembersByMobile(context.db, merchantId, forms);
  return (
    rows.find(
      (row) =>
        row.status === 'active' &&
        REAL_ACCOUNT_TYPES.includes(row.type) &&
        row.mobile_num !== null &&
        toE164(row.country_dialing_code ?? settings.countryDialingCode, row.mobile_num) ===
          destination,
    ) ?? null
  );
};

export type SmsRequestMeta = { merchantId: number; merchantCode: string; ip: string };

/**
 * A code for a code login (MOBILEVERCODELOGIN3) or a reset by phone. Only a member's number gets
 * a message, sent after answering, so the answer and its timing are the same for any number.
 * Cheap checks first, so a bad number does not spend the human proof.
 */
export const sendLoginSmsCode = async (
  context: CodesContext,
  meta: SmsRequestMeta,
  body: {
    mobileNum: string;
    countryDialingCode?: string | undefined;
    purpose: 'login' | 'resetPassword';
    humanVerification: HumanVerification;
  },
): Promise<{ expiredMinutes: number }> => {
  const settings = await getVerificationSettings(context.db, meta.merchantId);
  if (body.purpose === 'login') requireFlag(settings, 'MOBILEVERCODELOGIN3');
  const destination = phoneDestination(settings, body.mobileNum, body.countryDialingCode);
  await verifyHumanProof(context, body.humanVerification);
  const member = await findMemberByPhone(
    context,
    meta.merchantId,
    settings,
    destination,
    body.mobileNum,
  );
  return sendCode(context, {
    merchantId: meta.merchantId,
    purpose: body.purpose,
    channel: 'sms',
    destination,
    ip: meta.ip,
    deliver: member !== null,
    background: true,
    compose: smsCodeMessage(meta.merchantCode),
  });
};

/** The code registration asks for (REGMOBVERF3; the mobile tab also needs MOBILENUMREG3). */
export const sendRegisterSmsCode = async (
  context: CodesContext,
  meta: SmsRequestMeta,
  body: {
    mobileNo: string;
    regType: 'username' | 'mobile';
    countryDialingCode?: string | undefined;
    humanVerification: HumanVerification;
  },
): Promise<{ expiredMinutes: number }> => {
  const settings = await getVerificationSettings(context.db, meta.merchantId);
  requireFlag(settings, 'REGMOBVERF3');
  if (body.regType === 'mobile') requireFlag(settings, 'MOBILENUMREG3');
  const destination = phoneDestination(settings, body.mobileNo, body.countryDialingCode);
  await verifyHumanProof(context, body.humanVerification);
  return sendCode(context, {
    merchantId: meta.merchantId,
    purpose: 'register',
    channel: 'sms',
    destination,
    ip: meta.ip,
    deliver: true,
    compose: smsCodeMessage(meta.merchantCode),
  });
};
