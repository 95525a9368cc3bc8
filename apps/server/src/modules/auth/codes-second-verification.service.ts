import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecondVerificationChallenge as SecondVerificationChallengeValue } from '@lanna/contract';
import { AppError } from '../../shared/app-error.ts';
import { toIso } from '../../shared/clock.ts';
import { getVerificationSettings } from './codes-merchant.ts';
import { getMemberContact, type MemberContactRow } from './codes-members.repository.ts';
import * as repository from './codes-second-verification.repository.ts';
import type { SecondVerificationMethod } from './codes-second-verification.repository.ts';
import { consumeCode, sendCode, type CodesContext } from './codes.service.ts';
import { smsCodeMessage } from './sms-codes.service.ts';
import { maskEmail, maskPhone, toE164 } from './sms-phone.ts';
import { isTotpEnabled, verifyTotpCode } from './totp.service.ts';

export type { SecondVerificationMethod } from './codes-second-verification.repository.ts';

/** A held-back login lives 10 minutes and allows 5 wrong answers in all. */
export const PENDING_TTL_MS = 10 * 60_000;
export const PENDING_MAX_FAILURES = 5;
const ID_BYTES = 32;

/** What the client needs to finish a held-back login: the id, the methods, and where codes go. */
export type SecondVerificationChallenge = {
  verificationId: string;
  methods: SecondVerificationMethod[];
  maskedMobile: string | null;
  maskedEmail: string | null;
  expiresAt: Date;
};

const hashId = (id: string): string => createHash('sha256').update(id).digest('hex');

type Contacts = { phone: string | null; email: string | null; payeeName: string | null };

const contactsOf = (member: MemberContactRow, countryDialingCode: string): Contacts => ({
  phone: member.mobile_num
    ? toE164(member.country_dialing_code ?? countryDialingCode, member.mobile_num)
    : null,
  email: member.email?.trim().toLowerCase() || null,
  payeeName: member.payee_name?.trim() || null,
});

const methodsOf = async (
  context: CodesContext,
  memberId: number,
  contacts: Contacts,
): Promise<SecondVerificationMethod[]> => [
  ...((await isTotpEnabled(context, memberId)) ? ['totp' as const] : []),
  ...(contacts.phone ? ['sms' as const] : []),
  ...(contacts.email ? ['email' as const] : []),
  ...(contacts.payeeName ? ['payeeName' as const] : []),
];

/**
 * The new-IP step-up (spec section 4; checklist 13), called by a password login once the
 * password is right and before a session opens. `ip` must be the request's trusted client
 * address (`request.clientIp`), never a header, so a forged X-Forwarded-For changes nothing.
 * Null when the address is known (it is recorded as seen again) or when the member has no
 * address on record yet or no way to verify (trust on first use: the address is recorded).
 * Otherwise the login is held back and the challenge says how to finish it
 * (POST /wps/session/verify).
 */
export const requireSecondVerification = async (
  context: CodesContext,
  member: { memberId: number; merchantId: number },
  ip: string,
  login: { forcePasswordChange?: boolean } = {},
): Promise<SecondVerificationChallenge | null> => {
  const now = context.clock();
  const remember = () =>
    repository.rememberIp(context.db, {
      merchantId: member.merchantId,
      memberId: member.memberId,
      ip,
      at: now,
    });
  if (await repository.isKnownIp(context.db, member.memberId, ip)) {
    await remember();
    return null;
  }
  const settings = await getVerificationSettings(context.db, member.merchantId);
  const contacts = contactsOf(
    await getMemberContact(context.db, member.memberId),
    settings.countryDialingCode,
  );
  const methods = await methodsOf(context, member.memberId, contacts);
  if (methods.length === 0 || !(await repository.hasAnyKnownIp(context.db, member.memberId))) {
    await remember();
    return null;
  }
  const verificationId = randomBytes(ID_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + PENDING_TTL_MS);
  await repository.insertPending(context.db, {
    idHash: hashId(verificationId),
    merchantId: member.merchantId,
    memberId: member.memberId,
    ip,
    methods,
    forcePasswordChange: login.forcePasswordChange ?? false,
    createdAt: now,
    expiresAt,
  });
  return {
    verificationId,
    methods,
    maskedMobile: contacts.phone ? maskPhone(contacts.phone) : null,
    maskedEmail: contacts.email ? maskEmail(contacts.email) : null,
    expiresAt,
  };
};

/** The challenge as the contract's `SecondVerificationChallengeSchema` carries it to the client. */
export const toSecondVerificationValue = (
  challenge: SecondVerificationChallenge,
): SecondVerificationChallengeValue => ({ ...challenge, expiresAt: toIso(challenge.expiresAt) });

type Pending = repository.PendingRow & { idHash: string; contacts: Contacts };

/** The live held-back login behind an id, for this merchant and client; or SECOND_VERIFICATION_EXPIRED. */
const getPending = async (
  context: CodesContext,
  merchantId: number,
  ip: string,
  verificationId: string,
): Promise<Pending> => {
  const idHash = hashId(verificationId);
  const row = await repository.findPending(context.db, idHash);
  const live =
    row &&
    row.merchant_id === merchantId &&
    row.ip === ip &&
    row.completed_at === null &&
    row.attempts < PENDING_MAX_FAILURES &&
    row.expires_at.getTime() > context.clock().getTime();
  if (!live) throw new AppError('SECOND_VERIFICATION_EXPIRED');
  const settings = await getVerificationSettings(context.db, merchantId);
  const contact = await getMemberContact(context.db, Number(row.member_id));
  return { ...row, idHash, contacts: contactsOf(contact, settings.countryDialingCode) };
};

const requireMethod = (pending: Pending, method: SecondVerificationMethod): void => {
  if (!pending.methods.includes(method)) throw new AppError('VERIFICATION_METHOD_UNAVAILABLE');
};

/** Sends the SMS or e-mail code of a held-back login (throttled like every code). */
export const sendSecondVerificationCode = async (
  context: CodesContext,
  meta: { merchantId: number; merchantCode: string; ip: string },
  body: { verificationId: string; method: 'sms' | 'email' },
): Promise<{ expiredMinutes: number }> => {
  const pending = await getPending(context, meta.merchantId, meta.ip, body.verificationId);
  requireMethod(pending, body.method);
  const destination = body.method === 'sms' ? pending.contacts.phone : pending.contacts.email;
  if (!destination) throw new AppError('VERIFICATION_METHOD_UNAVAILABLE');
  const sms = smsCodeMessage(meta.merchantCode);
  return sendCode(context, {
    merchantId: meta.merchantId,
    purpose: 'secondFactor',
    channel: body.method,
    destination,
    ip: meta.ip,
    deliver: true,
    compose: (code, minutes) => ({
      text: sms(code, minutes).text,
      subject: `${meta.merchantCode.toUpperCase()} sign-in verification code`,
    }),
  });
};

const normalizeName = (name: string): Buffer =>
  createHash('sha256')
    .update(name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase())
    .digest();

const checkAnswer = async (
  context: CodesContext,
  pending: Pending,
  method: SecondVerificationMethod,
  code: string,
): Promise<void> => {
  const memberId = Number(pending.member_id);
  const destination = method === 'sms' ? pending.contacts.phone : pending.contacts.email;
  switch (method) {
    case 'totp':
      return verifyTotpCode(context, memberId, code);
    case 'payeeName':
      // Compared as digests: constant time whatever the lengths.
      if (
        !pending.contacts.payeeName ||
        !timingSafeEqual(normalizeName(code), normalizeName(pending.contacts.payeeName))
      ) {
        throw new AppError('CODE_INVALID');
      }
      return;
    case 'sms':
    case 'email':
      if (!destination) throw new AppError('VERIFICATION_METHOD_UNAVAILABLE');
      return consumeCode(context, {
        merchantId: pending.merchant_id,
        purpose: 'secondFactor',
        destination,
        code,
      });
  }
};

/**
 * Checks the answer of a held-back login and finishes it once: the address becomes known and
 * the caller opens the session. A wrong answer counts against the login (5 in all) and is
 * recorded before the error, whatever the caller does next.
 */
export const completeSecondVerification = async (
  context: CodesContext,
  meta: { merchantId: number; ip: string },
  body: { verificationId: string; method: SecondVerificationMethod; code: string },
): Promise<{ memberId: number; forcePasswordChange: boolean }> => {
  const pending = await getPending(context, meta.merchantId, meta.ip, body.verificationId);
  requireMethod(pending, body.method);
  try {
    await checkAnswer(context, pending, body.method, body.code);
  } catch (error) {
    await repository.recordPendingFailure(context.db, pending.idHash);
    throw error;
  }
  const now = context.clock();
  const memberId = Number(pending.member_id);
  const finished = await context.db.transaction(async (tx) => {
    if (!(await repository.completePending(tx, pending.idHash, now))) return false;
    await repository.rememberIp(tx, {
      merchantId: meta.merchantId,
      memberId,
      ip: meta.ip,
      at: now,
    });
    return true;
  });
  if (!finished) throw new AppError('SECOND_VERIFICATION_EXPIRED');
  return { memberId, forcePasswordChange: pending.force_password_change };
};
